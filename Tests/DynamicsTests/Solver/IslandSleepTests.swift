@testable import Dynamics
import Testing

/// Islands of resting bodies sleep while something else keeps the animator running, wake when
/// disturbed, and change neither what the app sees nor when the animator pauses.
@Suite struct IslandSleepTests {
    /// A 20×20 box resting on the floor of 400×400 bounds, and a pendulum (an item on a spring to
    /// an anchor, undamped) far off that keeps the animator running.
    final class Setup {
        let animator: DynamicAnimator
        let box = HeadlessItem(center: Point(x: 100, y: 390), size: Size(width: 20, height: 20))
        let swinger = HeadlessItem(center: Point(x: 330, y: 100), size: Size(width: 10, height: 10))
        let collision: CollisionBehavior
        let spring: AttachmentBehavior

        init(islandSleepDuration: Double = 0.5, floorFriction: Double = 0.5) throws {
            var configuration = AnimatorConfiguration()
            configuration.islandSleepDuration = islandSleepDuration
            animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400), configuration: configuration)
            try animator.addBehavior(try GravityBehavior(items: [box]))
            collision = try CollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            try animator.addBehavior(collision)
            let boxProperties = try DynamicItemBehavior(items: [box])
            boxProperties.friction = floorFriction
            boxProperties.elasticity = 0
            try animator.addBehavior(boxProperties)
            spring = try AttachmentBehavior(item: swinger, attachedToAnchor: Point(x: 300, y: 100))
            spring.length = 0
            spring.frequency = 1
            spring.damping = 0
            try animator.addBehavior(spring)
            try animator.addBehavior(try frictionless([swinger]))
        }
    }

    @Test func aRestingBoxSleepsWhileTheAnimatorRunsAndThenStaysExactlyStill() throws {
        let setup = try Setup()
        try setup.animator.run(frames: 60)
        #expect(setup.animator.isRunning)
        #expect(setup.animator.isAsleep(setup.box))
        #expect(!setup.animator.isAsleep(setup.swinger))
        let asleep = setup.box.center
        try setup.animator.run(frames: 60)
        #expect(setup.box.center == asleep)
        #expect(setup.animator.linearVelocity(for: setup.box) == .zero)
        // Resting on the floor: within the slop of its resting height.
        #expect(abs(setup.box.center.y - 390) <= 0.02, "\(setup.box.center)")
    }

    @Test func withSleepOffNothingSleeps() throws {
        let setup = try Setup(islandSleepDuration: .infinity)
        try setup.animator.run(frames: 120)
        #expect(!setup.animator.isAsleep(setup.box))
    }

    @Test func aSlidingBoxWakesTheSleeperItHitsAndPushesIt() throws {
        let setup = try Setup(floorFriction: 0)
        try setup.animator.run(frames: 60)
        #expect(setup.animator.isAsleep(setup.box))
        // A second box slides in along the frictionless floor at 200 pt/s.
        let slider = HeadlessItem(center: Point(x: 40, y: 390), size: Size(width: 20, height: 20))
        let slide = try DynamicItemBehavior(items: [slider])
        slide.friction = 0
        slide.elasticity = 0
        slide.resistance = 0
        try slide.addLinearVelocity(Vector(dx: 200, dy: 0), for: slider)
        try setup.animator.addBehavior(slide)
        try setup.collision.addItem(slider)
        try setup.animator.run(frames: 60)
        // The tree changed (everything woke) and the sleeper was hit: it moved right, as a free
        // box would (equal masses, no bounce: both go on at about 100 pt/s).
        #expect(setup.box.center.x > 120, "\(setup.box.center)")
    }

    @Test func aSleeperHitWithoutATreeChangeWakes() throws {
        // Both boxes on the floor from the start; the slider is held still until it is given a
        // velocity (which wakes only the slider), then hits the sleeping box.
        let setup = try Setup(floorFriction: 0)
        let slider = HeadlessItem(center: Point(x: 40, y: 390), size: Size(width: 20, height: 20))
        let slide = try DynamicItemBehavior(items: [slider])
        slide.friction = 0
        slide.elasticity = 0
        slide.resistance = 0
        try setup.animator.addBehavior(slide)
        try setup.collision.addItem(slider)
        try setup.animator.run(frames: 60)
        #expect(setup.animator.isAsleep(setup.box) && setup.animator.isAsleep(slider))
        try slide.addLinearVelocity(Vector(dx: 200, dy: 0), for: slider)
        #expect(!setup.animator.isAsleep(slider) && setup.animator.isAsleep(setup.box))
        try setup.animator.run(frames: 60)
        #expect(setup.box.center.x > 120, "the sleeper acted as a wall: \(setup.box.center)")
    }

    @Test func movingTheAnchorWakesTheItemHangingOnIt() throws {
        let setup = try Setup()
        let hanging = HeadlessItem(center: Point(x: 200, y: 250), size: Size(width: 10, height: 10))
        let rope = try AttachmentBehavior(item: hanging, attachedToAnchor: Point(x: 200, y: 200))
        try setup.animator.addBehavior(rope)
        try setup.animator.addBehavior(try GravityBehavior(items: [hanging]))
        try setup.animator.run(frames: 120)
        #expect(setup.animator.isAsleep(hanging))
        // The anchor jumps 50 pt right: the rod (50 pt) now holds the item 45° off the vertical,
        // so it swings through under the anchor to about x = 300 on the far side.
        rope.anchorPoint = Point(x: 250, y: 200)
        var farthest = hanging.center.x
        for _ in 0..<60 {
            try setup.animator.step(by: 1.0 / 60)
            farthest = max(farthest, hanging.center.x)
        }
        #expect(farthest > 280, "swung only to x = \(farthest)")
    }

    @Test func aSleeperMovedByTheAppFallsFromItsNewPlace() throws {
        // Its geometry is frozen while it sleeps; the app's move must wake it and refresh it, or
        // the floor contact would be found where the box used to be and hold it in mid-air.
        let setup = try Setup()
        try setup.animator.run(frames: 60)
        #expect(setup.animator.isAsleep(setup.box))
        setup.box.center = Point(x: 300, y: 200)
        try setup.animator.updateItem(usingCurrentState: setup.box)
        try setup.animator.run(frames: 120)
        #expect(abs(setup.box.center.x - 300) <= 0.5 && abs(setup.box.center.y - 390) <= 0.05, "\(setup.box.center)")
    }

    @Test func aSleepingBoxStillTouchesTheFloorForTheDelegate() throws {
        final class Touches: CollisionBehaviorDelegate {
            var began = 0, ended = 0
            func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                                   withBoundaryIdentifier identifier: String?, at point: Point) { began += 1 }
            func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                                   withBoundaryIdentifier identifier: String?) { ended += 1 }
        }
        let setup = try Setup()
        let touches = Touches()
        setup.collision.collisionDelegate = touches
        try setup.animator.run(frames: 120)
        #expect(setup.animator.isAsleep(setup.box))
        #expect(touches.began == 1 && touches.ended == 0, "began \(touches.began), ended \(touches.ended)")
    }

    @Test func sleepDoesNotChangeWhenTheAnimatorPauses() throws {
        // A bouncy fall: the animator pauses after 0.5 s of rest whether or not islands sleep.
        func pauseTime(sleep: Double) throws -> Double {
            var configuration = AnimatorConfiguration()
            configuration.islandSleepDuration = sleep
            let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 320, height: 568), configuration: configuration)
            let item = HeadlessItem(center: Point(x: 160, y: 100), size: Size(width: 100, height: 100))
            try animator.addBehavior(try GravityBehavior(items: [item]))
            let collision = try CollisionBehavior(items: [item])
            collision.translatesReferenceBoundsIntoBoundary = true
            try animator.addBehavior(collision)
            var frames = 0
            while animator.isRunning && frames < 1200 {
                try animator.step(by: 1.0 / 60)
                frames += 1
            }
            return Double(frames) / 60
        }
        #expect(try pauseTime(sleep: 0.5) == pauseTime(sleep: .infinity))
    }

    @Test func aBodyInAFieldNeverSleeps() throws {
        let setup = try Setup()
        let well = try FieldBehavior(kind: .spring, items: [setup.box])
        well.position = Point(x: 100, y: 390)
        well.strength = 0.001
        try setup.animator.addBehavior(well)
        try setup.animator.run(frames: 120)
        #expect(!setup.animator.isAsleep(setup.box))
    }

    @Test func aNegativeOrNaNSleepDurationIsRefused() {
        for value in [-1.0, .nan] {
            var configuration = AnimatorConfiguration()
            configuration.islandSleepDuration = value
            #expect(throws: DynamicsError.self) { try DynamicAnimator(configuration: configuration) }
        }
    }
}
