import Foundation
import Testing
import Reference

@Suite("RigidPendulum: θ'' = −(g/L)·sin θ")
struct RigidPendulumTests {
    static let length = 200.0, gravity = 1000.0

    @Test("elliptic-integral period (GSL) equals the AGM period", arguments: [1e-6, 10, 60, 120, 170, 179.9])
    func ellipticVersusAGM(degrees: Double) throws {
        let pendulum = try RigidPendulum(length: Self.length, gravity: Self.gravity, amplitude: degrees * .pi / 180)
        // Two independent double-precision evaluations of K; both are accurate to a few ulps
        // (K grows like log at k → 1 but keeps relative accuracy): 1e-12 relative.
        #expect(abs(pendulum.period - pendulum.periodByAGM) <= 1e-12 * pendulum.period)
    }

    @Test("period equals the one measured from the ODE's zero crossings", arguments: [10.0, 60, 120])
    func periodFromTrajectory(degrees: Double) throws {
        let pendulum = try RigidPendulum(length: Self.length, gravity: Self.gravity, amplitude: degrees * .pi / 180)
        // Locate sign changes of θ on a coarse grid, then refine each by Newton on the ODE.
        let grid = TestSupport.sampleTimes(upTo: 4 * pendulum.smallAnglePeriod, count: 400)  // ≥ 2.9 periods up to 120°
        let angles = try pendulum.angle(at: grid)
        var crossings: [Double] = []
        for index in 1..<grid.count where (angles[index - 1] > 0) != (angles[index] > 0) {
            crossings.append(try TestSupport.zeroCrossing(
                of: pendulum.problem, initialState: [pendulum.amplitude, 0], from: 0, near: grid[index]))
        }
        try #require(crossings.count >= 4)
        let measured = 2 * (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        // Crossing times are accurate to ~1e-12 s (tolerance 1e-13 per step); 1e-9 relative is
        // the harness's reference accuracy.
        #expect(abs(measured - pendulum.period) <= 1e-9 * pendulum.period)
        #expect(abs(crossings[0] - pendulum.period / 4) <= 1e-9 * pendulum.period)
    }

    @Test("small amplitudes approach 2π√(L/g) as 1 + θ0²/16 + 11θ0⁴/3072")
    func smallAngleLimit() throws {
        for amplitude in [1e-4, 1e-2, 0.1] {
            let pendulum = try RigidPendulum(length: Self.length, gravity: Self.gravity, amplitude: amplitude)
            let series = 1 + amplitude * amplitude / 16 + 11 * pow(amplitude, 4) / 3072
            // The next series term is 173θ0⁶/737280 ≈ 2.3e-10 at θ0 = 0.1: tolerance 1e-9.
            #expect(abs(pendulum.period / pendulum.smallAnglePeriod - series) <= 1e-9)
        }
        let tiny = try RigidPendulum(length: Self.length, gravity: Self.gravity, amplitude: 0)
        #expect(abs(tiny.period - tiny.smallAnglePeriod) <= 1e-15 * tiny.period)  // K(0) = π/2 exactly; rounding
    }

    @Test("invalid parameters are rejected")
    func invalidParameters() {
        #expect(throws: ReferenceError.self) { try RigidPendulum(length: 200, gravity: 1000, amplitude: .pi) }
        #expect(throws: ReferenceError.self) { try RigidPendulum(length: 0, gravity: 1000, amplitude: 1) }
        #expect(throws: ReferenceError.nonFiniteInput(name: "gravity")) { try RigidPendulum(length: 1, gravity: .infinity, amplitude: 1) }
        #expect(throws: ReferenceError.self) { try CompleteEllipticIntegral.firstKind(modulus: 1) }
        #expect(throws: ReferenceError.self) { try CompleteEllipticIntegral.firstKindByAGM(modulus: .nan) }
    }
}
