import Dynamics
import PropertyBased
import Testing

/// Angle, magnitude and vector forms of gravity and push stay in sync.
@Suite struct DirectionSyncTests {
    @Test func gravityDefaultsToStraightDownWithMagnitudeOne() throws {
        let gravity = try GravityBehavior()
        #expect(abs(gravity.gravityDirection.dx) < 1e-15)
        #expect(gravity.gravityDirection.dy == 1)
        #expect(gravity.magnitude == 1)
        #expect(gravity.angle == Double.pi / 2)
    }

    @Test func settingAngleKeepsMagnitudeAndSettingMagnitudeKeepsAngle() throws {
        let gravity = try GravityBehavior()
        gravity.magnitude = 2
        gravity.angle = 0
        // cos/sin rounding: one ulp of 2.
        #expect(abs(gravity.gravityDirection.dx - 2) < 1e-15 && abs(gravity.gravityDirection.dy) < 1e-15)
        gravity.magnitude = 3
        #expect(gravity.angle == 0)
    }

    @Test func negativePushMagnitudeReversesTheDirection() throws {
        let push = try PushBehavior(mode: .continuous)
        push.setAngle(0, magnitude: -2)
        #expect(push.pushDirection.dx == -2)
        #expect(push.angle == 0)
    }

    @Test func zeroVectorKeepsTheAngle() throws {
        let push = try PushBehavior(mode: .continuous)
        push.angle = 1
        push.pushDirection = .zero
        #expect(push.angle == 1)
        #expect(push.magnitude == 0)
    }

    @Test func vectorRoundTripsThroughAngleAndMagnitude() async {
        await propertyCheck(input: Gen.double(in: -1000...1000), Gen.double(in: -1000...1000)) { dx, dy in
            let push = try! PushBehavior(mode: .continuous)
            push.pushDirection = Vector(dx: dx, dy: dy)
            let rebuilt = Vector(angle: push.angle, length: push.magnitude)
            // atan2/cos/sin round-trip: a few ulps of the length.
            let scale = max(1, Vector(dx: dx, dy: dy).length)
            #expect(abs(rebuilt.dx - dx) <= 1e-12 * scale && abs(rebuilt.dy - dy) <= 1e-12 * scale)
            #expect(push.magnitude >= 0)
        }
    }
}
