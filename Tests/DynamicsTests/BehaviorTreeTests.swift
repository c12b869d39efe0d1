import Dynamics
import PropertyBased
import Testing

@Suite struct BehaviorTreeTests {
    /// One force of a randomly generated scenario.
    struct Force: Sendable {
        var isGravity: Bool
        var dx: Double
        var dy: Double
        var itemMask: Int
    }

    /// Builds the forces as top-level behaviors (flat) or grouped into nested composites
    /// (`nesting` decides the grouping), then runs 1 s and returns every item's final state.
    static func finalStates(_ forces: [Force], nesting: [Int]?) throws -> [Double] {
        let items = (0..<3).map { HeadlessItem(center: Point(x: Double($0) * 200, y: 0), size: Size(width: 40 + Double($0) * 30, height: 60)) }
        let animator = try DynamicAnimator()
        var behaviors: [DynamicBehavior] = []
        for force in forces {
            let chosen = items.indices.filter { force.itemMask & (1 << $0) != 0 }.map { items[$0] }
            if force.isGravity {
                let gravity = try GravityBehavior(items: chosen)
                gravity.gravityDirection = Vector(dx: force.dx, dy: force.dy)
                behaviors.append(gravity)
            } else {
                let push = try PushBehavior(items: chosen, mode: .continuous)
                push.pushDirection = Vector(dx: force.dx, dy: force.dy)
                for item in chosen { push.setTargetOffsetFromCenter(Vector(dx: force.dy, dy: -force.dx), for: item) }
                behaviors.append(push)
            }
        }
        if let nesting {
            // Consecutive runs of behaviors go under nested composites: pre-order stays the same.
            var index = 0, depthParent: DynamicBehavior? = nil
            for size in nesting where index < behaviors.count {
                let group = DynamicBehavior()
                for behavior in behaviors[index..<min(behaviors.count, index + size)] { try group.addChildBehavior(behavior) }
                index = min(behaviors.count, index + size)
                if let parent = depthParent { try parent.addChildBehavior(group) } else { try animator.addBehavior(group) }
                depthParent = group
            }
            for behavior in behaviors[index...] { try animator.addBehavior(behavior) }
        } else {
            for behavior in behaviors { try animator.addBehavior(behavior) }
        }
        try animator.run(frames: 60)
        return items.flatMap { [$0.center.x, $0.center.y, $0.transform.rotationAngle] }
    }

    @Test func flatAndNestedTreesGiveBitIdenticalTrajectories() async {
        let force = zip(Gen.bool, Gen.double(in: -2...2), Gen.double(in: -2...2), Gen.int(in: 1...7))
            .map { Force(isGravity: $0.0, dx: $0.1, dy: $0.2, itemMask: $0.3) }
        await propertyCheck(count: 40, input: force.array(of: 1...6), Gen.int(in: 1...3).array(of: 1...3)) { forces, nesting in
            let flat = try! Self.finalStates(forces, nesting: nil)
            let nested = try! Self.finalStates(forces, nesting: nesting)
            #expect(flat.map(\.bitPattern) == nested.map(\.bitPattern))
        }
    }

