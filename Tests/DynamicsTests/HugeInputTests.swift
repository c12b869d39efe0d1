import Dynamics
import Testing

/// Finite but huge inputs through the public API keep every state finite and every item inside
/// the reference bounds: speeds are limited to `maximumLinearSpeed` and a quarter turn per
/// sub-step, and the reference bounds are one-sided, so nothing overflows or escapes.
@Suite struct HugeInputTests {
    /// One way to hand the item a huge value: it adds behaviors to the animator.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let setUp: @Sendable (HeadlessItem, DynamicAnimator) throws -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "continuous push 1e300") { item, animator in
            let push = try PushBehavior(items: [item], mode: .continuous)
            push.setAngle(0.3, magnitude: 1e300)
            try animator.addBehavior(push)
        },
        Case(name: "instantaneous push 1e300") { item, animator in
            let push = try PushBehavior(items: [item], mode: .instantaneous)
            push.setAngle(-2, magnitude: 1e300)
            try animator.addBehavior(push)
        },
        Case(name: "instantaneous push 1e12") { item, animator in
            let push = try PushBehavior(items: [item], mode: .instantaneous)
            push.setAngle(0.7, magnitude: 1e12)
            try animator.addBehavior(push)
        },
        Case(name: "gravity magnitude 1e300") { item, animator in
            let gravity = try GravityBehavior(items: [item])
            gravity.magnitude = 1e300
            try animator.addBehavior(gravity)
        },
        Case(name: "gravity vector (1e300, 1e300)") { item, animator in
            let gravity = try GravityBehavior(items: [item])
            gravity.gravityDirection = Vector(dx: 1e300, dy: 1e300)
            try animator.addBehavior(gravity)
        },
        Case(name: "added linear velocity 1e300") { item, animator in
            let properties = try DynamicItemBehavior(items: [item])
            try properties.addLinearVelocity(Vector(dx: 1e300, dy: -1e300), for: item)
            try animator.addBehavior(properties)
        },
        Case(name: "added angular velocity 1e300") { item, animator in
            let properties = try DynamicItemBehavior(items: [item])
            try properties.addAngularVelocity(1e300, for: item)
            try animator.addBehavior(properties)
        },
        Case(name: "attachment length 1e300") { item, animator in
            let attachment = try AttachmentBehavior(item: item, attachedToAnchor: Point(x: 200, y: 150))
            attachment.length = 1e300
            try animator.addBehavior(attachment)
        },
        Case(name: "spring attachment length 1e300") { item, animator in
            let attachment = try AttachmentBehavior(item: item, attachedToAnchor: Point(x: 200, y: 150))
            attachment.length = 1e300
            attachment.frequency = 2
            try animator.addBehavior(attachment)
        },
        Case(name: "radial gravity strength 1e300") { item, animator in
            let field = try FieldBehavior(kind: .radialGravity, items: [item])
            field.position = Point(x: 300, y: 250)
            field.strength = 1e300
            try animator.addBehavior(field)
        },
        Case(name: "linear gravity field strength 1e300") { item, animator in
            let field = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 1, dy: 1)), items: [item])
            field.strength = 1e300
            try animator.addBehavior(field)
        },
        Case(name: "opposing fields of strength 1e308") { item, animator in
            for direction in [Vector(dx: 1, dy: 0), Vector(dx: -1, dy: 0)] {
                let field = try FieldBehavior(kind: .linearGravity(direction: direction), items: [item])
                field.strength = 1e308
                try animator.addBehavior(field)
            }
        },
    ]

    @Test(arguments: cases)
    func hugeInputsStayFiniteAndInside(_ huge: Case) throws {
        let bounds = Rect(x: 0, y: 0, width: 400, height: 400)
        let item = HeadlessItem(center: Point(x: 200, y: 200), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator(referenceBounds: bounds)
        let collision = try CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try huge.setUp(item, animator)
        for frame in 0..<120 {
            try animator.step(by: 1.0 / 60)
            let center = item.center
            try #require(center.x.isFinite && center.y.isFinite && item.transform.isFinite, "frame \(frame)")
            // The center stays inside: the one-sided edges never let it cross (0.01 pt: rounding
            // of the contact geometry, far below anything visible).
            #expect(center.x >= -0.01 && center.x <= 400.01 && center.y >= -0.01 && center.y <= 400.01,
                    "frame \(frame): center \(center)")
        }
    }

    @Test func theSpeedLimitIsTheConfiguredOne() throws {
        var configuration = AnimatorConfiguration()
        configuration.maximumLinearSpeed = 5_000
        let item = HeadlessItem(center: .zero, size: Size(width: 10, height: 10))
        let animator = try DynamicAnimator(configuration: configuration)
        let properties = try DynamicItemBehavior(items: [item])
        properties.resistance = 0
        try properties.addLinearVelocity(Vector(dx: 3e6, dy: 4e6), for: item)
        try animator.addBehavior(properties)
        try animator.step(by: 1.0 / 60)
        let velocity = properties.linearVelocity(for: item)
        // Scaled to the limit along its direction (3 : 4), up to rounding.
        #expect(abs(velocity.length - 5_000) < 1e-9 * 5_000)
        #expect(abs(velocity.dx / velocity.dy - 0.75) < 1e-12)
    }

    @Test(arguments: [0.0, -1, .infinity, .nan])
    func anImpossibleSpeedLimitIsRefused(limit: Double) {
        var configuration = AnimatorConfiguration()
        configuration.maximumLinearSpeed = limit
        #expect {
            try DynamicAnimator(configuration: configuration)
        } throws: { error in
            guard case .invalidParameter(_, "maximumLinearSpeed", _) = error as? DynamicsError else { return false }
            return true
        }
    }

    @Test func rotationIsLimitedToAQuarterTurnPerSubstep() throws {
        let item = HeadlessItem(center: .zero, size: Size(width: 10, height: 10))
        let animator = try DynamicAnimator()
        let properties = try DynamicItemBehavior(items: [item])
        properties.angularResistance = 0
        try properties.addAngularVelocity(1e6, for: item)
        try animator.addBehavior(properties)
        try animator.step(by: 1.0 / 60)
        let limit = 0.25 * Double.pi * 120
        #expect(abs(properties.angularVelocity(for: item) - limit) < 1e-9 * limit)
    }
}
