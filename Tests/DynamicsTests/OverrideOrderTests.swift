import Dynamics
import Testing

/// The override rule: a pre-order depth-first walk, the last explicit write wins, property by
/// property; position in the tree decides, not recency.
@Suite struct OverrideOrderTests {
    @Test func itemWithNoItemBehaviorHasTheDefaults() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [item]))
        let properties = try #require(animator.resolvedProperties(for: item))
        #expect(properties == ItemProperties.defaults)
        #expect(properties.elasticity == 0.2 && properties.friction == 0.2 && properties.density == 1)
        #expect(properties.resistance == 0.1 && properties.angularResistance == 0.1)
        #expect(properties.allowsRotation && !properties.isAnchored && properties.charge == 0)
    }

    @Test func laterBehaviorInTheWalkWinsPropertyByProperty() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let first = try DynamicItemBehavior(items: [item])
        first.elasticity = 0.5
        first.friction = 0.9
        let second = try DynamicItemBehavior(items: [item])
        second.elasticity = 0.7
        try animator.addBehavior(first)
        try animator.addBehavior(second)
        let properties = try #require(animator.resolvedProperties(for: item))
        #expect(properties.elasticity == 0.7)
        #expect(properties.friction == 0.9)
    }

    /// Seed 001's example: remove a behavior (its property returns to the default), then add a
    /// new one at the same place; a behavior later in the walk still wins over the newer one.
    @Test func seedExampleTreePositionDecidesNotRecency() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let root = DynamicBehavior()
        let elasticHalf = try DynamicItemBehavior(items: [item])
        elasticHalf.elasticity = 0.5
        let middle = DynamicBehavior()
        let friction = try DynamicItemBehavior(items: [item])
        friction.friction = 0.7
        try root.addChildBehavior(try GravityBehavior(items: [item]))
        try root.addChildBehavior(elasticHalf)
        try root.addChildBehavior(middle)
        try middle.addChildBehavior(friction)
        let elasticLast = try DynamicItemBehavior(items: [item])
        elasticLast.elasticity = 0.3
        try animator.addBehavior(root)
        try animator.addBehavior(elasticLast)
        #expect(animator.resolvedProperties(for: item)?.elasticity == 0.3)
        #expect(animator.resolvedProperties(for: item)?.friction == 0.7)

        middle.removeChildBehavior(friction)
        #expect(animator.resolvedProperties(for: item)?.friction == ItemProperties.defaults.friction)

        let newest = try DynamicItemBehavior(items: [item])
        newest.elasticity = 0.9
        try middle.addChildBehavior(newest)
        #expect(animator.resolvedProperties(for: item)?.elasticity == 0.3)
    }

    @Test func removingABehaviorReturnsItsPropertiesToTheDefaults() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let properties = try DynamicItemBehavior(items: [item])
        properties.resistance = 3
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.addBehavior(properties)
        #expect(animator.resolvedProperties(for: item)?.resistance == 3)
        animator.removeBehavior(properties)
        #expect(animator.resolvedProperties(for: item)?.resistance == 0.1)
    }

    @Test func resolvedResistanceGovernsTheMotion() throws {
        func fall(resistances: [Double]) throws -> Double {
            let item = largeItem()
            let animator = try DynamicAnimator()
            try animator.addBehavior(try GravityBehavior(items: [item]))
            for value in resistances {
                let behavior = try DynamicItemBehavior(items: [item])
                behavior.resistance = value
                try animator.addBehavior(behavior)
            }
            try animator.run(frames: 60)
            return item.center.y
        }
        #expect(try fall(resistances: [5, 0]) == fall(resistances: [0]))
        #expect(try fall(resistances: [0, 5]) == fall(resistances: [5]))
        #expect(try fall(resistances: [0, 5]) < fall(resistances: [5, 0]))
    }
}
