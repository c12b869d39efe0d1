import Dynamics
import Foundation
import Testing

/// The seed documents' interactions (seeds 000, 001 and 003), rebuilt headless and judged by
/// their outcome: what a person watching the screen would see happen.
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
            let vy = animator.linearVelocity(for: item)?.dy ?? 0
            if falling && vy < 0 { rebounds += 1 }
            falling = vy >= 0
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

    @Test func aMagnetMadeOfPushesDrawsTheItemIn() throws {
        // Seed 003's magnet, from several pushes: one along each axis, whose direction and strength
        // an action sets after every step from the item's position (a pull of 0.01 N per point of
        // distance, at most 2 N), damped by resistance 3/s.
        let item = HeadlessItem(center: Point(x: 100, y: 100), size: Size(width: 20, height: 20))
        let magnet = Point(x: 400, y: 300)
        let animator = try DynamicAnimator()
        let horizontal = try PushBehavior(items: [item], mode: .continuous)
        let vertical = try PushBehavior(items: [item], mode: .continuous)
        let properties = try DynamicItemBehavior(items: [item])
        properties.resistance = 3
        let magnetism = DynamicBehavior()
        try magnetism.addChildBehavior(horizontal)
        try magnetism.addChildBehavior(vertical)
        magnetism.action = { [unowned horizontal, unowned vertical, unowned item] in
            let toward = magnet - item.center
            horizontal.setAngle(toward.dx >= 0 ? 0 : Double.pi, magnitude: min(2, 0.01 * abs(toward.dx)))
            vertical.setAngle(toward.dy >= 0 ? Double.pi / 2 : -Double.pi / 2, magnitude: min(2, 0.01 * abs(toward.dy)))
        }
        magnetism.action?()
        try animator.addBehavior(magnetism)
        try animator.addBehavior(properties)
        try animator.run(frames: 600)
        let end = (magnet - item.center).length
        // A damped spring of ω = √(100·0.01/0.04) = 5 rad/s and ζ = 3/(2·5) = 0.3: after 10 s its
        // amplitude is e^(−15) of the start, so the item sits on the magnet; the pull is updated once
        // per frame, which only delays it. 0.5 pt is far above that and far below the 20 pt item.
        #expect(end < 0.5, "\(end) pt from the magnet")
    }

    @Test func aCustomItemIsReadOnceAndWrittenAfterEveryStep() throws {
        // Seed 000's logging item: the engine reads center, bounds and transform when the item
        // joins, then only writes center and transform, once per step; here the writes drive
        // another value (an opacity fading with the height).
        final class LoggingItem: DynamicItem {
            var log: [String] = []
            var opacity = 1.0
            private var storedCenter = Point(x: 50, y: 50)
            private var storedTransform = Dynamics.AffineTransform.identity
            var center: Point {
                get { log.append("read center"); return storedCenter }
                set { log.append("write center"); storedCenter = newValue; opacity = max(0, 1 - newValue.y / 1000) }
            }
            var bounds: Rect { log.append("read bounds"); return Rect(x: 0, y: 0, width: 10, height: 10) }
            var transform: Dynamics.AffineTransform {
                get { log.append("read transform"); return storedTransform }
                set { log.append("write transform"); storedTransform = newValue }
            }
        }
        let item = LoggingItem()
        let animator = try DynamicAnimator()
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.step(by: 1.0 / 60)
        let afterJoining = item.log.count
        #expect(item.log.contains("read bounds") && item.log.contains("read center"))
        item.log.removeAll()
        try animator.run(frames: 3)
        #expect(item.log == Array(repeating: ["write center", "write transform"], count: 3).flatMap { $0 },
                "\(item.log) (the first step logged \(afterJoining) accesses)")
        #expect(item.opacity < 1 && item.opacity > 0.9)
    }
}
