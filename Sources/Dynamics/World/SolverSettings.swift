/// Settings of the contact solver, fixed per animator.
struct SolverSettings {
    /// Sub-step (s).
    var substep: Double
    /// Velocity iterations with position correction per sub-step.
    var solveIterations: Int
    /// Velocity iterations without position correction, after positions are updated.
    var relaxIterations: Int
    /// Soft contact coefficients for pushing overlapping shapes apart.
    var contactSoftness: SoftConstraint
    /// The fastest an overlap is pushed apart (pt/s).
    var maximumPushOutSpeed: Double
    /// Impacts slower than this do not bounce (pt/s).
    var restitutionThreshold: Double
    /// A small distance that absorbs rounding in contact geometry (points).
    var linearSlop: Double
    /// Shapes this close or closer count as touching for collision events (points).
    var touchingDistance: Double
}
