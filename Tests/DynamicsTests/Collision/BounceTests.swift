import Dynamics
import Foundation
import Testing

@Suite struct BounceTests {
    /// Drops a 20×20 box from 700 pt above the floor (reference bounds bottom at y = 1000) and
    /// returns the apex heights (of the bottom face, above the floor) between bounces.
    static func apexes(elasticity e: Double, shape: CollisionBoundsType = .rectangle, frames: Int = 600) throws -> [Double] {
        let item = HeadlessItem(center: Point(x: 500, y: 290), size: Size(width: 20, height: 20), collisionBoundsType: shape)
        let (animator, _) = try droppingScene([item]) { properties in
            properties.elasticity = e
            properties.resistance = 0
            properties.angularResistance = 0
            properties.allowsRotation = false
        }
        var apexes: [Double] = []
        var previousVelocity = 0.0
        for _ in 0..<frames {
            try animator.step(by: 1.0 / 120)
            let velocity = animator.linearVelocity(for: item)!.dy
            // Upward motion (negative y velocity) turning to downward marks an apex.
            if previousVelocity < 0 && velocity >= 0 {
                apexes.append(990 - item.center.y)
            }
            previousVelocity = velocity
        }
        return apexes
    }

    /// The rebound apex is e²·h exactly when restitution acts on the exact impact speed; the
    /// sampled apex misses the true one by at most ½·g·(h_step)² ≈ 0.035 pt (the apex falls
    /// between sub-steps), plus the first apex's timing. 0.5 % + 0.1 pt covers that.
    @Test(arguments: [0.2, 0.5, 0.8])
    func reboundApexIsElasticitySquaredTimesHeight(e: Double) throws {
        let apexes = try Self.apexes(elasticity: e)
        var expected = 700.0
        var checked = 0
        for apex in apexes.prefix(3) {
            expected *= e * e
            // Impacts slower than 100 pt/s do not bounce: stop comparing below that height.
            guard expected > 100 * 100 / 2000 else { break }
            #expect(abs(apex - expected) <= 0.005 * expected + 0.1, "apex \(checked + 1): \(apex) vs \(expected)")
            checked += 1
        }
        #expect(checked >= 1)
    }

    @Test func elasticBouncesNeverGainHeight() throws {
        let apexes = try Self.apexes(elasticity: 1, frames: 1200)
        #expect(apexes.count >= 3)
        for (earlier, later) in zip(apexes, apexes.dropFirst()) {
            #expect(later <= earlier * 1.001, "\(later) after \(earlier)")
        }
        // And it does not lose much either: at most 1 % over the run.
        #expect((apexes.last ?? 0) > 0.99 * 700)
    }

    @Test func ellipsesBounceLikeBoxes() throws {
        let apexes = try Self.apexes(elasticity: 0.5, shape: .ellipse)
        #expect(abs((apexes.first ?? 0) - 175) <= 0.005 * 175 + 0.1)
    }

    @Test func bouncingEndsBelowTheThreshold() throws {
        let item = HeadlessItem(center: Point(x: 500, y: 890), size: Size(width: 20, height: 20))
        let (animator, _) = try droppingScene([item]) { $0.elasticity = 0.8; $0.allowsRotation = false }
        try animator.run(frames: 600)
        #expect(abs(item.center.y - 990) < 0.2)
        #expect(!animator.isRunning)
    }
}
