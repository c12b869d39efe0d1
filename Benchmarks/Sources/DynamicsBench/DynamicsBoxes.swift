import Dynamics

/// A ``SceneLayout`` in this engine: items with the pair friction, elasticity 0, no resistance,
/// gravity (magnitude 1 is 1000 pt/s²), collision with each other and the segments (named
/// boundaries) unless the layout says not, pins as pin attachments, rest detection effectively off
/// (the animator never pauses), island sleep off unless `sleeps`. Iterations are the engine's
/// defaults, sub-steps too unless the layout sets them; the contact solver is `solver` (the
/// default soft step, or the rigid solver).
final class DynamicsBoxes: BoxScene {
    static let engineName = "Dynamics"
    let animator: DynamicAnimator
    let items: [HeadlessItem]

    init(_ layout: SceneLayout, solver: ContactSolver, sleeps: Bool = false) throws {
        var configuration = AnimatorConfiguration()
        configuration.contactSolver = solver
        configuration.restDuration = 1e9
        if let substeps = layout.substeps { configuration.substepDuration = 1 / (60 * Double(substeps)) }
        if !sleeps { configuration.islandSleepDuration = .infinity }
        animator = try DynamicAnimator(configuration: configuration)
        let size = Size(width: layout.shape.extent, height: layout.shape.extent)
        let bounds: CollisionBoundsType = if case .circle = layout.shape { .ellipse } else { .rectangle }
        items = layout.poses.map { HeadlessItem(center: Point(x: $0.x, y: $0.y), size: size, angle: $0.angle, collisionBoundsType: bounds) }
        let properties = try DynamicItemBehavior(items: items)
        properties.friction = layout.pairFriction
        properties.elasticity = 0
        properties.density = 1
        try animator.addBehavior(properties)
        let gravity = try GravityBehavior(items: items)
        gravity.magnitude = layout.gravity / GravityBehavior.pointsPerSecondSquaredPerUnit
        try animator.addBehavior(gravity)
        if layout.collides {
            let collision = try CollisionBehavior(items: items)
            for (index, segment) in layout.segments.enumerated() {
                try collision.addBoundary(withIdentifier: "segment \(index)", from: Point(x: segment.ax, y: segment.ay),
                                          to: Point(x: segment.bx, y: segment.by))
            }
            try animator.addBehavior(collision)
        }
        for pin in layout.pins {
            let anchor = Point(x: pin.x, y: pin.y)
            try animator.addBehavior(try pin.b.map { try AttachmentBehavior.pin(item: items[pin.a], attachedTo: items[$0], attachmentAnchor: anchor) }
                ?? AttachmentBehavior.pin(item: items[pin.a], attachmentAnchor: anchor))
        }
    }

    func step() throws {
        try animator.step(by: 1.0 / 60)
    }

    var poses: [SceneLayout.Pose] {
        items.map { SceneLayout.Pose(x: $0.center.x, y: $0.center.y, angle: $0.transform.rotationAngle) }
    }

    var largestSpeed: Double {
        items.compactMap { animator.linearVelocity(for: $0)?.length }.max() ?? 0
    }
}
