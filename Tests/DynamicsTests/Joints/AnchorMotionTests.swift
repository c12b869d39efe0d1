import Dynamics
import Testing

/// A moved world anchor: dragged over the next frame once its joint has run, placed before that,
/// and the same whether or not the behavior tree changed in between.
@Suite struct AnchorMotionTests {
    /// An item hanging from a rod to an anchor, under gravity, plus a second behavior (gravity on a
    /// far item) that can be removed and added back without changing the order items join.
    private struct Rig {
        let animator: DynamicAnimator
        let item = HeadlessItem(center: Point(x: 0, y: 100), size: Size(width: 20, height: 20))
        let bystander = HeadlessItem(center: Point(x: 5000, y: 0), size: Size(width: 20, height: 20))
        let rod: AttachmentBehavior
        let last: GravityBehavior

        init() throws {
            animator = try DynamicAnimator()
            rod = try AttachmentBehavior(item: item, attachedToAnchor: Point(x: 0, y: 0))
            last = try GravityBehavior(items: [bystander])
            try animator.addBehavior(try GravityBehavior(items: [item]))
            try animator.addBehavior(rod)
            try animator.addBehavior(last)
        }

        /// Removes the last behavior and adds it back: the tree is the same, but waits to be resolved.
        func changeTree() throws {
            animator.removeBehavior(last)
            try animator.addBehavior(last)
        }
    }

    @Test(arguments: [false, true])
    func aDragAfterTheFirstFrameIsTheSameWhenTheTreeChangedBeforeIt(changesTree: Bool) throws {
        let plain = try Rig(), changed = try Rig()
        for rig in [plain, changed] {
            for _ in 0..<3 { try rig.animator.step(by: 1.0 / 60) }
        }
        if changesTree { try changed.changeTree() }
        for rig in [plain, changed] {
            rig.rod.anchorPoint = Point(x: 40, y: 0)
            try rig.animator.step(by: 1.0 / 60)
        }
        // Bit-identical: the same inputs, the anchor dragged over the frame in both.
        #expect(changed.item.center == plain.item.center)
        #expect(changed.animator.linearVelocity(for: changed.item) == plain.animator.linearVelocity(for: plain.item))
        // And it was dragged: the item picked up speed toward the new anchor within one frame, which
        // a placed anchor (the item then swinging from rest) would not give it.
        // (About 99 pt/s here; from rest the swing reaches g·0.4·(1/60) ≈ 7 pt/s in one frame.)
        #expect((plain.animator.linearVelocity(for: plain.item)?.dx ?? 0) > 50)
    }

    @Test func anAnchorMovedBeforeTheFirstSubstepIsPlacedThere() throws {
        // Resolved (reading the properties resolves the tree) but not yet run: nothing to drag from.
        let moved = try Rig()
        _ = moved.animator.resolvedProperties(for: moved.item)
        moved.rod.anchorPoint = Point(x: 40, y: 0)
        try moved.animator.step(by: 1.0 / 60)
        // The same rod (its length fixed when it was made), its anchor moved before anything was
        // resolved: placed by the first resolve.
        let made = try Rig()
        made.rod.anchorPoint = Point(x: 40, y: 0)
        try made.animator.step(by: 1.0 / 60)
        #expect(moved.item.center == made.item.center)
        #expect(moved.animator.linearVelocity(for: moved.item) == made.animator.linearVelocity(for: made.item))
    }
}
