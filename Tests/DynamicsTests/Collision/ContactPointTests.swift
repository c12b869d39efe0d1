import Dynamics
import Foundation
import Testing

/// Where the collision delegate is told a contact began: on the touching surfaces, between the
/// items, where the geometry says.
@Suite struct ContactPointTests {
    /// Records the points of `began` callbacks.
    final class PointRecorder: CollisionBehaviorDelegate {
        var boundaryPoints: [Point] = []
        var itemPoints: [Point] = []
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                               with item2: any DynamicItem, at point: Point) {
            itemPoints.append(point)
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {}
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                               withBoundaryIdentifier identifier: String?, at point: Point) {
            boundaryPoints.append(point)
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                               withBoundaryIdentifier identifier: String?) {}
    }

    @Test func aBoxLandingOnTheFloorIsToldAPointOnItsBottomEdge() throws {
        let box = HeadlessItem(center: Point(x: 300, y: 900), size: Size(width: 40, height: 20))
        let (animator, collision) = try droppingScene([box])
        let recorder = PointRecorder()
        collision.collisionDelegate = recorder
        try animator.run(frames: 60)
        let point = try #require(recorder.boundaryPoints.first)
        // The floor is y = 1000; contact points lie midway between the surfaces, which touch within
        // the touching distance (0.5 pt) when the contact begins.
        #expect(abs(point.y - 1000) <= 0.5, "contact at \\(point)")
        #expect(point.x >= 280 - 1e-9 && point.x <= 320 + 1e-9, "contact at \\(point), box spans x 280…320")
    }

    @Test func twoItemsMeetingHeadOnAreToldAPointBetweenThem() throws {
        let left = HeadlessItem(center: Point(x: 400, y: 500), size: Size(width: 20, height: 20))
        let right = HeadlessItem(center: Point(x: 600, y: 500), size: Size(width: 20, height: 20), collisionBoundsType: .ellipse)
        let animator = try DynamicAnimator()
        let collision = try CollisionBehavior(items: [left, right])
        let recorder = PointRecorder()
        collision.collisionDelegate = recorder
        let properties = try DynamicItemBehavior(items: [left, right])
        try animator.addBehavior(collision)
        try animator.addBehavior(properties)
        try properties.addLinearVelocity(Vector(dx: 300, dy: 0), for: left)
        try properties.addLinearVelocity(Vector(dx: -300, dy: 0), for: right)
        try animator.run(frames: 60)
        let point = try #require(recorder.itemPoints.first)
        // Equal speeds and sizes: they meet where the box's right face touches the circle's
        // leftmost point, on the line between their centers.
        #expect(abs(point.y - 500) <= 1e-6, "contact at \\(point)")
        let leftCenter = left.center.x, rightCenter = right.center.x
        #expect(point.x > leftCenter && point.x < rightCenter, "contact at \\(point) between \\(leftCenter) and \\(rightCenter)")
    }
}
