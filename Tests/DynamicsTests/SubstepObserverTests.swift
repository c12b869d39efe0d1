import Dynamics
import Testing

/// The sub-step observer sees every sub-step, and `simulatedCenter(of:)` gives the physics'
/// center of items and group members there, which items receive only when the frame ends.
@Suite struct SubstepObserverTests {
    @Test func theObserverSeesEverySubstepsCenter() throws {
        let single = smallItem(at: Point(x: 0, y: 0))
        let left = smallItem(at: Point(x: 200, y: 0)), right = smallItem(at: Point(x: 260, y: 0))
        let group = try DynamicItemGroup(items: [left, right])
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [single, group]))
        try animator.addBehavior(try frictionless([single, group]))
        var seen: [[Point]] = []
        animator.substepObserver = { animator in
            seen.append(([single, left, right, group] as [any DynamicItem]).compactMap { animator.simulatedCenter(of: $0) })
        }
        #expect(animator.simulatedCenter(of: smallItem()) == nil, "an item the animator does not simulate")
        for frame in 1...3 {
            let before = single.center
            try animator.step(by: 1.0 / 60)
            // Two 1/120 s sub-steps a frame; the last is what the items received.
            #expect(seen.count == 2 * frame)
            let last = try #require(seen.last), middle = seen[seen.count - 2]
            #expect(last == [single.center, left.center, right.center, group.center])
            #expect(middle[0].y > before.y && middle[0].y < single.center.y, "falling: mid-frame lies between the frames")
            #expect(abs(middle[2].x - middle[1].x - 60) < 1e-9, "members keep their places in the group")
        }
        animator.substepObserver = nil
        try animator.step(by: 1.0 / 60)
        #expect(seen.count == 6)
    }
}
