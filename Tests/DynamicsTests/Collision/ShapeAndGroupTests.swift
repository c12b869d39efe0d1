@testable import Dynamics
import Foundation
import Testing

@Suite struct ShapeAndGroupTests {
    @Test func concaveDegenerateAndSelfIntersectingPathsAreRejected() {
        func item(_ points: [Point]?) -> HeadlessItem {
            HeadlessItem(center: .zero, size: Size(width: 10, height: 10), collisionBoundsType: .path, collisionBoundingPath: points)
        }
        let concave = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 2), Point(x: 10, y: 10), Point(x: 0, y: 10)]
        let line = [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 10, y: 0)]
        let star = (0..<5).map { Point(x: 10 * cos(Double($0) * 4 * .pi / 5), y: 10 * sin(Double($0) * 4 * .pi / 5)) }
        #expect(throws: DynamicsError.missingCollisionPath) { try item(nil).validateForDynamics() }
        #expect(throws: DynamicsError.self) { try item(concave).validateForDynamics() }
        #expect(throws: DynamicsError.degeneratePath) { try item(line).validateForDynamics() }
        #expect(throws: DynamicsError.self) { try item(star).validateForDynamics() }
        #expect(throws: DynamicsError.self) { try item([Point(x: 0, y: 0), Point(x: 1, y: 1)]).validateForDynamics() }
        #expect(throws: DynamicsError.self) { try item([Point(x: 0, y: 0), Point(x: .nan, y: 1), Point(x: 1, y: 0)]).validateForDynamics() }
    }

    @Test(arguments: [1.0, 100, 10_000])
    func aConvexPathOfAHundredThousandVerticesIsAcceptedWhole(radius: Double) throws {
        let count = 100_000
        let circle = (0..<count).map {
            Vector(dx: radius * cos(Double($0) * 2 * .pi / Double(count)), dy: radius * sin(Double($0) * 2 * .pi / Double(count)))
        }
        let polygon = try ConvexPolygon(validating: circle)
        #expect(polygon.vertices.count == count)
        // The inscribed polygon's area is (n/2)·r²·sin(2π/n), within 1e-9 of π r².
        let area = polygon.massProperties.area
        #expect(abs(area - .pi * radius * radius) < 1e-8 * radius * radius)
    }

    @Test(arguments: [(8.0, 15.0, 1804), (1.0, 1.0, 1000), (100.0, 60.0, 5000), (300.0, 300.0, 100_000), (20.0, 20.0, 12)])
    func aFinePathCollidesThroughFewerVerticesWithinTheTolerance(a: Double, b: Double, count: Int) throws {
        let ellipse = (0..<count).map {
            Vector(dx: a * cos(Double($0) * 2 * .pi / Double(count)), dy: b * sin(Double($0) * 2 * .pi / Double(count)))
        }
        let polygon = try ConvexPolygon(validating: ellipse)
        let outline = polygon.collisionOutline
        // A subset of the vertices, in order (so still convex and inside the polygon): where each
        // outline vertex sits among the polygon's.
        var positions: [Int] = []
        var next = 0
        for vertex in outline {
            guard let found = polygon.vertices[next...].firstIndex(of: vertex) else { break }
            positions.append(found)
            next = found + 1
        }
        #expect(positions.count == outline.count)
        // Every vertex of the polygon lies within the tolerance of the outline edge that spans it.
        var worst = 0.0, edge = 0
        for (index, vertex) in polygon.vertices.enumerated() {
            while edge + 1 < positions.count && positions[edge + 1] <= index { edge += 1 }
            let p = outline[edge], q = outline[(edge + 1) % outline.count]
            worst = max(worst, abs((q - p).cross(vertex - p)) / (q - p).length)
        }
        #expect(worst <= ConvexPolygon.collisionTolerance)
        // A coarse polygon keeps every vertex; a fine one collides through far fewer (an arc of
        // sagitta s = tolerance spans a chord of √(8·r·s), so about 2π·r / √(8·r·s) of them).
        let radius = max(a, b)
        let expected = 2 * Double.pi * radius / (8 * radius * ConvexPolygon.collisionTolerance).squareRoot()
        if Double(count) < expected {
            #expect(outline.count == count)
        } else {
            #expect(Double(outline.count) <= 2 * expected + 4)
        }
    }

    @Test func nearlyCollinearRoundingNoiseIsNotConcave() throws {
        // The middle vertex of each side is off the line by rounding only.
        let square = [Vector(dx: 0, dy: 0), Vector(dx: 0.1 * 3, dy: 0), Vector(dx: 0.9, dy: 0),
                      Vector(dx: 0.9, dy: 0.9), Vector(dx: 0, dy: 0.9)]
        #expect(try ConvexPolygon(validating: square).vertices.count == 4)
    }

    @Test func eitherWindingIsAcceptedAndGivesTheSameMass() throws {
        let clockwise = [Point(x: -10, y: -10), Point(x: 10, y: -10), Point(x: 10, y: 10), Point(x: -10, y: 10)]
        let a = try ConvexPolygon(validating: clockwise.map(\.vectorFromOrigin)).massProperties
        let b = try ConvexPolygon(validating: clockwise.reversed().map(\.vectorFromOrigin)).massProperties
        #expect(a.area == 400 && b.area == 400)
        // Square of side 20: second moment about its center = A·(w² + h²)/12 exactly in binary.
        #expect(abs(a.secondMoment - 400 * 800 / 12) < 1e-9)
        #expect(abs(b.secondMoment - a.secondMoment) < 1e-9)
    }

    @Test func offCenterTriangleHasItsCentroidAsCenterOfMass() throws {
        let triangle = [Vector(dx: 0, dy: 0), Vector(dx: 30, dy: 0), Vector(dx: 0, dy: 30)]
        let properties = try ConvexPolygon(validating: triangle).massProperties
        #expect(abs(properties.centroid.dx - 10) < 1e-12 && abs(properties.centroid.dy - 10) < 1e-12)
        #expect(abs(properties.area - 450) < 1e-9)
    }

    @Test(arguments: [(10.0, 5.0), (50.0, 20.0), (400.0, 30.0), (3000.0, 2000.0)])
    func ellipsePolygonStaysWithinAQuarterPoint(a: Double, b: Double) throws {
        let vertices = EllipseApproximation.vertices(semiAxisX: a, semiAxisY: b)
        // Dense independent check: every point of the true ellipse is within 0.25 pt of the polygon
        // (the distance to the polygon is at most the distance to the nearest edge line inside the edge's arc).
        let count = vertices.count
        var worst = 0.0
        for k in 0..<(count * 32) {
            let t = 2 * Double.pi * Double(k) / Double(count * 32)
            let p = Vector(dx: a * cos(t), dy: b * sin(t))
            let edge = min(count - 1, Int(Double(k) / 32))
            let v1 = vertices[edge], v2 = vertices[(edge + 1) % count]
            let d = v2 - v1
            let n = Vector(dx: d.dy, dy: -d.dx) / d.length
            worst = max(worst, abs((p - v1).dot(n)))
        }
        #expect(worst <= 0.25)
        #expect(try ConvexPolygon(validating: vertices).vertices.count == count)
    }

    @Test func ellipseMassComesFromTheTrueShape() throws {
        func acceleration(_ shape: CollisionBoundsType) throws -> Double {
            let item = HeadlessItem(center: .zero, size: Size(width: 100, height: 60), collisionBoundsType: shape)
            let animator = try DynamicAnimator()
            let push = try PushBehavior(items: [item], mode: .instantaneous)
            push.pushDirection = Vector(dx: 1, dy: 0)
            try animator.addBehavior(push)
            try animator.step(by: 1.0 / 60)
            return animator.linearVelocity(for: item)!.dx
        }
        // An impulse gives 100/m; the ellipse's mass is π/4 of the rectangle's.
        #expect(abs(try acceleration(.ellipse) * Double.pi / 4 - acceleration(.rectangle)) < 1e-9)
    }

    @Test func groupsMoveAsOneBodyAndWriteEveryMember() throws {
        let left = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let right = HeadlessItem(center: Point(x: 160, y: 100), size: Size(width: 20, height: 20), collisionBoundsType: .ellipse)
        let group = try DynamicItemGroup(items: [left, right])
        // Center of mass: area-weighted (400 pt² square at x = 100, 100π pt² disc at x = 160).
        let expectedX = (400 * 100 + 100 * Double.pi * 160) / (400 + 100 * Double.pi)
        #expect(abs(group.center.x - expectedX) < 1e-9 && abs(group.center.y - 100) < 1e-12)
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        let collision = try CollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(try GravityBehavior(items: [group]))
        let push = try PushBehavior(items: [group], mode: .instantaneous)
        push.pushDirection = Vector(dx: 0, dy: -0.3)
        push.setTargetOffsetFromCenter(Vector(dx: 30, dy: 0), for: group)
        try animator.addBehavior(push)
        for _ in 0..<120 {
            try animator.step(by: 1.0 / 60)
            // The members keep their distance (rigid body).
            #expect(abs(left.center.distance(to: right.center) - 60) < 1e-9)
            #expect(abs(left.transform.rotationAngle - right.transform.rotationAngle) < 1e-9
                    || abs(abs(left.transform.rotationAngle - right.transform.rotationAngle) - 2 * .pi) < 1e-9)
        }
        #expect(left.center.y > 300 && right.center.y > 300)
        #expect(animator.items.count == 1)
    }

    @Test func groupErrorsAreTyped() throws {
        let a = HeadlessItem(center: .zero, size: Size(width: 10, height: 10))
        #expect(throws: DynamicsError.self) { try DynamicItemGroup(items: []) }
        #expect(throws: DynamicsError.self) { try DynamicItemGroup(items: [a, a]) }
        let group = try DynamicItemGroup(items: [a])
        #expect(throws: DynamicsError.self) { try DynamicItemGroup(items: [group]) }
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [group]))
        try animator.addBehavior(try GravityBehavior(items: [a]))
        #expect(throws: DynamicsError.itemBelongsToGroup) { try animator.step(by: 1.0 / 60) }
    }

    @Test func pathItemsCollideWithTheirPolygon() throws {
        // A triangle with its flat side down lands on its side: its lowest vertex rests on the floor.
        let path = [Point(x: -20, y: 10), Point(x: 20, y: 10), Point(x: 0, y: -20)]
        let item = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 40, height: 30),
                                collisionBoundsType: .path, collisionBoundingPath: path)
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 200))
        let collision = try CollisionBehavior(items: [item])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.run(frames: 120)
        #expect(abs(item.center.y - 190) < 0.5)
        #expect(abs(item.transform.rotationAngle) < 1e-6)
    }
}
