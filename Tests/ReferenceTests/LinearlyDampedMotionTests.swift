import Foundation
import Testing
@testable import Reference

@Suite("LinearlyDampedMotion: dv/dt = a − c·v")
struct LinearlyDampedMotionTests {
    /// (acceleration a in pt/s², initial velocity v0 in pt/s): falling, pushing, impulse then
    /// coasting, and thrown against the acceleration.
    static let drives: [Drive] = [.init(1000, 0), .init(400, 0), .init(0, 100), .init(0, 400), .init(100, -50)]
    struct Drive: Sendable, CustomTestStringConvertible {
        let acceleration: Double, initialVelocity: Double
        init(_ a: Double, _ v0: Double) { (acceleration, initialVelocity) = (a, v0) }
        var testDescription: String { "a=\(acceleration), v0=\(initialVelocity)" }
    }

    @Test("closed form matches GSL rk8pd over 2 s", arguments: [0, 0.1, 0.5, 3], drives)
    func matchesODE(damping c: Double, drive: Drive) throws {
        let x0 = 25.0
        let motion = try LinearlyDampedMotion(
            initialPosition: x0, initialVelocity: drive.initialVelocity, acceleration: drive.acceleration, damping: c)
        let problem = ODEProblem(dimension: 2) { _, y, dydt in
            dydt[0] = y[1]
            dydt[1] = drive.acceleration - c * y[1]
        }
        let times = TestSupport.sampleTimes(upTo: 2, count: 40)
        let states = try TestSupport.tightIntegrator()
            .solve(problem, initialState: [x0, drive.initialVelocity], from: 0, sampleTimes: times).states
        let positions = times.map(motion.position), velocities = times.map(motion.velocity)
        // Relative to the largest magnitude along the trajectory, because position or velocity
        // pass through zero in some cases. 1e-9 is the harness's reference accuracy; the
        // measured deviation is ~1e-15, so a wrong formula cannot hide.
        let positionScale = positions.map(abs).max()!, velocityScale = velocities.map(abs).max()!
        #expect(TestSupport.maximumRelativeDeviation(positions, states.map { $0[0] }, scale: positionScale) <= 1e-9)
        #expect(TestSupport.maximumRelativeDeviation(velocities, states.map { $0[1] }, scale: velocityScale) <= 1e-9)
    }

    @Test("c → 0 is continuous and accurate", arguments: drives)
    func vanishingDamping(drive: Drive) throws {
        let c = 1e-12
        let damped = try LinearlyDampedMotion(
            initialPosition: 25, initialVelocity: drive.initialVelocity, acceleration: drive.acceleration, damping: c)
        let free = try LinearlyDampedMotion(
            initialPosition: 25, initialVelocity: drive.initialVelocity, acceleration: drive.acceleration, damping: 0)
        let (a, v0) = (drive.acceleration, drive.initialVelocity)
        for t in TestSupport.sampleTimes(upTo: 2, count: 8) {
            // First order in c: x ≈ x0 + v0 t + a t²/2 − c(v0 t²/2 + a t³/6); the O(c²) rest is
            // ~1e-24 of the scale, so the closed form must agree to rounding. 1e-15 relative
            // allows a few ulps; a naive (ct − (1 − e^(−ct)))/c² would be off by ~1e-4.
            let expectedX = 25 + v0 * t + a * t * t / 2 - c * (v0 * t * t / 2 + a * t * t * t / 6)
            let expectedV = v0 + a * t - c * (v0 * t + a * t * t / 2)
            let scale = abs(25) + abs(v0 * t) + abs(a * t * t)
            #expect(abs(damped.position(at: t) - expectedX) <= 1e-15 * scale)
            #expect(abs(damped.velocity(at: t) - expectedV) <= 1e-15 * (abs(v0) + abs(a * t)))
            // c = 0 differs from c = 1e-12 by the physical O(c·t) ≈ 2e-12 relative, no more.
            #expect(abs(damped.position(at: t) - free.position(at: t)) <= 1e-11 * scale)
        }
        #expect(free.terminalVelocity == nil)
    }

    @Test("the series and direct branches of φ2 agree where they meet (z = 1)")
    func phi2Branches() {
        let below = LinearlyDampedMotion.phi2(1.0.nextDown), above = LinearlyDampedMotion.phi2(1)
        // Both are ≈ e^(−1) = 0.3679; a 1-ulp step in z moves φ2 by ~1e-17, so a 1e-15 gap would
        // mean a branch is inaccurate.
        #expect(abs(below - above) <= 1e-15)
        #expect(abs(above - exp(-1.0)) <= 1e-15)
        #expect(LinearlyDampedMotion.phi2(0) == 0.5)
        #expect(LinearlyDampedMotion.phi1(0) == 1)
    }

    @Test("terminal velocity a/c is approached")
    func terminalVelocity() throws {
        let motion = try LinearlyDampedMotion(initialPosition: 0, initialVelocity: 0, acceleration: 1000, damping: 3)
        #expect(motion.terminalVelocity == 1000.0 / 3)
        // After 20 time constants e^(−60) ≈ 1e-26 is left: equal to rounding (1e-13 relative).
        #expect(abs(motion.velocity(at: 20) - 1000.0 / 3) <= 1e-13 * 1000 / 3)
    }

    @Test("invalid parameters are rejected")
    func invalidParameters() {
        #expect(throws: ReferenceError.invalidParameter(name: "damping", value: -1, requirement: "≥ 0")) {
            try LinearlyDampedMotion(initialPosition: 0, initialVelocity: 0, acceleration: 0, damping: -1)
        }
        #expect(throws: ReferenceError.nonFiniteInput(name: "acceleration")) {
            try LinearlyDampedMotion(initialPosition: 0, initialVelocity: 0, acceleration: .nan, damping: 0)
        }
        #expect(throws: ReferenceError.nonFiniteInput(name: "damping")) {
            try LinearlyDampedMotion(initialPosition: 0, initialVelocity: 0, acceleration: 0, damping: .infinity)
        }
    }
}
