import Dynamics
import Foundation
import Testing

/// Seed 001's drop-in dialog, a two-stage transition: it drops in under triple gravity onto an
/// inset floor and the presentation ends by elapsed time; on dismissal a spring lifts it, and when
/// the animator pauses the spring goes and the dialog falls, bouncing once off the bottom before
/// its collision is removed and it leaves the screen.
@Suite struct DropInDialogScenarioTests {
    /// Pauses and bottom contacts, for the dismissal stage.
    final class Dismissal: DynamicAnimatorDelegate, CollisionBehaviorDelegate {
        var onPause: () -> Void = {}
        var onBottomContact: () -> Void = {}
        var pauses = 0, bottomContacts = 0
        func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
            pauses += 1
            onPause()
        }
        func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem,
                               with item2: any DynamicItem, at point: Point) {}
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem) {}
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                               withBoundaryIdentifier identifier: String?, at point: Point) {
            guard point.y >= 567 else { return }
            bottomContacts += 1
            onBottomContact()
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
                               withBoundaryIdentifier identifier: String?) {}
    }

    @Test func theDialogDropsInSettlesAndIsDismissedOffScreen() throws {
        let screen = Rect(x: 0, y: 0, width: 320, height: 568)
        let dialog = HeadlessItem(center: Point(x: 160, y: -100), size: Size(width: 240, height: 160))
        let animator = try DynamicAnimator(referenceBounds: screen)

        // Stage 1: gravity ×3, collision with the bounds inset 100 pt from the bottom (and open far
        // above, so the dialog can come in from off-screen), rotation off, elasticity 0.3; an
        // action ends the presentation after 1.5 s of elapsed time.
        let gravity = try GravityBehavior(items: [dialog])
        gravity.magnitude = 3
        let collision = try CollisionBehavior(items: [dialog])
        try collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: -1000, bottom: 100))
        let properties = try DynamicItemBehavior(items: [dialog])
        properties.allowsRotation = false
        properties.elasticity = 0.3
        let presentation = DynamicBehavior()
        for behavior in [gravity, collision, properties] as [DynamicBehavior] { try presentation.addChildBehavior(behavior) }
        var presented: Double?
        presentation.action = { [unowned animator, unowned presentation] in
            if animator.elapsedTime >= 1.5, presented == nil {
                presented = animator.elapsedTime
                animator.removeBehavior(presentation)
            }
        }
        try animator.addBehavior(presentation)
        var frames = 0
        while presented == nil && frames < 600 {
            try animator.step(by: 1.0 / 60)
            frames += 1
        }
        // Presented at the first frame past 1.5 s, resting on the inset floor (568 − 100 − 80).
        #expect(abs((presented ?? .infinity) - 1.5) <= 1.0 / 60 + 1e-9)
        #expect(abs(dialog.center.y - 388) <= 0.1, "dialog at \(dialog.center.y)")
        #expect(abs(dialog.transform.rotationAngle) <= 1e-12)

        // Stage 2: a spring lifts the dialog 100 pt; when the animator pauses, the spring goes and
        // gravity and collision with the screen's bottom take over; the first bottom contact removes
        // the collision, so the dialog bounces once and falls off-screen.
        let events = Dismissal()
        animator.delegate = events
        let lift = try AttachmentBehavior(item: dialog, attachedToAnchor: Point(x: 160, y: 288))
        lift.length = 0
        lift.frequency = 3
        lift.damping = 0.7
        try animator.addBehavior(lift)
        let fall = try GravityBehavior(items: [dialog])
        let bottom = try CollisionBehavior(items: [dialog])
        bottom.translatesReferenceBoundsIntoBoundary = true
        bottom.collisionDelegate = events
        let falling = try DynamicItemBehavior(items: [dialog])
        falling.allowsRotation = false
        falling.elasticity = 0.5
        events.onPause = { [unowned animator] in
            guard events.pauses == 1 else { return }
            animator.removeBehavior(lift)
            try? animator.addBehavior(fall)
            try? animator.addBehavior(bottom)
            try? animator.addBehavior(falling)
        }
        events.onBottomContact = { [unowned animator] in animator.removeBehavior(bottom) }
        frames = 0
        while dialog.center.y < screen.height + 80 && frames < 60 * 20 {
            try animator.step(by: 1.0 / 60)
            frames += 1
        }
        #expect(events.pauses >= 1, "the lift never came to rest")
        #expect(events.bottomContacts == 1, "\(events.bottomContacts) bottom contacts")
        #expect(dialog.center.y >= screen.height + 80, "dialog at \(dialog.center.y) after \(frames) frames")
        // It settled on the spring and then fell 188 pt to the bottom and out: well within 5 s.
        #expect(Double(frames) / 60 < 5, "dismissal took \(Double(frames) / 60) s")
    }
}
