import Dynamics
import Testing

/// Invalid input gets a typed error naming the problem; nothing traps, nothing turns into NaN.
@Suite struct ValidationTests {
    @Test(arguments: [Size(width: 0, height: 10), Size(width: -1, height: 10), Size(width: .nan, height: 1),
                      Size(width: 1, height: .infinity)])
    func invalidSizesAreRejected(size: Size) throws {
        let item = HeadlessItem(center: .zero, size: size)
        // Pattern-matched, since a NaN size never equals itself.
        #expect {
            try GravityBehavior(items: [item])
        } throws: { error in
            guard case .invalidItemSize(let reported) = error as? DynamicsError else { return false }
            return reported.width.bitPattern == size.width.bitPattern && reported.height.bitPattern == size.height.bitPattern
        }
    }

    @Test func nonFiniteCentersAreRejected() throws {
        let item = HeadlessItem(center: Point(x: .nan, y: 0), size: Size(width: 1, height: 1))
        let gravity = try GravityBehavior()
        #expect(throws: DynamicsError.self) { try gravity.addItem(item) }
        #expect(gravity.items.isEmpty)
    }

    @Test func anItemMadeInvalidBeforeJoiningFailsTheStepNotTheState() throws {
        let item = largeItem()
        let gravity = try GravityBehavior(items: [item])
        item.center = Point(x: .infinity, y: 0)
        let animator = try DynamicAnimator()
        #expect(throws: DynamicsError.self) { try animator.addBehavior(gravity) }
    }

    @Test func updateItemRejectsANonFiniteCenterAndKeepsTheState() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.step(by: 1.0 / 60)
        let before = item.center
        item.center = Point(x: 0, y: .nan)
        #expect {
            try animator.updateItem(usingCurrentState: item)
        } throws: { error in
            guard case .nonFiniteItemCenter(let center) = error as? DynamicsError else { return false }
            return center.y.isNaN
        }
        try animator.step(by: 1.0 / 60)
        #expect(item.center.y > before.y)
    }

    @Test func nonFiniteBehaviorParametersFailTheStep() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let gravity = try GravityBehavior(items: [item])
        try animator.addBehavior(gravity)
        gravity.magnitude = .nan
        #expect {
            try animator.step(by: 1.0 / 60)
        } throws: { error in
            guard case .invalidParameter("GravityBehavior", "magnitude", let value) = error as? DynamicsError else { return false }
            return value.isNaN
        }
        #expect(item.center == .zero)
        gravity.magnitude = 1
        try animator.step(by: 1.0 / 60)
        #expect(item.center.y > 0)
    }

    @Test(arguments: ["elasticity", "elasticity above 1", "friction", "density", "resistance", "angularResistance"])
    func outOfRangePropertiesFailTheStep(property: String) throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let behavior = try DynamicItemBehavior(items: [item])
        switch property {
        case "elasticity": behavior.elasticity = -1
        case "elasticity above 1": behavior.elasticity = 5
        case "friction": behavior.friction = -1
        case "density": behavior.density = 0
        case "resistance": behavior.resistance = -1
        default: behavior.angularResistance = .infinity
        }
        try animator.addBehavior(behavior)
        #expect {
            try animator.step(by: 1.0 / 60)
        } throws: { error in
            guard case .invalidParameter(_, let name, _) = error as? DynamicsError else { return false }
            return name == property.prefix { $0 != " " }
        }
    }

    @Test(arguments: [-1.0, .nan, .infinity])
    func invalidTimeIntervalsAreRejected(duration: Double) throws {
        let animator = try DynamicAnimator()
        #expect(throws: DynamicsError.self) { try animator.step(by: duration) }
    }

    @Test func invalidReferenceBoundsAndConfigurationAreRejected() {
        #expect(throws: DynamicsError.self) { try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 0, height: 10)) }
        var configuration = AnimatorConfiguration()
        configuration.substepDuration = 0
        #expect(throws: DynamicsError.self) { try DynamicAnimator(configuration: configuration) }
    }
}
