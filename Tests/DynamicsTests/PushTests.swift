import Dynamics
import Testing

@Suite struct PushTests {
    @Test func instantaneousPushFiresOnceThenDeactivates() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let push = try PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        try animator.addBehavior(push)
        try animator.addBehavior(try frictionless([item]))
        try animator.step(by: 1.0 / 60)
        #expect(push.active == false)
        let afterFirst = animator.linearVelocity(for: item)!
        try animator.run(frames: 10)
        #expect(animator.linearVelocity(for: item)! == afterFirst)
        #expect(afterFirst.dx == 100)
    }

    @Test func reactivatingAnInstantaneousPushFiresItAgain() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let push = try PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        try animator.addBehavior(push)
        try animator.addBehavior(try frictionless([item]))
        try animator.run(frames: 3)
        push.active = true
        try animator.run(frames: 3)
        #expect(animator.linearVelocity(for: item)!.dx == 200)
        #expect(push.active == false)
    }

    @Test func continuousPushStopsWhenDeactivated() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let push = try PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        try animator.addBehavior(push)
        try animator.addBehavior(try frictionless([item]))
        try animator.run(frames: 6)
        push.active = false
        let velocity = animator.linearVelocity(for: item)!
        try animator.run(frames: 6)
        #expect(animator.linearVelocity(for: item)! == velocity)
        // 0.1 s at 100 pt/s²; exact integration, rounding only.
        #expect(abs(velocity.dx - 10) < 1e-12)
    }

    @Test func anOffsetPushSpinsTheItemClockwiseWhenPushingTheTopRightward() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let push = try PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        push.setTargetOffsetFromCenter(Vector(dx: 0, dy: -50), for: item)
        try animator.addBehavior(push)
        try animator.addBehavior(try frictionless([item]))
        try animator.run(frames: 6)
        // Angular impulse r × J = 50·100 (pt·pt/s·mass) over I = m(w²+h²)/12 = 20000/12: 3 rad/s.
        #expect(abs(animator.angularVelocity(for: item)! - 3) < 1e-12)
        #expect(item.transform.rotationAngle > 0)
        #expect(animator.linearVelocity(for: item)!.dx == 100)
    }

    @Test func aCenteredPushDoesNotSpin() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let push = try PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = Vector(dx: 1, dy: 1)
        try animator.addBehavior(push)
        try animator.run(frames: 6)
        #expect(animator.angularVelocity(for: item)! == 0)
    }
}
