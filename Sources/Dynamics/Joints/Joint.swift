/// What a joint constrains. Rows are solved in the velocity iterations; rigid rows and violated
/// limits are also corrected on positions (see `World+Joints.swift`).
enum JointKind: UInt8 {
    /// One row: the distance between the attachment points equals `length`.
    case distance
    /// One unilateral row: the distance is at most `length`.
    case rope
    /// Two rows: the attachment points coincide (a distance joint of length 0).
    case point
    /// Point rows plus an angle row: no relative motion.
    case weld
    /// Point rows, with optional limits on the relative angle and friction on the relative spin.
    case pin
    /// A row across the axis, an angle row, optional limits along the axis.
    case slider
    /// Point rows to a world point plus an angle row to the absolute angle 0 (mod 2π); always soft.
    case snap
}

/// One joint of the world: plain data, stored contiguously and addressed by index.
///
/// Body A is always a body; body B is a body or, when `bodyB < 0`, the world, in which case
/// `localB` is a world point (the anchor, in points) that may move with `anchorVelocity`.
/// Angles are measured as `θB − θA − referenceAngle` (θ of the world is 0).
struct Joint {
    var kind: JointKind
    var bodyA: Int32
    var bodyB: Int32
    /// Attachment point on A, in A's body frame relative to its center of mass (points).
    var localA: Vector
    /// Attachment point on B in B's body frame, or the world anchor (points).
    var localB: Vector
    /// Rest length of distance and rope joints (points).
    var length: Double
    /// Relative angle at rest (radians).
    var referenceAngle: Double
    /// Slider axis: a unit vector in B's body frame, or in world axes when B is the world.
    var axis: Vector
    /// Pin: relative-angle limits (radians); slider: translation limits along the axis (points).
    /// Infinite when absent.
    var lowerLimit: Double
    var upperLimit: Double
    /// Pin: the largest friction angular impulse per sub-step (mass·pt²/s).
    var maximumFrictionImpulse: Double
    /// Coefficients of the equality rows (rigid, or a spring).
    var spring: SpringStep

    // MARK: Dragging
    /// Velocity of the world anchor during the current frame (pt/s).
    var anchorVelocity: Vector = .zero
    /// Where the world anchor is heading, and the sub-steps left to get there (0: not moving).
    var anchorTarget: Vector = .zero
    var anchorStepsLeft: Int32 = 0
    /// The world anchor's velocity over the current sub-step (pt/s): `anchorVelocity` at its
    /// start, kept when the anchor lands, for the projections of the velocities in it.
    var substepAnchorVelocity: Vector = .zero
    /// Whether `anchorTarget` was set and awaits the next frame.
    var hasPendingTarget = false
    /// Whether the joint (or the one it replaced when the tree was resolved again) has run a
    /// sub-step. Until then a moved world anchor is simply placed: there is no motion to drag.
    var hasRun = false

    // MARK: Per sub-step (from positions at its start)
    /// Whether the joint acts this sub-step (some body can move).
    var isActive = false
    /// World-space arms from the centers of mass to the attachment points (points).
    var armA: Vector = .zero
    var armB: Vector = .zero
    /// Distance/rope: unit vector from A's point to B's. Slider: the axis in world axes.
    var direction = Vector(dx: 1, dy: 0)
    /// Slider: the perpendicular of the axis in world axes.
    var normal = Vector(dx: 0, dy: 1)
    /// Slider: the separation of the attachment points (A's minus B's), world axes (points).
    var separation: Vector = .zero
    /// Position errors: point rows (points), the one linear row (points), the angle row (radians).
    var pointError: Vector = .zero
    var linearError = 0.0
    var angleError = 0.0
    /// Slider: translation along the axis (points).
    var translation = 0.0
    /// Inverse of the point rows' 2×2 effective-mass matrix (symmetric: m11, m12, m22).
    var pointMass = (m11: 0.0, m12: 0.0, m22: 0.0)
    /// Effective masses of the linear row and the angle row.
    var linearMass = 0.0
    var angularMass = 0.0
    /// Slider: effective mass along the axis, and the angular arms of the rows across (owner B,
    /// mover A) and along the axis.
    var axialMass = 0.0
    var normalArms = (b: 0.0, a: 0.0)
    var axialArms = (b: 0.0, a: 0.0)
    /// Relative constant accelerations along the rows (pt/s², rad/s²), for springs under load.
    var pointLoad: Vector = .zero
    var linearLoad = 0.0
    var angularLoad = 0.0
    /// Whether the linear row acts this sub-step (a soft rope only pulls while taut).
    var linearRowActive = true
    /// The larger extent of the two bodies (points), to compare angular changes with linear ones.
    var extent = 0.0

    // MARK: Accumulated impulses (warm-started)
    var pointImpulse: Vector = .zero
    var linearImpulse = 0.0
    var angularImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    var frictionImpulse = 0.0
}
