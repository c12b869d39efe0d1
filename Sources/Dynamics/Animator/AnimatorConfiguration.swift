/// Timing and rest-detection settings of a ``DynamicAnimator``.
public struct AnimatorConfiguration: Equatable, Sendable, Codable {
    /// Fixed physics sub-step in seconds (default 1/120).
    public var substepDuration: Double = 1.0 / 120
    /// A frame longer than this (seconds) is treated as ``longFrameReplacement`` (default 0.5).
    public var maximumFrameDuration: Double = 0.5
    /// What an over-long frame counts as, in seconds (default 1/60).
    public var longFrameReplacement: Double = 1.0 / 60
    /// Items slower than this (pt/s) count as resting (default 1).
    public var restLinearSpeed: Double = 1
    /// Items turning slower than this (rad/s) count as resting (default 2°/s).
    public var restAngularSpeed: Double = 2 * Double.pi / 180
    /// How long (seconds) everything must rest before the animator pauses (default 0.5).
    public var restDuration: Double = 0.5
    /// How long (seconds) every body of an island (bodies linked by contacts and joints) must rest
    /// before the island sleeps: its bodies stop and cost nothing until something wakes them (a
    /// moving body touching them, an added velocity or push, a moved anchor, any change to the
    /// behavior tree or its parameters). Default 0.5; `.infinity` never sleeps. Bodies a field acts
    /// on never sleep, since fields can change with time. The animator's own pause is unaffected.
    public var islandSleepDuration: Double = 0.5
    /// Impacts slower than this (pt/s) do not bounce (default 100), so bounces end.
    public var restitutionThreshold: Double = 100
    /// How contacts are solved (default ``ContactSolver/softStep``, Box2D v3's soft step;
    /// ``ContactSolver/rigid`` is stiffer under a large load and slower). The iteration and
    /// position settings below are the rigid solver's for contacts and joints; the soft step uses
    /// them for joints, the velocity tolerance for a small system's contact passes, and
    /// ``maximumPushOutSpeed`` and ``linearSlop`` for contacts.
    public var contactSolver: ContactSolver = .softStep
    /// Fewest contact velocity iterations per sub-step (default 2).
    public var minimumVelocityIterations: Int = 2
    /// Most contact velocity iterations per sub-step (default 12); iteration stops earlier once
    /// no contact's normal velocity changes by more than ``velocityTolerance``. A small system
    /// (fewer than 64 contacts and joints) may take more, up to 768 contact and joint solves per
    /// sub-step and at most 100 iterations: a heavy item resting on a light one needs many passes,
    /// which a small system can afford.
    public var maximumVelocityIterations: Int = 12
    /// Convergence tolerance of the velocity iterations (pt/s, default 0.01).
    public var velocityTolerance: Double = 0.01
    /// Position-correction passes per sub-step (default 4): of contacts and joints with the rigid
    /// solver, of joints with the soft step.
    public var positionIterations: Int = 4
    /// Fraction of an overlap removed per position iteration (default 0.8), in (0, 1].
    public var positionCorrectionRate: Double = 0.8
    /// The fastest overlapping shapes are pushed apart (pt/s, default 300). The rigid solver
    /// removes overlap on positions only, so this never becomes velocity; the soft step's spring
    /// pushes at most this fast, and its relax takes that velocity back.
    public var maximumPushOutSpeed: Double = 300
    /// The fastest any item moves (pt/s, default 100 000): a faster velocity, from a huge push,
    /// impulse, field or added velocity, is scaled down to this speed in its direction at each
    /// sub-step, and rotation is limited to an eighth of a turn per sub-step. This keeps every state
    /// finite for any finite input; Box2D v3 limits the same two quantities (a world maximum
    /// linear speed and a maximum rotation of 0.25π per sub-step).
    public var maximumLinearSpeed: Double = 100_000
    /// The largest rotation of a body in one sub-step (radians, 0.25π, as Box2D v3's
    /// `B2_MAX_ROTATION`): angular velocity is limited to this over ``substepDuration``.
    public static let maximumRotationPerSubstep = SpeedLimit.maximumRotationPerSubstep
    /// Overlap tolerated without push-out (points, default 0.1). Below it the velocity solver alone
    /// holds a contact; with a slop near rounding (0.01 pt) the position passes pushed resting
    /// boxes out by a few hundredths of a point every sub-step and gravity brought them back at
    /// 2–9 pt/s, so a settled pile never came to rest. Box2D uses 0.005 m, 0.5 pt at 100 pt/m.
    public var linearSlop: Double = 0.1
    /// Shapes this close or closer count as touching for collision callbacks (points, default 0.5).
    public var touchingDistance: Double = 0.5

