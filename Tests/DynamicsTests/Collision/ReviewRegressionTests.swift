import Dynamics
import Foundation
import Testing

/// Regressions for defects a review found: each of these failed (or trapped) before its fix.
@Suite struct ReviewRegressionTests {
    @Test func nonFiniteAddedVelocitiesAreRejected() throws {
        let item = largeItem()
        let properties = try DynamicItemBehavior(items: [item])
        #expect(throws: DynamicsError.self) { try properties.addLinearVelocity(Vector(dx: .nan, dy: 0), for: item) }
        #expect(throws: DynamicsError.self) { try properties.addAngularVelocity(.infinity, for: item) }
        let animator = try DynamicAnimator()
        try animator.addBehavior(properties)
        try animator.step(by: 1.0 / 60)
        #expect(animator.linearVelocity(for: item) == .zero)
    }

    @Test func anItemInTwoGroupsIsATypedErrorNotATrap() throws {
        let a = largeItem(), b = largeItem(at: Point(x: 200, y: 0)), c = largeItem(at: Point(x: 400, y: 0))
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [try DynamicItemGroup(items: [a, b])]))
        try animator.addBehavior(try GravityBehavior(items: [try DynamicItemGroup(items: [a, c])]))
        #expect(throws: DynamicsError.self) { try animator.step(by: 1.0 / 60) }
    }

    @Test func invalidReferenceBoundsSetLaterFailTheStep() throws {
        let item = largeItem(at: Point(x: 50, y: 50))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100, height: 100))
        let collision = try CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        animator.referenceBounds = Rect(x: 0, y: 0, width: .nan, height: 100)
        #expect(throws: DynamicsError.self) { try animator.step(by: 1.0 / 60) }
        animator.referenceBounds = Rect(x: 0, y: 0, width: 100, height: 100)
        try collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(left: 60, right: 60))
        #expect(throws: DynamicsError.self) { try animator.step(by: 1.0 / 60) }
    }

    @Test func itemsInRectFindsItemsAddedOutOfOrder() throws {
        let right = largeItem(at: Point(x: 500, y: 0)), left = largeItem(at: Point(x: 0, y: 0))
        let animator = try DynamicAnimator()
        try animator.addBehavior(try CollisionBehavior(items: [right, left]))
        #expect(animator.items(in: Rect(x: -10, y: -10, width: 20, height: 20)).count == 1)
        right.center = Point(x: 0, y: 300)
        try animator.updateItem(usingCurrentState: right)
        #expect(animator.items(in: Rect(x: -10, y: 290, width: 20, height: 20)).count == 1)
    }

    /// A bounce whose contact lasts a single sub-step must still be reported.
    @Test func shortContactsAreReported() throws {
        let ball = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 400))
        let collision = try CollisionBehavior(items: [ball])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = CollisionRecorder([("ball", ball)])
        collision.collisionDelegate = recorder
        let bouncy = try DynamicItemBehavior(items: [ball])
        bouncy.elasticity = 1
        bouncy.resistance = 0
        bouncy.allowsRotation = false
        try animator.addBehavior(collision)
        try animator.addBehavior(bouncy)
        try animator.addBehavior(try GravityBehavior(items: [ball]))
        try animator.run(frames: 120)
        // Drop 280 pt: impact after ~0.75 s, then up and back (≈ 1.5 s) — at least one bounce.
        #expect(recorder.events.filter { $0 == "began ball|bounds" }.count >= 1)
        #expect(recorder.events.filter { $0 == "ended ball|bounds" }.count >= 1)
    }

    /// Setting a parameter every frame (gravity from tilt) must not cold-start a resting stack.
    @Test func parameterChangesKeepAStackAtRest() throws {
        let boxes = (0..<6).map { HeadlessItem(center: Point(x: 500, y: 975 - 50 * Double($0)), size: Size(width: 50, height: 50)) }
        let (animator, _) = try droppingScene(boxes) { $0.elasticity = 0 }
        let gravity = try GravityBehavior(items: boxes)
        animator.removeAllBehaviors()
        let collision = try CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(gravity)
        try animator.run(frames: 60)
        let settled = boxes.map(\.center)
        for frame in 0..<120 {
            gravity.magnitude = frame.isMultiple(of: 2) ? 1 : 1.0000001
            try animator.step(by: 1.0 / 60)
        }
        // A cold start each frame would sink the stack by tenths of a point; warm starting keeps it.
        let drift = zip(boxes.map(\.center), settled).map { $0.distance(to: $1) }.max() ?? 0
        #expect(drift < 0.05, "drift \(drift) pt")
    }

    @Test func updatingAnUnknownItemDoesNotResume() throws {
        let animator = try DynamicAnimator()
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        try animator.updateItem(usingCurrentState: largeItem())
        #expect(!animator.isRunning)
        #expect(recorder.events.isEmpty)
    }

    @Test func restoringAnItemItemAnchorClearsTheError() throws {
        let a = largeItem(), b = largeItem(at: Point(x: 300, y: 0))
        let attachment = try AttachmentBehavior(item: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
        let animator = try DynamicAnimator()
        try animator.addBehavior(attachment)
        let original = attachment.anchorPoint
        attachment.anchorPoint = Point(x: 1, y: 2)
        #expect(throws: DynamicsError.self) { try animator.step(by: 1.0 / 60) }
        attachment.anchorPoint = original
        try animator.step(by: 1.0 / 60)
    }
}
