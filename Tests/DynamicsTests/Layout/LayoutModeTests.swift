import Dynamics
import Testing

@Suite struct LayoutModeTests {
    @Test func gravityMovesAttributesAndInvalidatesOncePerMovingStep() throws {
        let first = try path(0)
        let layout = RecordingLayout(watching: first)
        let animator = try DynamicAnimator(layout: layout)
        #expect(animator.isInLayoutMode)
        #expect(animator.layout === layout)
        let attributes = try cell(first, at: Point(x: 160, y: 100))
        try animator.addBehavior(try GravityBehavior(items: [attributes]))
        try animator.run(frames: 10)
        // 1 g = 1000 pt/s² for 1/6 s: y ≈ 100 + ½·1000·(1/6)² ≈ 113.9; at least 10 pt is unambiguous.
        #expect(attributes.center.y > 110)
        #expect(layout.log.count == 10)
        // The owner saw the step's final state each time, strictly falling.
        #expect(layout.log.centers.last == attributes.center)
        #expect(zip(layout.log.centers, layout.log.centers.dropFirst()).allSatisfy { $0.y < $1.y })
        // A frame shorter than a sub-step runs no physics, moves nothing and invalidates nothing;
        // the next one completes the carried sub-step and does.
        try animator.step(by: 1.0 / 240)
        #expect(layout.log.count == 10)
        try animator.step(by: 1.0 / 240)
        #expect(layout.log.count == 11)
    }

    @Test func stepsThatMoveNothingDoNotInvalidate() throws {
        let layout = RecordingLayout()
        let animator = try DynamicAnimator(layout: layout)
        try animator.addBehavior(try DynamicItemBehavior(items: [try cell(try path(0), at: Point(x: 50, y: 50))]))
        try animator.run(frames: 29)
        #expect(animator.isRunning)
        #expect(layout.log.count == 0)
    }

    @Test func layoutAttributesForCellFindsTheRightAttributes() throws {
        let animator = try DynamicAnimator(layout: RecordingLayout())
        let cells = try (0..<3).flatMap { section in
            try (0..<4).map { item in
                try cell(try path(item, in: section), at: Point(x: Double(item) * 120, y: Double(section) * 120))
            }
        }
        let members = try [cell(try path(0, in: 7), at: Point(x: 0, y: 600)),
                           cell(try path(1, in: 7), at: Point(x: 100, y: 600))]
        let group = try DynamicItemGroup(items: members)
        try animator.addBehavior(try DynamicItemBehavior(items: cells + [group]))
        for attributes in cells {
            #expect(animator.layoutAttributesForCell(at: attributes.indexPath) === attributes)
        }
        #expect(animator.layoutAttributesForCell(at: try path(1, in: 7)) === members[1])
        #expect(animator.layoutAttributesForCell(at: try path(4, in: 0)) == nil)
        #expect(animator.layoutAttributesForCell(at: try path(0, in: 3)) == nil)
    }

    @Test func offScreenAttributesSimulateAndPushVisibleOnes() throws {
        let visibleRect = Rect(x: 0, y: 0, width: 320, height: 480)
        // `visible` spans x 50…150; `offScreen` spans x −200…−100, left of the visible rect, and
        // moves right at 600 pt/s: it reaches `visible` after 0.25 s.
        let visible = try cell(try path(0), at: Point(x: 100, y: 240))
        let offScreen = try cell(try path(1), at: Point(x: -150, y: 240))
        let layout = RecordingLayout()
        let animator = try DynamicAnimator(layout: layout)
        let properties = try frictionless([visible, offScreen])
        properties.allowsRotation = false
        try animator.addBehavior(properties)
        try animator.addBehavior(try CollisionBehavior(items: [visible, offScreen]))
        try properties.addLinearVelocity(Vector(dx: 600, dy: 0), for: offScreen)

        #expect(identities(animator.layoutAttributes(in: visibleRect)) == identities([visible]))
        let visibleItems = animator.items(in: visibleRect)
        #expect(visibleItems.count == 1 && visibleItems.first === visible)
        try animator.run(frames: 3)
        // Off screen, yet simulated: it moved (600 pt/s × 0.05 s = 30 pt) and the owner was asked.
        #expect(offScreen.center.x > -150 + 25)
        #expect(identities(animator.layoutAttributes(in: visibleRect)) == identities([visible]))
        #expect(layout.log.count == 3)
        try animator.run(frames: 57)
        // Equal masses: the impact hands `visible` (close to) the whole momentum, so it has moved
        // far; 100 pt is a loose floor that a missing collision (0 pt) cannot reach.
        #expect(visible.center.x > 200)
        #expect(identities(animator.layoutAttributes(in: visibleRect)) == identities([visible, offScreen]))
    }

    @Test func detachingPausesAndStopsInvalidation() throws {
        let attributes = try cell(try path(0), at: Point(x: 160, y: 100))
        let layout = RecordingLayout()
        let animator = try DynamicAnimator(layout: layout)
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        try animator.addBehavior(try GravityBehavior(items: [attributes]))
        try animator.run(frames: 5)
        #expect(layout.log.count == 5)
        animator.detachLayout()
        #expect(!animator.isRunning)
        #expect(animator.layout == nil)
        #expect(recorder.events == ["resume", "pause"])
        let center = attributes.center, substeps = animator.substepCount
        try animator.run(frames: 10)
        // A change that would resume a normal animator does not resume a detached one.
        try animator.addBehavior(try GravityBehavior(items: [try cell(try path(1), at: .zero)]))
        animator.detachLayout()
        try animator.run(frames: 10)
        #expect(!animator.isRunning)
        #expect(recorder.events == ["resume", "pause"])
        #expect(layout.log.count == 5)
        #expect(attributes.center == center)
        #expect(animator.substepCount == substeps)
    }

    @Test func releasingTheLayoutPausesAtTheNextStep() throws {
        let attributes = try cell(try path(0), at: Point(x: 160, y: 100))
        let log = InvalidationLog()
        var layout: RecordingLayout? = RecordingLayout(log: log)
        let animator = try DynamicAnimator(layout: layout!)
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        try animator.addBehavior(try GravityBehavior(items: [attributes]))
        try animator.run(frames: 5)
        #expect(log.count == 5)
        layout = nil
        #expect(animator.layout == nil)
        let center = attributes.center, substeps = animator.substepCount
        try animator.run(frames: 10)
        #expect(!animator.isRunning)
        #expect(recorder.events == ["resume", "pause"])
        #expect(log.count == 5)
        #expect(attributes.center == center)
        #expect(animator.substepCount == substeps)
    }

    @Test func detachingFromInsideTheCallbackPausesOnce() throws {
        let layout = RecordingLayout()
        layout.detachOnInvalidate = true
        let animator = try DynamicAnimator(layout: layout)
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        try animator.addBehavior(try GravityBehavior(items: [try cell(try path(0), at: .zero)]))
        try animator.run(frames: 5)
        #expect(layout.log.count == 1)
        #expect(!animator.isRunning)
        #expect(recorder.events == ["resume", "pause"])
    }

    @Test func animatorsOutsideLayoutModeIgnoreDetach() throws {
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [largeItem()]))
        #expect(!animator.isInLayoutMode)
        animator.detachLayout()
        #expect(animator.isRunning)
        try animator.run(frames: 1)
        #expect(animator.isRunning)
    }
}
