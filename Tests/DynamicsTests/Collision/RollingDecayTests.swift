import Foundation
import Testing
@testable import Dynamics

/// A ball rolling on a flat floor, damped, must slow down as its damping says: gravity is
/// normal to the floor and the floor is still, so nothing can feed the roll. Rolling without
/// slipping (v = ω·r), its kinetic energy `½m·v² + ½I·ω²` decays at a mean of the two damping
/// rates weighted by the two energies, so the speed falls at least as fast as `e^(−c·t)`, `c` the
/// smaller of the item's resistance and angular resistance.
///
/// A contact carried from one sub-step to the next with its point fixed in the ball (the soft
/// step's manifold reuse) rolled the point off the bottom, so the floor's push had a lever arm
/// ahead of the center and drove the roll: a 10 pt ball with resistances 0.9 and 1.3 rolled at
/// 0.3 pt/s for ever and its scene never paused (fuzz seed 20261127, scene 8447).
@Suite struct RollingDecayTests {
    static let floor = 400.0

    /// How far (points) the ball's center moves along the floor in `time` seconds, from rolling
    /// at `speed` pt/s.
    static func distance(radius: Double, speed: Double, resistance: Double, angularResistance: Double, friction: Double,
                         gravity: Double, over time: Double) throws -> Double {
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 4000, height: floor))
        let ball = HeadlessItem(center: Point(x: 300, y: floor - radius), size: Size(width: 2 * radius, height: 2 * radius),
                                collisionBoundsType: .ellipse)
        let collision = try CollisionBehavior(items: [ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        let properties = try DynamicItemBehavior(items: [ball])
        properties.resistance = resistance
        properties.angularResistance = angularResistance
        properties.friction = friction
        properties.elasticity = 0
        let fall = try GravityBehavior(items: [ball])
        fall.magnitude = gravity
        for behavior in [fall, collision, properties] as [DynamicBehavior] {
            try animator.addBehavior(behavior)
        }
        try properties.addLinearVelocity(Vector(dx: speed, dy: 0), for: ball)
        try properties.addAngularVelocity(speed / radius, for: ball)
        try animator.run(frames: Int((time * 60).rounded()))
        return ball.center.x - 300
    }

    /// Rolling from 1 pt/s, the ball goes at most `1/c` points however long it rolls (the
    /// integral of `e^(−c·t)`); over `10/c` seconds it must stay within 5 % of that, plus a
    /// hundredth of a point for the sub-steps that settle it onto the floor. A fed roll keeps
    /// going: at the 0.3 pt/s it held, it passes the bound within 10/c seconds. Balls of 2 to
    /// 12 pt under 1 to 2.5 g, where the feeding beat sleep (larger balls fell asleep first).
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aDampedBallRollingOnTheFloorSlowsDown(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<6 {
            let radius = Double.random(in: 2...12, using: &random)
            let gravity = Double.random(in: 1...2.5, using: &random)
            let resistance = Double.random(in: 0.5...2, using: &random)
            let angularResistance = Double.random(in: 0.5...2, using: &random)
            let friction = Double.random(in: 0.3...1, using: &random)
            let slowest = min(resistance, angularResistance)
            let rolled = try Self.distance(radius: radius, speed: 1, resistance: resistance, angularResistance: angularResistance,
                                           friction: friction, gravity: gravity, over: 10 / slowest)
            #expect(rolled <= 1.05 / slowest + 0.01,
                    "r = \(radius) pt, g = \(gravity), resistances \(resistance), \(angularResistance), μ = \(friction): rolled \(rolled) pt, at most \(1 / slowest)")
        }
    }
}
