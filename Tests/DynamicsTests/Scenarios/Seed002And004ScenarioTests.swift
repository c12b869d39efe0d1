import Dynamics
import Foundation
import Testing

/// The interactions of seeds 002 (sticky corners) and 004 (the flipbook), rebuilt headless and
/// judged by their outcome.
@Suite struct Seed002And004ScenarioTests {
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

    /// Records which items stopped touching the light pole: there the page starts to fade.
    final class FadeStarter: CollisionBehaviorDelegate {
        var fading: [ObjectIdentifier] = []
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                               with item2: any DynamicItem, at point: Point) {}
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {}
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                               withBoundaryIdentifier identifier: String?, at point: Point) {}
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                               withBoundaryIdentifier identifier: String?) {
            if identifier == "light pole", !fading.contains(ObjectIdentifier(item)) { fading.append(ObjectIdentifier(item)) }
        }
    }

    @Test func flipbookPagesHitThePoleFadeAndLeaveTheAnimator() throws {
        // Seed 004's flipbook on a 320×480 pt window: pages of elasticity 1 under triple gravity,
        // flicked left by an instantaneous push into a "light pole" boundary (a vertical segment at
        // x = 40); when a page stops touching the pole its fade starts; an action removes every page
        // that has left the window from every behavior.
        // A page has left the window when its center is more than its own size beyond an edge.
        let margin = Rect(x: -60, y: -60, width: 440, height: 600)
        let pages = (0..<4).map { HeadlessItem(center: Point(x: 200, y: 80 + 70 * Double($0)), size: Size(width: 60, height: 40)) }
        let animator = try DynamicAnimator()
        let gravity = try GravityBehavior(items: pages)
        gravity.magnitude = 3
        let collision = try CollisionBehavior(items: pages)
        collision.collisionMode = .boundaries
        try collision.addBoundary(withIdentifier: "light pole", from: Point(x: 40, y: -1000), to: Point(x: 40, y: 1000))
        let fades = FadeStarter()
        collision.collisionDelegate = fades
        let properties = try DynamicItemBehavior(items: pages)
        properties.elasticity = 1
        let flick = try PushBehavior(items: pages, mode: .instantaneous)
        // 100·J/m: a 60×40 page (mass 0.24) leaves at 800 pt/s to the left.
        flick.setAngle(Double.pi, magnitude: 0.24 * 800 / 100)
        let book = DynamicBehavior()
        for behavior in [gravity, collision, properties, flick] as [DynamicBehavior] { try book.addChildBehavior(behavior) }
        book.action = { [unowned gravity, unowned collision, unowned properties, unowned flick] in
            for page in pages where !margin.contains(page.center) {
                for behavior in [gravity, collision, properties, flick] as [ItemBearingBehavior] { behavior.removeItem(page) }
            }
        }
        try animator.addBehavior(book)
        var frames = 0
        while !animator.items.isEmpty && frames < 600 {
            try animator.step(by: 1.0 / 60)
            frames += 1
        }
        // Every page reached the pole (0.2 s at 800 pt/s), bounced off it, started to fade, fell out
        // of the window under 3000 pt/s² and was removed: the animator tracks nothing.
        #expect(Set(fades.fading) == Set(pages.map { ObjectIdentifier($0) }), "\(fades.fading.count) of 4 pages started to fade")
        #expect(animator.items.isEmpty, "\(animator.items.count) items left after \(frames) frames")
        #expect(pages.allSatisfy { $0.center.x > 40 }, "a page went through the pole")
    }
}
