import Dynamics
import Testing

@Suite struct AnimatorTests {
    @Test func pausesAtRestAndResumesOnChange() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        let properties = try DynamicItemBehavior(items: [item])
        try animator.addBehavior(properties)
        #expect(animator.isRunning)
        #expect(recorder.events == ["resume"])
        // Nothing moves: the animator pauses once 0.5 s of rest has passed (30 frames of 1/60 s).
        try animator.run(frames: 29)
        #expect(animator.isRunning)
        try animator.run(frames: 1)
        #expect(!animator.isRunning)
        #expect(recorder.events == ["resume", "pause"])
        // A paused animator does no work: the item does not move even though elapsed time grows.
        try animator.run(frames: 10)
        #expect(animator.substepCount == 60)
        try properties.addLinearVelocity(Vector(dx: 10, dy: 0), for: item)
        #expect(animator.isRunning)
        #expect(recorder.events == ["resume", "pause", "resume"])
        try animator.run(frames: 1)
        #expect(item.center.x > 0)
    }

    /// SPEC's rest rule: below 1 pt/s and 2°/s for 0.5 s. An item coasting just above the linear
    /// threshold keeps the animator running for as long as it moves; one just below lets it pause.
    @Test(arguments: [(1.5, true), (0.5, false)])
    func restNeedsSpeedsBelowTheThresholds(speed: Double, keepsRunning: Bool) throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let coasting = try frictionless([item])
        try animator.addBehavior(coasting)
        try coasting.addLinearVelocity(Vector(dx: speed, dy: 0), for: item)
        try animator.run(frames: 120)
        #expect(animator.isRunning == keepsRunning, "\(speed) pt/s after 2 s: running \(animator.isRunning)")
    }

    @Test func aSlowSpinAboveTheAngularThresholdKeepsTheAnimatorRunning() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let spinning = try frictionless([item])
        try animator.addBehavior(spinning)
        // 3°/s, above the 2°/s threshold, with no linear motion at all.
        try spinning.addAngularVelocity(3 * Double.pi / 180, for: item)
        try animator.run(frames: 120)
        #expect(animator.isRunning)
    }

    @Test func pausesWithoutBehaviors() throws {
        let animator = try DynamicAnimator()
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        let gravity = try GravityBehavior(items: [largeItem()])
        try animator.addBehavior(gravity)
        animator.removeBehavior(gravity)
        try animator.step(by: 1.0 / 60)
        #expect(!animator.isRunning)
        #expect(recorder.events == ["resume", "pause"])
    }

    @Test func aParameterChangeResumesAPausedAnimator() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let gravity = try GravityBehavior(items: [item])
        gravity.magnitude = 0
        try animator.addBehavior(gravity)
        try animator.run(frames: 40)
        #expect(!animator.isRunning)
        gravity.magnitude = 1
        #expect(animator.isRunning)
    }

    @Test func subStepRemainderIsCarried() throws {
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [largeItem()]))
        try animator.step(by: 1.0 / 240)
        #expect(animator.substepCount == 0)
        try animator.step(by: 1.0 / 240)
        #expect(animator.substepCount == 1)
        for _ in 0..<60 { try animator.step(by: 1.0 / 60) }
        #expect(animator.substepCount == 121)
        #expect(abs(animator.elapsedTime - (1 + 1.0 / 120)) < 1e-12)
    }

    @Test func aFrameLongerThanHalfASecondCountsAsOneSixtieth() throws {
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [largeItem()]))
        try animator.step(by: 3)
        #expect(animator.substepCount == 2)
        #expect(animator.elapsedTime == 1.0 / 60)
    }

    @Test func externalChangesAreIgnoredUntilUpdateItem() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        try animator.addBehavior(try frictionless([item]))
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.run(frames: 1)
        item.center = Point(x: 500, y: 500)
        try animator.run(frames: 1)
        #expect(item.center.x == 0)
        item.center = Point(x: 500, y: 500)
        item.transform = AffineTransform(rotationAngle: 0.5)
        let velocity = animator.linearVelocity(for: item)
        try animator.updateItem(usingCurrentState: item)
        #expect(animator.linearVelocity(for: item) == velocity)
        try animator.run(frames: 1)
        #expect(item.center.x == 500)
        #expect(item.center.y > 500)
        #expect(abs(item.transform.rotationAngle - 0.5) < 1e-15)
    }

    @Test func stateIsReadWhenTheItemJoins() throws {
        let item = HeadlessItem(center: Point(x: 10, y: 20), size: Size(width: 30, height: 40), angle: 0.25)
        let animator = try DynamicAnimator()
        try animator.addBehavior(try DynamicItemBehavior(items: [item]))
        try animator.step(by: 1.0 / 60)
        #expect(item.center == Point(x: 10, y: 20))
        #expect(abs(item.transform.rotationAngle - 0.25) < 1e-15)
    }

    @Test func itemsInRectUseTheRotatedBoundingBox() throws {
        let a = HeadlessItem(center: Point(x: 0, y: 0), size: Size(width: 100, height: 10), angle: Double.pi / 2)
        let b = HeadlessItem(center: Point(x: 300, y: 0), size: Size(width: 10, height: 10))
        let animator = try DynamicAnimator()
        try animator.addBehavior(try DynamicItemBehavior(items: [a, b]))
        // Rotated by 90°, item a spans y in [-50, 50] and x in [-5, 5].
        #expect(animator.items(in: Rect(x: -1, y: 40, width: 2, height: 2)).map { $0 === a } == [true])
        #expect(animator.items(in: Rect(x: 20, y: -1, width: 2, height: 2)).isEmpty)
        #expect(animator.items(in: Rect(x: -1000, y: -1000, width: 2000, height: 2000)).count == 2)
    }

    @Test func velocitiesAddedBeforeJoiningAccumulate() throws {
        let item = largeItem()
        let properties = try frictionless([item])
        try properties.addLinearVelocity(Vector(dx: 10, dy: 0), for: item)
        try properties.addLinearVelocity(Vector(dx: 5, dy: 1), for: item)
        try properties.addAngularVelocity(0.5, for: item)
        #expect(properties.linearVelocity(for: item) == Vector(dx: 15, dy: 1))
        let animator = try DynamicAnimator()
        try animator.addBehavior(properties)
        try animator.step(by: 1.0 / 60)
        #expect(properties.linearVelocity(for: item) == Vector(dx: 15, dy: 1))
        #expect(properties.angularVelocity(for: item) == 0.5)
        try properties.addLinearVelocity(Vector(dx: 1, dy: 0), for: item)
        #expect(properties.linearVelocity(for: item) == Vector(dx: 16, dy: 1))
    }

    @Test func anchoredItemsNeverMove() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let properties = try DynamicItemBehavior(items: [item])
        properties.isAnchored = true
        try properties.addLinearVelocity(Vector(dx: 100, dy: 0), for: item)
        try animator.addBehavior(properties)
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.run(frames: 30)
        #expect(item.center == .zero)
    }

    @Test func sameInputsGiveBitIdenticalStates() throws {
        func run() throws -> [UInt64] {
            let a = largeItem(), b = smallItem(at: Point(x: 100, y: 0))
            let animator = try DynamicAnimator()
            let push = try PushBehavior(items: [a, b], mode: .continuous)
            push.setAngle(0.3, magnitude: 0.7)
            push.setTargetOffsetFromCenter(Vector(dx: 3, dy: -7), for: b)
            try animator.addBehavior(push)
            try animator.addBehavior(try GravityBehavior(items: [a]))
            try animator.run(frames: 97, frame: 1.0 / 47)
            return [a.center.x, a.center.y, b.center.x, b.center.y, b.transform.rotationAngle].map(\.bitPattern)
        }
        #expect(try run() == run())
    }
}