    /// The defaults of SPEC.md.
    public init() {}

    /// The contact solver's settings.
    var solverSettings: SolverSettings {
        SolverSettings(
            substep: substepDuration, contactSolver: contactSolver, minimumVelocityIterations: minimumVelocityIterations,
            maximumVelocityIterations: max(minimumVelocityIterations, maximumVelocityIterations),
            velocityTolerance: velocityTolerance, positionIterations: positionIterations,
            positionCorrectionRate: positionCorrectionRate, maximumPushOutSpeed: maximumPushOutSpeed, restitutionThreshold: restitutionThreshold,
            linearSlop: linearSlop, touchingDistance: touchingDistance,
            maximumLinearSpeed: maximumLinearSpeed, maximumAngularSpeed: SpeedLimit.maximumRotationPerSubstep / substepDuration,
            restLinearSpeed: restLinearSpeed, restAngularSpeed: restAngularSpeed, islandSleepDuration: islandSleepDuration)
    }

    /// Throws if a value is non-finite or out of range (durations and stiffness > 0, speeds,
    /// distances and ratios ≥ 0, iterations in 0...100).
    public func validate() throws(DynamicsError) {
        let positive: [(String, Double)] = [
            ("substepDuration", substepDuration), ("maximumFrameDuration", maximumFrameDuration),
            ("longFrameReplacement", longFrameReplacement), ("restDuration", restDuration),
            ("maximumPushOutSpeed", maximumPushOutSpeed), ("maximumLinearSpeed", maximumLinearSpeed),
        ]
        for (name, value) in positive where !(value.isFinite && value > 0) {
            throw .invalidParameter(behavior: "DynamicAnimator", parameter: name, value: value)
        }
        let nonNegative = [("restLinearSpeed", restLinearSpeed), ("restAngularSpeed", restAngularSpeed),
                           ("restitutionThreshold", restitutionThreshold), ("velocityTolerance", velocityTolerance),
                           ("linearSlop", linearSlop), ("touchingDistance", touchingDistance)]
        for (name, value) in nonNegative where !(value.isFinite && value >= 0) {
            throw .invalidParameter(behavior: "DynamicAnimator", parameter: name, value: value)
        }
        guard !islandSleepDuration.isNaN, islandSleepDuration >= 0 else {
            throw .invalidParameter(behavior: "DynamicAnimator", parameter: "islandSleepDuration", value: islandSleepDuration)
        }
        // Bounded so that a frame never runs an unbounded number of sub-steps.
        guard maximumFrameDuration / substepDuration <= 1_000_000 else {
            throw .invalidParameter(behavior: "DynamicAnimator", parameter: "substepDuration", value: substepDuration)
        }
        guard positionCorrectionRate.isFinite, positionCorrectionRate > 0, positionCorrectionRate <= 1 else {
            throw .invalidParameter(behavior: "DynamicAnimator", parameter: "positionCorrectionRate", value: positionCorrectionRate)
        }
        for (name, value) in [("minimumVelocityIterations", minimumVelocityIterations),
                              ("maximumVelocityIterations", maximumVelocityIterations),
                              ("positionIterations", positionIterations)]
        where !(0...100).contains(value) {
            throw .invalidParameter(behavior: "DynamicAnimator", parameter: name, value: Double(value))
        }
    }
}