    @Test func addingTheSameBehaviorTwiceIsIgnored() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let gravity = try GravityBehavior(items: [item])
        try animator.addBehavior(gravity)
        try animator.addBehavior(gravity)
        #expect(animator.behaviors.count == 1)
        try animator.run(frames: 60)
        // One gravity, not two: y = ½·1000·1² with the default resistance 0.1 lowering it a little.
        #expect(item.center.y < 500 && item.center.y > 450)
    }

    @Test func aBehaviorBelongsToAtMostOneAnimator() throws {
        let gravity = try GravityBehavior(items: [largeItem()])
        let first = try DynamicAnimator(), second = try DynamicAnimator()
        try first.addBehavior(gravity)
        #expect(throws: DynamicsError.behaviorBelongsToAnotherAnimator) { try second.addBehavior(gravity) }
        let parent = DynamicBehavior()
        try second.addBehavior(parent)
        #expect(throws: DynamicsError.behaviorBelongsToAnotherAnimator) { try parent.addChildBehavior(gravity) }
    }

    @Test func aBehaviorCannotBeItsOwnAncestor() throws {
        let outer = DynamicBehavior(), inner = DynamicBehavior()
        try outer.addChildBehavior(inner)
        #expect(throws: DynamicsError.behaviorCycle) { try inner.addChildBehavior(outer) }
        #expect(throws: DynamicsError.behaviorCycle) { try outer.addChildBehavior(outer) }
    }

    @Test func willMoveIsCalledOnTheWholeSubtree() throws {
        final class Probe: DynamicBehavior {
            var moves: [Bool] = []
            override func willMove(to animator: DynamicAnimator?) { moves.append(animator != nil) }
        }
        let parent = Probe(), child = Probe()
        try parent.addChildBehavior(child)
        let animator = try DynamicAnimator()
        try animator.addBehavior(parent)
        animator.removeBehavior(parent)
        #expect(parent.moves == [true, false])
        #expect(child.moves == [true, false])
        #expect(child.dynamicAnimator == nil)
    }

    @Test func additionsFromAnActionTakeEffectAfterTheStep() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let trigger = DynamicBehavior()
        let push = try PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = Vector(dx: 1, dy: 0)
        var velocitiesSeenInAction: [Double] = []
        trigger.action = { [unowned animator] in
            velocitiesSeenInAction.append(animator.linearVelocity(for: item)?.dx ?? -1)
            try? animator.addBehavior(push)
        }
        try animator.addBehavior(trigger)
        try animator.addBehavior(try frictionless([item]))
        try animator.step(by: 1.0 / 60)
        // The push was added during step 1, so step 1 saw no force...
        #expect(animator.linearVelocity(for: item)?.dx == 0)
        try animator.step(by: 1.0 / 60)
        // ...and step 2 ran it for one frame: 100 pt/s² × 1/60 s.
        #expect(abs((animator.linearVelocity(for: item)?.dx ?? 0) - 100.0 / 60) < 1e-12)
        // Actions run after the physics of their step.
        #expect(velocitiesSeenInAction == [0, 100.0 / 60])
    }

    @Test func removalFromAnActionStopsTheInfluenceAfterTheStep() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let gravity = try GravityBehavior(items: [item])
        gravity.action = { [unowned animator, unowned gravity] in animator.removeBehavior(gravity) }
        try animator.addBehavior(gravity)
        try animator.addBehavior(try frictionless([item]))
        try animator.step(by: 1.0 / 60)
        let velocity = animator.linearVelocity(for: item)
        try animator.step(by: 1.0 / 60)
        #expect(animator.linearVelocity(for: item) == velocity)
        #expect(abs((velocity?.dy ?? 0) - 1000.0 / 60) < 1e-12)
    }

    @Test func anItemLeavesTheAnimatorWithItsLastBehavior() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let gravity = try GravityBehavior(items: [item])
        try animator.addBehavior(gravity)
        try animator.run(frames: 2)
        gravity.removeItem(item)
        #expect(animator.items.isEmpty)
        let position = item.center
        try animator.run(frames: 2)
        #expect(item.center == position)
    }

    @Test func removingAllChildrenStopsTheirInfluenceAndFreesThem() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let composite = DynamicBehavior()
        let gravity = try GravityBehavior(items: [item]), push = try PushBehavior(items: [item], mode: .continuous)
        push.magnitude = 1
        try composite.addChildBehavior(gravity)
        try composite.addChildBehavior(push)
        try animator.addBehavior(composite)
        try animator.addBehavior(try frictionless([item]))
        try animator.step(by: 1.0 / 60)
        composite.removeAllChildBehaviors()
        #expect(composite.childBehaviors.isEmpty)
        #expect(gravity.parent == nil && push.parent == nil)
        #expect(gravity.dynamicAnimator == nil && push.dynamicAnimator == nil)
        // No force acts any more: the item coasts at the velocity it had.
        let velocity = animator.linearVelocity(for: item)
        try animator.step(by: 1.0 / 60)
        #expect(animator.linearVelocity(for: item) == velocity)
        // A freed child can be added again elsewhere.
        try animator.addBehavior(gravity)
        try animator.step(by: 1.0 / 60)
        #expect(animator.linearVelocity(for: item) != velocity)
    }
}
