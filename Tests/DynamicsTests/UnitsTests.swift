import Foundation
import Dynamics
import Testing

/// SPEC.md's units: gravity 1.0 = 1000 pt/s², force F gives 100·F/m pt/s², impulse J gives
/// 100·J/m pt/s, mass = density·w·h/10 000. The engine integrates constant forces exactly, so the
/// comparisons below hold to rounding; 1e-9 relative is ~10⁶ ulps of slack for the few hundred
/// rounded operations of a run, far below any unit mistake (a factor of at least 2).
@Suite struct UnitsTests {
    let tolerance = 1e-9

    @Test func gravityOfMagnitudeOneIsOneThousandPointsPerSecondSquared() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.addBehavior(try frictionless([item]))
        try animator.run(frames: 60)
        // After 1 s: v = 1000 pt/s, y = ½·1000·1² = 500 pt.
        #expect(abs(animator.linearVelocity(for: item)!.dy - 1000) <= 1000 * tolerance)
        #expect(abs(item.center.y - 500) <= 500 * tolerance)
    }

    @Test(arguments: [(100.0, 1.0, 100.0), (50.0, 1.0, 400.0), (100.0, 2.0, 50.0), (50.0, 0.5, 800.0)])
    func continuousPushAcceleratesByOneHundredForceOverMass(side: Double, density: Double, expected: Double) throws {
        let item = HeadlessItem(center: .zero, size: Size(width: side, height: side))
        let animator = try DynamicAnimator()
        let push = try PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        let properties = try frictionless([item])
        properties.density = density
        try animator.addBehavior(push)
        try animator.addBehavior(properties)
        try animator.run(frames: 60)
        #expect(abs(animator.linearVelocity(for: item)!.dx - expected) <= expected * tolerance)
    }

    @Test func instantaneousImpulseGivesOneHundredImpulseOverMass() throws {
        let large = largeItem(), small = smallItem(at: Point(x: 200, y: 0))
        let animator = try DynamicAnimator()
        let push = try PushBehavior(items: [large, small], mode: .instantaneous)
        push.magnitude = 1
        try animator.addBehavior(push)
        try animator.addBehavior(try frictionless([large, small]))
        try animator.run(frames: 30)
        #expect(abs(animator.linearVelocity(for: large)!.dx - 100) <= 100 * tolerance)
        #expect(abs(animator.linearVelocity(for: small)!.dx - 400) <= 400 * tolerance)
        // Coasting for 0.5 s at constant velocity.
        #expect(abs(large.center.x - 50) <= 50 * tolerance)
    }

    @Test func resistanceDecaysVelocityExponentially() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let properties = try DynamicItemBehavior(items: [item])
        properties.resistance = 0.5
        try properties.addLinearVelocity(Vector(dx: 200, dy: 0), for: item)
        try animator.addBehavior(properties)
        try animator.run(frames: 120)
        // v(2 s) = 200·e^(−1); x(2 s) = 200·(1 − e^(−1))/0.5.
        #expect(abs(animator.linearVelocity(for: item)!.dx - 200 * exp(-1)) <= 200 * tolerance)
        #expect(abs(item.center.x - 400 * (1 - exp(-1))) <= 400 * tolerance)
    }
}

/// SPEC: angularResistance is a damping rate c (1/s), dω/dt = −c·ω.
@Suite struct AngularResistanceTests {
    @Test(arguments: [0.1, 0.5, 2.0])
    func aSpinDecaysAtTheRateSPECGives(rate: Double) throws {
        let item = largeItem(at: Point(x: 500, y: 500))
        let animator = try DynamicAnimator()
        let properties = try DynamicItemBehavior(items: [item])
        properties.angularResistance = rate
        try animator.addBehavior(properties)
        try properties.addAngularVelocity(10, for: item)
        try animator.run(frames: 120)
        let spin = try #require(animator.angularVelocity(for: item))
        // The engine integrates linear damping exactly: ω(2 s) = 10·e^(−2c) to rounding (a few
        // ulp per sub-step over 240 sub-steps); semi-implicit Euler would be ~c²h·t/2 relative off.
        let expected = 10 * exp(-2 * rate)
        #expect(abs(spin - expected) <= 1e-12 * 10, "ω = \(spin), expected \(expected)")
        // The item's orientation follows ∫ω dt = (10/c)(1 − e^(−2c)).
        let angle = (10 / rate) * (1 - exp(-2 * rate))
        #expect(abs(remainder(item.transform.rotationAngle - angle, 2 * Double.pi)) <= 1e-9,
                "angle \(item.transform.rotationAngle), expected \(angle) mod 2π")
    }
}
