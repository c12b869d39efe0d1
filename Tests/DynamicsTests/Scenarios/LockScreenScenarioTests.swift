import Dynamics
import Foundation
import Testing

/// Seeds 000 and 003's lock screen: a full-screen view held down by gravity and collision with
/// the screen's bottom; a tap on the camera button pushes it up once (an instantaneous push) so it
/// bounces back; a new drag in mid-flight takes over with an attachment whose anchor follows the
/// finger.
@Suite struct LockScreenScenarioTests {
    @Test func theCameraTapBouncesTheViewAndADragInterruptsItMidFlight() throws {
        let view = HeadlessItem(center: Point(x: 160, y: 284), size: Size(width: 320, height: 568))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 320, height: 568))
        let gravity = try GravityBehavior(items: [view])
        let collision = try CollisionBehavior(items: [view])
        // Open far above: the view may rise off the top of the screen and come back.
        try collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: -2000))
        let properties = try DynamicItemBehavior(items: [view])
        properties.allowsRotation = false
        properties.elasticity = 0.4
        for behavior in [gravity, collision, properties] as [DynamicBehavior] { try animator.addBehavior(behavior) }
        try animator.run(frames: 30)
        #expect(abs(view.center.y - 284) <= 0.05, "at rest: \(view.center.y)")

        // The camera tap: 100·J/m = 1000 pt/s upward for the 18.2 mass unit view.
        let mass = 320.0 * 568 / 10_000
        let tap = try PushBehavior(items: [view], mode: .instantaneous)
        tap.pushDirection = Vector(dx: 0, dy: -mass * 1000 / 100)
        try animator.addBehavior(tap)
        var highest = view.center.y
        for _ in 0..<12 {
            try animator.step(by: 1.0 / 60)
            highest = min(highest, view.center.y)
        }
        // Rising: after 0.2 s the view is about v·t − ½g·t² = 200 − 20 = 180 pt up, less resistance.
        #expect(284 - highest > 150 && 284 - highest < 185, "rose \(284 - highest) pt")
        #expect((animator.linearVelocity(for: view)?.dy ?? 0) < 0, "still rising")

        // Mid-flight, a finger catches the view and drags it down at 300 pt/s.
        let finger = view.center
        let drag = try AttachmentBehavior(item: view, attachedToAnchor: finger)
        try animator.addBehavior(drag)
        for frame in 1...20 {
            drag.anchorPoint = Point(x: finger.x, y: finger.y + 300 * Double(frame) / 60)
            try animator.step(by: 1.0 / 60)
        }
        // The rigid attachment carries the view with the finger (within a point), at the finger's
        // speed, against gravity and its own upward momentum.
        #expect(abs(view.center.y - (finger.y + 100)) <= 1, "view at \(view.center.y), finger at \(finger.y + 100)")
        #expect(abs((animator.linearVelocity(for: view)?.dy ?? 0) - 300) <= 3, "\(animator.linearVelocity(for: view)!)")

        // Released, it falls back and comes to rest on the bottom again.
        animator.removeBehavior(drag)
        try animator.run(frames: 240)
        #expect(abs(view.center.y - 284) <= 0.05, "back at rest: \(view.center.y)")
    }
}
