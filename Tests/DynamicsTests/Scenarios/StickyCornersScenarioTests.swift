import Dynamics
import Foundation
import Testing

/// Seed 002's sticky corners, rebuilt headless through the public API and judged by its outcome
/// (the runnable version is `Examples/seed-sticky-corners.json`).
@Suite struct StickyCornersScenarioTests {
    /// Seed 002's sticky corners: four quadrant regions of a 400×800 pt screen, each a spring
    /// field pulling toward the quadrant's centre, a drag field over the whole screen, rotation
    /// off; an ellipse or path item thrown from the middle. Returns where it ends after 10 s.
    static func stickyCorners(throw velocity: Vector, shape: CollisionBoundsType) throws -> Point {
        // A hexagon whose centroid is its center, so that the item starts where the four
        // quadrants meet, like the ellipse.
        let path: [Point]? = shape == .path
            ? [Point(x: -30, y: 0), Point(x: -15, y: -26), Point(x: 15, y: -26), Point(x: 30, y: 0), Point(x: 15, y: 26),
               Point(x: -15, y: 26)] : nil
        let item = HeadlessItem(center: Point(x: 200, y: 400), size: Size(width: 60, height: 60), collisionBoundsType: shape,
                                collisionBoundingPath: path)
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 800))
        let collision = try CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        let properties = try DynamicItemBehavior(items: [item])
        properties.allowsRotation = false
        try animator.addBehavior(properties)
        // A region is centred on its field's position, and a spring field pulls toward that
        // position: each quadrant's field sits at the quadrant's centre.
        for centre in Self.quadrantCentres {
            let spring = try FieldBehavior(kind: .spring, items: [item])
            spring.position = centre
            spring.region = .rectangle(size: Size(width: 200, height: 400))
            spring.strength = 20
            try animator.addBehavior(spring)
        }
        let drag = try FieldBehavior(kind: .drag(direction: .zero), items: [item])
        drag.strength = 2
        try animator.addBehavior(drag)
        try properties.addLinearVelocity(velocity, for: item)
        try animator.run(frames: 600)
        return item.center
    }

    static let quadrantCentres = [Point(x: 100, y: 200), Point(x: 300, y: 200), Point(x: 100, y: 600), Point(x: 300, y: 600)]

    @Test(arguments: [CollisionBoundsType.ellipse, .path])
    func aThrownItemSettlesInTheQuadrantItWasThrownInto(shape: CollisionBoundsType) throws {
        let flicks: [(Vector, Point)] = [(Vector(dx: -300, dy: -600), Self.quadrantCentres[0]), (Vector(dx: 300, dy: -600), Self.quadrantCentres[1]),
                                         (Vector(dx: -300, dy: 600), Self.quadrantCentres[2]), (Vector(dx: 300, dy: 600), Self.quadrantCentres[3])]
        for (velocity, corner) in flicks {
            let end = try Self.stickyCorners(throw: velocity, shape: shape)
            // Each quadrant's spring pulls toward its centre; drag bleeds the speed, so the item
            // settles there. 5 pt is a twelfth of the item.
            #expect((end - corner).length <= 5, "thrown at \(velocity): ended at \(end), quadrant centre \(corner)")
        }
    }
}
