@testable import Dynamics
import Foundation
import Testing

extension FieldTests {
    /// Region shapes and algebra: truth tables at sample points, the compiled (stack program) form
    /// against the recursive definition, and regions moving with the field.
    @Suite struct Regions {
        /// A = disc of radius 100; B = 300 × 60 rectangle; both centred on the field.
        static let a = FieldRegion.circle(radius: 100)
        static let b = FieldRegion.rectangle(size: Size(width: 300, height: 60))

        /// Sample offsets (pt) with whether they lie in A and in B, worked out by hand.
        static let samples: [(offset: Vector, inA: Bool, inB: Bool)] = [
            (Vector(dx: 0, dy: 0), true, true),
            (Vector(dx: 90, dy: 0), true, true),        // 90 ≤ 100; |90| ≤ 150, 0 ≤ 30
            (Vector(dx: 0, dy: 80), true, false),       // 80 ≤ 100; 80 > 30
            (Vector(dx: 140, dy: 0), false, true),      // 140 > 100; 140 ≤ 150
            (Vector(dx: -140, dy: 80), false, false),   // both outside
            (Vector(dx: 100, dy: 0), true, true),       // on the circle: boundaries are inside
            (Vector(dx: -150, dy: 30), false, true),    // on the rectangle's corner
            (Vector(dx: 60, dy: -80), true, false),     // |(60, 80)| = 100 exactly, 80 > 30
        ]

        @Test func shapes() {
            for sample in Self.samples {
                #expect(Self.a.contains(sample.offset) == sample.inA, "\(sample.offset)")
                #expect(Self.b.contains(sample.offset) == sample.inB, "\(sample.offset)")
                #expect(FieldRegion.infinite.contains(sample.offset))
            }
            #expect(FieldRegion.circle(radius: 0).contains(.zero))
            #expect(!FieldRegion.circle(radius: 0).contains(Vector(dx: 1e-9, dy: 0)))
            #expect(FieldRegion.rectangle(size: .zero).contains(.zero))
        }

        @Test func algebraTruthTables() {
            for sample in Self.samples {
                let (p, inA, inB) = sample
                #expect(FieldRegion.inverse(Self.a).contains(p) == !inA, "\(p)")
                #expect(FieldRegion.union(Self.a, Self.b).contains(p) == (inA || inB), "\(p)")
                #expect(FieldRegion.intersection(Self.a, Self.b).contains(p) == (inA && inB), "\(p)")
                #expect(FieldRegion.difference(Self.a, Self.b).contains(p) == (inA && !inB), "\(p)")
                #expect(FieldRegion.difference(Self.b, Self.a).contains(p) == (inB && !inA), "\(p)")
                #expect(FieldRegion.inverse(.infinite).contains(p) == false)
                #expect(FieldRegion.difference(.infinite, Self.a).contains(p) == !inA)
            }
        }

        @Test func compiledRegionsMatchTheDefinitionOnTheTruthTable() {
            let regions: [FieldRegion] = [
                .infinite, Self.a, Self.b, .inverse(Self.a), .union(Self.a, Self.b), .intersection(Self.a, Self.b),
                .difference(Self.a, Self.b), .difference(Self.b, Self.a), .inverse(.infinite),
                .difference(.infinite, Self.a), .union(.inverse(Self.a), .intersection(Self.b, .inverse(Self.b))),
            ]
            for region in regions {
                var code: [RegionInstruction] = []
                let compiled = CompiledRegion.compile(region, into: &code)
                for sample in Self.samples {
                    #expect(compiled.contains(sample.offset, in: code) == region.contains(sample.offset),
                            "\(region) at \(sample.offset)")
                }
            }
        }

        /// Random trees (seeded) at random offsets: the stack program agrees with the recursion.
        @Test func compiledRegionsMatchTheDefinitionOnRandomTrees() {
            var generator = SeededGenerator(seed: 2024)
            func randomRegion(depth: Int) -> FieldRegion {
                let choice = depth == 0 ? Int.random(in: 0..<3, using: &generator)
                                        : Int.random(in: 0..<7, using: &generator)
                switch choice {
                case 0: return .circle(radius: Double.random(in: 0...300, using: &generator))
                case 1: return .rectangle(size: Size(width: Double.random(in: 0...600, using: &generator),
                                                     height: Double.random(in: 0...600, using: &generator)))
                case 2: return Int.random(in: 0..<4, using: &generator) == 0 ? .infinite : .circle(radius: 150)
                case 3: return .inverse(randomRegion(depth: depth - 1))
                case 4: return .union(randomRegion(depth: depth - 1), randomRegion(depth: depth - 1))
                case 5: return .intersection(randomRegion(depth: depth - 1), randomRegion(depth: depth - 1))
                default: return .difference(randomRegion(depth: depth - 1), randomRegion(depth: depth - 1))
                }
            }
            var mismatches = 0
            for _ in 0..<200 {
                let region = randomRegion(depth: 6)
                var code: [RegionInstruction] = [.everywhere]   // a non-empty prefix: ranges must be honoured
                let compiled = CompiledRegion.compile(region, into: &code)
                for _ in 0..<50 {
                    let offset = Vector(dx: Double.random(in: -400...400, using: &generator),
                                        dy: Double.random(in: -400...400, using: &generator))
                    if compiled.contains(offset, in: code) != region.contains(offset) { mismatches += 1 }
                }
            }
            #expect(mismatches == 0)
        }

        /// A right-deep chain of 500 differences: evaluated naively left-first it would need a
        /// 500-deep stack (more than the 64-bit stack); the compiler emits the deeper operand first.
        @Test func deepChainsStayWithinTheStack() throws {
            var region = FieldRegion.circle(radius: 1)
            for index in 1...500 {
                region = index.isMultiple(of: 2) ? .difference(.circle(radius: Double(index)), region)
                                                 : .union(.circle(radius: Double(index) / 2), region)
            }
            try region.validate()
            var code: [RegionInstruction] = []
            let compiled = CompiledRegion.compile(region, into: &code)
            for distance in stride(from: 0.0, through: 520, by: 0.75) {
                let offset = Vector(dx: distance * 0.6, dy: -distance * 0.8)
                #expect(compiled.contains(offset, in: code) == region.contains(offset), "r = \(distance)")
            }
        }

        @Test func regionsMoveWithTheFieldPosition() throws {
            let field = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 1, dy: 0)))
            field.position = Point(x: 1000, y: -500)
            field.region = .difference(Self.a, Self.b)
            for sample in Self.samples {
                let effect = try fieldEffect(field, at: field.position + sample.offset)
                #expect((effect != .none) == (sample.inA && !sample.inB), "\(sample.offset)")
            }
            // The same offsets from the origin are far away from the field: all outside.
            #expect(try fieldEffect(field, at: .zero) == .none)
        }

        @Test func regionsAreCodable() throws {
            let region = FieldRegion.union(.inverse(Self.a), .difference(Self.b, .circle(radius: 3)))
            let data = try JSONEncoder().encode(region)
            #expect(try JSONDecoder().decode(FieldRegion.self, from: data) == region)
        }
    }
}
