/// Settings of the contact solver, fixed per animator.
struct SolverSettings {
    /// Sub-step (s).
    var substep: Double
    /// Rigid iterations with position passes, or Box2D v3's soft step.
    var contactSolver: ContactSolver
    /// Velocity iterations per sub-step: at least the minimum, then until the largest change
    /// is within the tolerance (pt/s), at most the maximum.
    var minimumVelocityIterations: Int
    var maximumVelocityIterations: Int
    var velocityTolerance: Double
    /// Position-correction iterations per sub-step.
    var positionIterations: Int
    /// Fraction of an overlap (beyond the slop) removed per position iteration.
    var positionCorrectionRate: Double
    /// The fastest an overlap is pushed apart (pt/s).
    var maximumPushOutSpeed: Double
    /// Impacts slower than this do not bounce (pt/s).
    var restitutionThreshold: Double
    /// A small distance that absorbs rounding in contact geometry (points).
    var linearSlop: Double
    /// Shapes this close or closer count as touching for collision events (points).
    var touchingDistance: Double
    /// The fastest a body moves (pt/s) and turns (rad/s); see ``SpeedLimit``.
    var maximumLinearSpeed: Double
    var maximumAngularSpeed: Double
    /// Below these speeds (pt/s, rad/s) a body rests; an island whose bodies all rested for
    /// `islandSleepDuration` seconds sleeps (infinite: never).
    var restLinearSpeed: Double
    var restAngularSpeed: Double
    var islandSleepDuration: Double
}
