import Dynamics
import Harness

/// Seed 000's drop shade, an interactive transition. A scripted pan moves the shade down from
/// above the screen by setting its center (the interactive part uses no dynamics). On release the
/// release velocity decides: downward finishes, upward cancels. A spring attachment (damping 0.1,
/// frequency 3, length half the screen's height) to an anchor below the screen (finish) or above
/// it (cancel), collision with the screen open above, and elasticity 0.6 carry the shade home. An
/// `action` reports the percent complete after every step and ends the transition once the
/// elapsed time passes `finishTime`; `didPause` completes it, finished or cancelled.
public struct DropShadeScenario {
    /// The screen, and the shade's size (points).
    public static let screen = Rect(x: 0, y: 0, width: 320, height: 568)
    /// How far the pan moves the shade down (points), over `panDuration` seconds.
    public var panDistance: Double
    /// How long the pan lasts (seconds).
    public var panDuration = 0.5
    /// The shade's vertical velocity when the finger lifts (pt/s, positive down).
    public var releaseVelocity: Double
    /// The longest the transition may take after the release (seconds of elapsed time).
    public var finishTime = 3.0

    /// What happened.
    public struct Outcome {
        /// Whether the transition finished (`true`), cancelled (`false`), or never completed (`nil`).
        public let finished: Bool?
        /// Time from the release to completion (seconds), `nil` if it never completed.
        public let completionTime: Double?
        /// The percent complete reported by the action, once per step after the release (0…1).
        public let reportedProgress: [Double]
        /// Steps run after the release until completion (or the end).
        public let stepsAfterRelease: Int
        /// The shade's center at the end (points).
        public let finalCenter: Point
        /// The recorded run.
        public let simulation: Simulation
    }

    /// A pan of `panDistance` points released at `releaseVelocity` pt/s.
    public init(panDistance: Double, releaseVelocity: Double) {
        self.panDistance = panDistance
        self.releaseVelocity = releaseVelocity
    }

    /// The fraction of the shade on screen (0…1) with its center at `y` (points).
    public static func percentComplete(centerY y: Double) -> Double {
        min(1, max(0, (y + screen.height / 2) / screen.height))
    }

    /// Runs the pan, the release and the transition's end; gives up 10 s after the release.
    /// - Throws: an engine error (none for valid parameters).
    public func run() throws -> Outcome {
        let screen = Self.screen
        let hidden = Point(x: screen.center.x, y: -screen.height / 2)
        let shade = HeadlessItem(center: hidden, size: screen.size)
        let recorder = ScenarioRecorder(name: "Drop shade: a pan, then a spring finishes or cancels", referenceBounds: screen)
        recorder.track(shade, as: "shade")
        recorder.drawReferenceBounds()
        recorder.recordStart(of: nil)
        let panFrames = Int((panDuration * 60).rounded())
        for frame in 1...panFrames {
            shade.center.y = hidden.y + panDistance * Double(frame) / Double(panFrames)
            recorder.recordFrameMovedByHand()
        }

        let animator = try DynamicAnimator(referenceBounds: screen)
        let cancelled = releaseVelocity < 0
        let transition = DynamicBehavior()
        let body = try DynamicItemBehavior(items: [shade])
        body.elasticity = 0.6
        try body.addLinearVelocity(Vector(dx: 0, dy: releaseVelocity), for: shade)
        let collision = try CollisionBehavior(items: [shade])
        try collision.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: -screen.height))
        let anchor = Point(x: shade.center.x, y: cancelled ? -screen.height : screen.height)
        let spring = try AttachmentBehavior(item: shade, attachedToAnchor: anchor)
        spring.damping = 0.1
        spring.frequency = 3
        spring.length = screen.height / 2
        for behavior in [body, collision, spring] as [DynamicBehavior] { try transition.addChildBehavior(behavior) }
        var reportedProgress: [Double] = []
        let finishTime = finishTime
        transition.action = { [unowned animator, unowned shade] in
            if animator.elapsedTime > finishTime {
                animator.removeAllBehaviors()
            } else {
                reportedProgress.append(Self.percentComplete(centerY: shade.center.y))
            }
        }
        let completion = TransitionCompletion(shade: shade, body: body, cancelled: cancelled)
        animator.delegate = completion
        try animator.addBehavior(transition)
        let release = recorder.frames
        while completion.finished == nil && recorder.frames - release < 600 {
            try recorder.step(animator)
            if completion.finished != nil, completion.completedAfterSteps == nil {
                completion.completedAfterSteps = recorder.frames - release
            }
        }
        let steps = recorder.frames - release
        return Outcome(finished: completion.finished, completionTime: completion.completedAfterSteps.map { Double($0) / 60 },
                       reportedProgress: reportedProgress, stepsAfterRelease: steps, finalCenter: shade.center,
                       simulation: recorder.simulation)
    }
}

/// The transition's `didPause`: the seed completes it when no behavior is left or the shade no
/// longer moves down faster than 0.5 pt/s, finished unless the release cancelled it.
private final class TransitionCompletion: DynamicAnimatorDelegate {
    let shade: HeadlessItem
    let body: DynamicItemBehavior
    let cancelled: Bool
    var finished: Bool?
    var completedAfterSteps: Int?

    init(shade: HeadlessItem, body: DynamicItemBehavior, cancelled: Bool) {
        self.shade = shade
        self.body = body
        self.cancelled = cancelled
    }

    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {
        guard finished == nil else { return }
        if animator.behaviors.isEmpty || body.linearVelocity(for: shade).dy < 0.5 { finished = !cancelled }
    }

    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
}
