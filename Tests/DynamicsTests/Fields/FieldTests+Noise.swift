@testable import Dynamics
import Testing

extension FieldTests {
    /// The seeded vector noise of the noise and turbulence fields.
    @Suite struct Noise {
        /// Random offsets in metres within ±`extent`, from a fixed seed.
        static func offsets(_ count: Int, extent: Double = 10, seed: UInt64 = 99) -> [Vector] {
            var generator = SeededGenerator(seed: seed)
            return (0..<count).map { _ in
                Vector(dx: Double.random(in: -extent...extent, using: &generator),
                       dy: Double.random(in: -extent...extent, using: &generator))
            }
        }

        @Test func sameSeedSameValuesBitForBit() {
            let a = FieldNoise(seed: 7, smoothness: 0.2, animationSpeed: 3)
            let b = FieldNoise(seed: 7, smoothness: 0.2, animationSpeed: 3)
            for (index, offset) in Self.offsets(300).enumerated() {
                let time = Double(index) * 0.013
                let u = a.value(at: offset, time: time), v = b.value(at: offset, time: time)
                #expect(u.dx.bitPattern == v.dx.bitPattern && u.dy.bitPattern == v.dy.bitPattern)
            }
        }

        @Test func differentSeedsDifferentValues() {
            let a = FieldNoise(seed: 1, smoothness: 0.2, animationSpeed: 0)
            let b = FieldNoise(seed: 2, smoothness: 0.2, animationSpeed: 0)
            let offsets = Self.offsets(200)
            let different = offsets.filter { (a.value(at: $0, time: 0) - b.value(at: $0, time: 0)).length > 1e-3 }
            // Two independent patterns coincide within 1e-3 only by accident: allow a few.
            #expect(different.count >= 190)
        }

        @Test func componentsStayWithinMinusOneToOneAndUseTheRange() {
            let noise = FieldNoise(seed: 3, smoothness: 0, animationSpeed: 1)
            var largest = 0.0
            for (index, offset) in Self.offsets(5000, extent: 50).enumerated() {
                let n = noise.value(at: offset, time: Double(index) * 0.01)
                #expect(abs(n.dx) <= 1 && abs(n.dy) <= 1)
                largest = max(largest, abs(n.dx), abs(n.dy))
            }
            // Lattice values are uniform in [−1, 1): over thousands of samples some exceed 0.8.
            #expect(largest > 0.8)
        }

        /// |Δn_i| ≤ 3.75·cellsPerMetre·(|Δx| + |Δy|): the fade's slope (≤ 15/8) times the largest
        /// difference of two lattice values (2), per lattice cell and axis.
        @Test(arguments: [0.0, 0.5, 1.0])
        func nearbyPointsGiveNearbyValues(smoothness: Double) {
            let noise = FieldNoise(seed: 11, smoothness: smoothness, animationSpeed: 0)
            var generator = SeededGenerator(seed: 5)
            for offset in Self.offsets(500) {
                for distance in [0.001, 0.01, 0.1] {   // metres (0.1 to 10 pt)
                    let step = Vector(angle: Double.random(in: 0..<(2 * .pi), using: &generator), length: distance)
                    let delta = noise.value(at: offset + step, time: 0) - noise.value(at: offset, time: 0)
                    let bound = 3.75 * noise.cellsPerMetre * (abs(step.dx) + abs(step.dy))
                    // 1e-12 absorbs the rounding of the lattice coordinates, values and blends.
                    #expect(abs(delta.dx) <= bound + 1e-12 && abs(delta.dy) <= bound + 1e-12)
                }
            }
        }

        @Test func smoothnessLowersTheSpatialFrequency() {
            func meanChange(smoothness: Double) -> Double {
                let noise = FieldNoise(seed: 21, smoothness: smoothness, animationSpeed: 0)
                let offsets = Self.offsets(400)
                let total = offsets.reduce(0.0) { sum, p in
                    sum + (noise.value(at: p + Vector(dx: 0.2, dy: 0), time: 0) - noise.value(at: p, time: 0)).length
                }
                return total / Double(offsets.count)
            }
            #expect(FieldNoise(seed: 0, smoothness: 1, animationSpeed: 0).cellsPerMetre ==
                FieldNoise(seed: 0, smoothness: 0, animationSpeed: 0).cellsPerMetre / 16)
            // Over 20 pt the rough pattern (cell 50 pt) changes a lot, the smooth one (cell 800 pt)
            // barely: the ratio of frequencies is 16; a factor 4 leaves room for sampling noise.
            let rough = meanChange(smoothness: 0), smooth = meanChange(smoothness: 1)
            #expect(smooth < rough / 4, "smooth \(smooth), rough \(rough)")
            #expect(meanChange(smoothness: 0.5) < rough)
        }

        @Test func animationSpeedZeroFreezesThePattern() {
            let noise = FieldNoise(seed: 8, smoothness: 0.4, animationSpeed: 0)
            for offset in Self.offsets(50) {
                let start = noise.value(at: offset, time: 0)
                for time in [0.5, 13.7, 1e6] {
                    #expect(noise.value(at: offset, time: time) == start)
                }
            }
        }

        @Test func positiveAnimationSpeedChangesThePatternSmoothlyInTime() {
            let noise = FieldNoise(seed: 8, smoothness: 0.4, animationSpeed: 2)
            let offsets = Self.offsets(100)
            let changed = offsets.filter { (noise.value(at: $0, time: 1.3) - noise.value(at: $0, time: 0)).length > 1e-3 }
            #expect(changed.count >= 90)
            // |Δn_i| ≤ 3.75·animationSpeed·Δt, as in space (1e-12 for rounding).
            for offset in offsets {
                for time in [0.0, 0.26, 5.9] {
                    let delta = noise.value(at: offset, time: time + 0.01) - noise.value(at: offset, time: time)
                    let bound = 3.75 * 2 * 0.01 + 1e-12
                    #expect(abs(delta.dx) <= bound && abs(delta.dy) <= bound)
                }
            }
        }

        @Test func extremeInputsNeitherTrapNorPoison() {
            let noise = FieldNoise(seed: 4, smoothness: 0, animationSpeed: 10)
            for (offset, time) in [(Vector(dx: 1e300, dy: -1e300), 1e300), (Vector(dx: .nan, dy: 0), Double.infinity),
                                   (Vector(dx: -1e-300, dy: 9e15), -5.0)] {
                let n = noise.value(at: offset, time: time)
                #expect(n.isFinite && abs(n.dx) <= 1 && abs(n.dy) <= 1)
            }
        }

        @Test func fieldsWithTheSameSeedPushAlike() throws {
            func force(seed: UInt64) throws -> Vector {
                let field = try FieldBehavior(kind: .noise(smoothness: 0.1, animationSpeed: 0.5))
                field.seed = seed
                return try fieldEffect(field, at: Point(x: 321, y: -77), time: 2.2).force
            }
            #expect(try force(seed: 5) == force(seed: 5))
            #expect(try force(seed: 5) != force(seed: 6))
        }
    }
}
