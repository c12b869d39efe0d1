import Dynamics

/// A ``BoxLayout`` in this engine: boxes with friction 0.5 (pair-wise √(0.5·0.5)), elasticity 0,
/// no resistance, gravity, collision with the floor and two walls, rest detection effectively off
/// (the animator never pauses), island sleep off unless `sleeps`. Sub-steps and iterations are
/// the engine's defaults; the contact solver is `solver` (the default soft step, or the rigid solver).
final class DynamicsBoxes: BoxScene {
    static let engineName = "Dynamics"
    let animator: DynamicAnimator
    let boxes: [HeadlessItem]

    init(_ layout: BoxLayout, solver: ContactSolver, sleeps: Bool = false) throws {
        var configuration = AnimatorConfiguration()
        configuration.contactSolver = solver
        configuration.restDuration = 1e9
        if !sleeps { configuration.islandSleepDuration = .infinity }
        animator = try DynamicAnimator(configuration: configuration)
        let size = Size(width: BoxLayout.boxSize, height: BoxLayout.boxSize)
        boxes = layout.poses.map { HeadlessItem(center: Point(x: $0.x, y: $0.y), size: size, angle: $0.angle) }
        let properties = try DynamicItemBehavior(items: boxes)
        properties.friction = BoxLayout.pairFriction
        properties.elasticity = 0
        properties.density = 1
        try animator.addBehavior(properties)
        try animator.addBehavior(try GravityBehavior(items: boxes))
        let collision = try CollisionBehavior(items: boxes)
        let (w, floor) = (layout.width, BoxLayout.floor)
        try collision.addBoundary(withIdentifier: "floor", from: Point(x: 0, y: floor), to: Point(x: w, y: floor))
        try collision.addBoundary(withIdentifier: "left", from: Point(x: 0, y: -10 * floor), to: Point(x: 0, y: floor))
        try collision.addBoundary(withIdentifier: "right", from: Point(x: w, y: -10 * floor), to: Point(x: w, y: floor))
        try animator.addBehavior(collision)
    }

    func step() throws {
        try animator.step(by: 1.0 / 60)
    }

    var centers: [(x: Double, y: Double)] { boxes.map { ($0.center.x, $0.center.y) } }

    var largestSpeed: Double {
        boxes.compactMap { animator.linearVelocity(for: $0)?.length }.max() ?? 0
    }
}
