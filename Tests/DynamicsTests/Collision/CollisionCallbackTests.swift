import Dynamics
import Testing

/// Resting positions below are checked to 0.5 pt: a resting contact settles within the contact
/// slop (0.1 pt) per contact, and the position differences that would reveal a wrong mode, group
/// or boundary are tens of points.
@Suite struct CollisionCallbackTests {
    @Test func itemItemAndItemBoundaryCallbacksWithIdentifiers() throws {
        let a = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let b = HeadlessItem(center: Point(x: 100, y: 300), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 400))
        let collision = try CollisionBehavior(items: [a, b])
        collision.translatesReferenceBoundsIntoBoundary = true
        try collision.addBoundary(withIdentifier: "shelf", from: Point(x: 0, y: 200), to: Point(x: 60, y: 200))
        let recorder = CollisionRecorder([("a", a), ("b", b)])
        collision.collisionDelegate = recorder
        let properties = try DynamicItemBehavior(items: [a, b])
        properties.elasticity = 0
        try animator.addBehavior(try GravityBehavior(items: [a, b]))
        try animator.addBehavior(collision)
        try animator.addBehavior(properties)
        try animator.run(frames: 120)
        // b lands on the floor (reference bounds); a lands on b.
        #expect(recorder.events.contains("began b|bounds"))
        #expect(recorder.events.contains("began a-b"))
        #expect(!recorder.events.contains { $0.contains("shelf") })
        recorder.events.removeAll()
        // Pull b sideways onto the shelf's level: a loses its support (ended), b leaves the floor.
        collision.removeBoundary(withIdentifier: "shelf")
        b.center = Point(x: 30, y: 100)
        try animator.updateItem(usingCurrentState: b)
        try animator.step(by: 1.0 / 60)
        #expect(recorder.events.contains("ended a-b"))
        #expect(recorder.events.contains("ended b|bounds"))
        #expect(collision.boundaryIdentifiers.isEmpty)
    }

    @Test func namedBoundaryReportsItsIdentifier() throws {
        let item = HeadlessItem(center: Point(x: 30, y: 100), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator()
        let collision = try CollisionBehavior(items: [item])
        try collision.addBoundary(withIdentifier: "shelf", from: Point(x: 0, y: 200), to: Point(x: 60, y: 200))
        #expect(collision.boundaryIdentifiers == ["shelf"])
        #expect(collision.boundary(withIdentifier: "shelf") == [Point(x: 0, y: 200), Point(x: 60, y: 200)])
        #expect(throws: DynamicsError.self) {
            try collision.addBoundary(withIdentifier: "shelf", from: .zero, to: Point(x: 1, y: 1))
        }
        let recorder = CollisionRecorder([("item", item)])
        collision.collisionDelegate = recorder
        let dead = try DynamicItemBehavior(items: [item])
        dead.elasticity = 0
        try animator.addBehavior(dead)
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.addBehavior(collision)
        try animator.run(frames: 60)
        #expect(recorder.events == ["began item|shelf"])
    }

    @Test func beganCallbacksComeBeforeEndedAndBeforeActions() throws {
        // Two items: one resting on the floor is pushed off it while another lands in the same step.
        let resting = HeadlessItem(center: Point(x: 50, y: 390), size: Size(width: 20, height: 20))
        // 0.8 pt above the floor: farther than the touching distance (0.5 pt) after one frame of
        // falling (0.14 pt), within it after two (0.56 pt).
        let falling = HeadlessItem(center: Point(x: 150, y: 389.2), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 400))
        let collision = try CollisionBehavior(items: [resting, falling])
        collision.translatesReferenceBoundsIntoBoundary = true
        let recorder = CollisionRecorder([("resting", resting), ("falling", falling)])
        collision.collisionDelegate = recorder
        collision.action = { recorder.events.append("action") }
        try animator.addBehavior(collision)
        let push = try PushBehavior(items: [resting], mode: .instantaneous)
        push.pushDirection = Vector(dx: 0, dy: -0.4)
        push.active = false
        try animator.addBehavior(push)
        try animator.addBehavior(try GravityBehavior(items: [falling]))
        try animator.step(by: 1.0 / 60)
        #expect(recorder.events == ["began resting|bounds", "action"])
        recorder.events.removeAll()
        push.active = true
        try animator.step(by: 1.0 / 60)
        #expect(recorder.events == ["began falling|bounds", "ended resting|bounds", "action"])
    }

    @Test func collisionGroupsKeepColorsApart() throws {
        let red1 = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let red2 = HeadlessItem(center: Point(x: 100, y: 300), size: Size(width: 20, height: 20))
        let green = HeadlessItem(center: Point(x: 100, y: 200), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator()
        let reds = try CollisionBehavior(items: [red1, red2])
        reds.collisionMode = .items
        let greens = try CollisionBehavior(items: [green])
        greens.collisionMode = .items
        let anchor = try DynamicItemBehavior(items: [red2])
        anchor.isAnchored = true
        try animator.addBehavior(reds)
        try animator.addBehavior(greens)
        try animator.addBehavior(anchor)
        try animator.addBehavior(try GravityBehavior(items: [red1, green]))
        try animator.run(frames: 90)
        // The green item falls through the anchored red one; the red item lands on it.
        #expect(green.center.y > 400)
        #expect(abs(red1.center.y - 280) < 0.5)
    }

    @Test func modesChooseBoundariesItemsOrBoth() throws {
        func finalY(mode: CollisionBehavior.Mode) throws -> (top: Double, bottom: Double) {
            let top = HeadlessItem(center: Point(x: 100, y: 300), size: Size(width: 20, height: 20))
            let bottom = HeadlessItem(center: Point(x: 100, y: 389), size: Size(width: 20, height: 20))
            let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 400))
            // The top item is thrown down so that it catches up with the bottom one.
            let thrown = try DynamicItemBehavior(items: [top, bottom])
            thrown.elasticity = 0
            try thrown.addLinearVelocity(Vector(dx: 0, dy: 500), for: top)
            try animator.addBehavior(thrown)
            let collision = try CollisionBehavior(items: [top, bottom])
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.collisionMode = mode
            try animator.addBehavior(collision)
            try animator.addBehavior(try GravityBehavior(items: [top, bottom]))
            try animator.run(frames: 120)
            return (top.center.y, bottom.center.y)
        }
        let everything = try finalY(mode: .everything)
        #expect(abs(everything.bottom - 390) < 0.5 && abs(everything.top - 370) < 0.5)
        let boundaries = try finalY(mode: .boundaries)
        #expect(abs(boundaries.bottom - 390) < 0.5 && abs(boundaries.top - 390) < 0.5)
        let items = try finalY(mode: .items)
        #expect(items.bottom > 1000 && abs(items.top - items.bottom + 20) < 0.5)
    }

    @Test func boundariesFollowTheReferenceBounds() throws {
        let item = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 200, height: 200))
        let collision = try CollisionBehavior(items: [item])
        try collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(bottom: 50))
        try animator.addBehavior(collision)
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.run(frames: 60)
        #expect(abs(item.center.y - 140) < 0.5)
        animator.referenceBounds = Rect(x: 0, y: 0, width: 200, height: 400)
        try animator.run(frames: 60)
        #expect(abs(item.center.y - 340) < 0.5)
    }
}
