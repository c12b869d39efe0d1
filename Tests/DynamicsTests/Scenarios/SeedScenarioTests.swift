import Dynamics
import Foundation
import Testing

/// The seed documents' interactions (seeds 000 and 001), rebuilt headless through the public API
/// and judged by their outcome: what a person watching the screen would see happen. (The runnable
/// versions are `Examples/seed-*.json`; those that need code are in `Sources/SeedScenarios`.)
@Suite struct SeedScenarioTests {
    /// Seed 000/001's composite: gravity and collision with the reference bounds as one behavior.
    final class BouncyFallBehavior: DynamicBehavior {
        let gravity: GravityBehavior
        let collision: CollisionBehavior

        init(items: [any DynamicItem]) throws {
            gravity = try GravityBehavior(items: items)
            collision = try CollisionBehavior(items: items)
            collision.translatesReferenceBoundsIntoBoundary = true
            super.init()
            try addChildBehavior(gravity)
            try addChildBehavior(collision)
        }
    }

    @Test func aBouncyFallBouncesComesToRestAndThePauseIsAnnounced() throws {
        let item = HeadlessItem(center: Point(x: 160, y: 100), size: Size(width: 100, height: 100))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 320, height: 568))
        let recorder = DelegateRecorder()
        animator.delegate = recorder
        try animator.addBehavior(try BouncyFallBehavior(items: [item]))
        var rebounds = 0, falling = true, frames = 0
        while animator.isRunning && frames < 60 * 20 {
            try animator.step(by: 1.0 / 60)
            frames += 1
            // A rebound is upward motion faster than the animator's rest speed (1 pt/s): a box
            // resting on the floor reports rounding-level velocities of either sign (~1e-15 pt/s).
            let vy = animator.linearVelocity(for: item)?.dy ?? 0
            if falling && vy < -1 { rebounds += 1 }
            falling = vy >= -1
        }
        // SPEC's default elasticity 0.2 from a 418 pt drop: a few visible rebounds (impacts above
        // the 100 pt/s threshold), then rest on the floor and a pause, announced once (the empty
        // animator resumed when the behavior was added).
        #expect(rebounds >= 1 && rebounds <= 3, "\(rebounds) rebounds")
        #expect(!animator.isRunning, "still running after \(frames) frames")
        #expect(recorder.events == ["resume", "pause"])
        #expect(abs(item.center.y - (568 - 50)) <= 0.1, "rests at \(item.center.y)")
    }

    @Test func aDraggedCardFollowsTheFingerAndKeepsItsReleaseVelocityAsItFalls() throws {
        // Seed 000's drag and fall: collision only while dragged, an attachment whose anchor
        // follows the gesture; on release the attachment goes and gravity comes.
        let card = HeadlessItem(center: Point(x: 100, y: 200), size: Size(width: 80, height: 120))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 1000, height: 1000))
        let collision = try CollisionBehavior(items: [card])
        collision.translatesReferenceBoundsIntoBoundary = true
        try animator.addBehavior(collision)
        let drag = try AttachmentBehavior(item: card, attachedToAnchor: card.center)
        try animator.addBehavior(drag)
        // The finger moves right at 600 pt/s for 0.5 s.
        let speed = 600.0
        for frame in 1...30 {
            drag.anchorPoint = Point(x: 100 + speed * Double(frame) / 60, y: 200)
            try animator.step(by: 1.0 / 60)
        }
        // A rigid attachment to a moving anchor carries the card along with the finger.
        #expect(abs(card.center.x - 400) <= 1, "card at \(card.center.x), finger at 400")
        let release = try #require(animator.linearVelocity(for: card))
        #expect(abs(release.dx - speed) <= 0.01 * speed, "release velocity \(release)")
        animator.removeBehavior(drag)
        try animator.addBehavior(try GravityBehavior(items: [card]))
        try animator.step(by: 1.0 / 60)
        let thrown = try #require(animator.linearVelocity(for: card))
        // Thrown: it keeps the finger's velocity (less SPEC's default resistance, 0.1/s) and starts
        // falling.
        #expect(abs(thrown.dx - release.dx * exp(-0.1 / 60)) <= 1e-6 * speed, "after release \(thrown)")
        #expect(thrown.dy > 0)
    }
}
