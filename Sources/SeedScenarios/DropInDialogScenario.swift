import Dynamics
import Harness

/// Seed 001's drop-in dialog, a two-stage transition. It drops in under triple gravity onto a
/// floor inset 100 pt from the bottom, and an `action` ends the presentation by elapsed time. On
/// dismissal a spring lifts it; when the animator pauses the spring goes and the dialog falls,
/// bouncing once off the bottom before a collision delegate removes its collision, so it leaves
/// the screen.
public struct DropInDialogScenario {
    /// The screen (points).
    public static let screen = Rect(x: 0, y: 0, width: 320, height: 568)
    /// Elapsed time at which the presentation ends (seconds).
    public var presentationTime = 1.5

    /// What happened.
    public struct Outcome {
        /// Elapsed time when the presentation's action ended it (seconds), `nil` if it never did.
        public let presentedAt: Double?
        /// The dialog's center and rotation when presented (points, radians).
        public let presentedCenter: Point, presentedAngle: Double
        /// How often the animator paused during the dismissal, and how many bottom contacts began.
        public let dismissalPauses: Int, bottomContacts: Int
        /// The dialog's center at the end (points) and how long the dismissal took (seconds).
        public let finalCenter: Point, dismissalDuration: Double
        /// The recorded run.
        public let simulation: Simulation
    }

    /// The seed's dialog: 240×160 pt, presented for 1.5 s.
    public init() {}

    /// Runs both stages; the dismissal gives up after 20 s.
    /// - Throws: an engine error (none for these parameters).
    public func run() throws -> Outcome {
        let screen = Self.screen
        let dialog = HeadlessItem(center: Point(x: 160, y: -100), size: Size(width: 240, height: 160))
        let animator = try DynamicAnimator(referenceBounds: screen)
        let recorder = ScenarioRecorder(name: "Drop-in dialog: presented by gravity ×3, dismissed by a spring and a fall",
                                        referenceBounds: screen)
        recorder.track(dialog, as: "dialog")
        recorder.drawReferenceBounds()
        recorder.drawBoundary("inset floor", from: Point(x: 0, y: 468), to: Point(x: 320, y: 468))

        // Stage 1: gravity ×3, collision with the bounds inset 100 pt from the bottom (and open far
        // above, so the dialog can come in from off-screen), rotation off, elasticity 0.3; an
        // action ends the presentation once the elapsed time passes `presentationTime`.
        let gravity = try GravityBehavior(items: [dialog])
        gravity.magnitude = 3
        let collision = try CollisionBehavior(items: [dialog])
        try collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: -1000, bottom: 100))
        let properties = try DynamicItemBehavior(items: [dialog])
        properties.allowsRotation = false
        properties.elasticity = 0.3
        let presentation = DynamicBehavior()
        for behavior in [gravity, collision, properties] as [DynamicBehavior] { try presentation.addChildBehavior(behavior) }
        var presentedAt: Double?
        let presentationTime = presentationTime
        presentation.action = { [unowned animator, unowned presentation] in
            if animator.elapsedTime >= presentationTime, presentedAt == nil {
                presentedAt = animator.elapsedTime
                animator.removeBehavior(presentation)
            }
        }
        try animator.addBehavior(presentation)
        recorder.recordStart(of: animator)
        while presentedAt == nil && recorder.frames < 600 { try recorder.step(animator) }
        let presentedCenter = dialog.center, presentedAngle = dialog.transform.rotationAngle

        // Stage 2: a spring lifts the dialog 100 pt; when the animator pauses, the spring goes and
        // gravity and collision with the screen's bottom take over; the first bottom contact removes
        // the collision, so the dialog bounces once and falls off-screen.
        let events = DismissalEvents()
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
        events.onPause = { [unowned animator, unowned events] in
            guard events.pauses == 1 else { return }
            animator.removeBehavior(lift)
            recorder.attempt { () throws(DynamicsError) in
                try animator.addBehavior(fall)
                try animator.addBehavior(bottom)
                try animator.addBehavior(falling)
            }
        }
        events.onBottomContact = { [unowned animator] in animator.removeBehavior(bottom) }
        let dismissalStart = recorder.frames
        while dialog.center.y < screen.height + 80 && recorder.frames - dismissalStart < 60 * 20 { try recorder.step(animator) }
        return Outcome(presentedAt: presentedAt, presentedCenter: presentedCenter, presentedAngle: presentedAngle,
                       dismissalPauses: events.pauses, bottomContacts: events.bottomContacts, finalCenter: dialog.center,
                       dismissalDuration: recorder.time - Double(dismissalStart) / 60, simulation: recorder.simulation)
    }
}

/// The dismissal stage's delegate: counts pauses and contacts with the screen's bottom edge, and
/// hands each to the scenario.
private final class DismissalEvents: DynamicAnimatorDelegate, CollisionBehaviorDelegate {
    var onPause: () -> Void = {}
    var onBottomContact: () -> Void = {}
    var pauses = 0, bottomContacts = 0

    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
        pauses += 1
        onPause()
    }

    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}

    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
                           withBoundaryIdentifier identifier: String?, at point: Point) {
        guard point.y >= DropInDialogScenario.screen.maxY - 1 else { return }
        bottomContacts += 1
        onBottomContact()
    }
}
