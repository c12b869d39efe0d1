/// One point of a contact manifold, with its accumulated impulses (plain data).
struct ContactPoint {
    /// World position at the sub-step's start, midway between the surfaces (points).
    var point: Vector = .zero
    /// Offsets of the point from each body's center of mass at the sub-step's start (points).
    var anchorA: Vector = .zero
    var anchorB: Vector = .zero
    /// Separation along the normal at the sub-step's start; negative is overlap (points).
    var baseSeparation = 0.0
    /// Separation after the last position update (points).
    var currentSeparation = 0.0
    /// Accumulated impulses this sub-step (mass·pt/s).
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    /// The largest normal impulse increment this sub-step: whether the point carried load.
    var maxNormalImpulse = 0.0
    /// Normal impulse before restitution, kept to warm-start the next sub-step.
    var warmStartImpulse = 0.0
    /// Effective masses along the normal and the tangent.
    var normalMass = 0.0
    var tangentMass = 0.0
    /// Normal velocity at the moment of impact, for restitution (pt/s; negative approaches).
    var impactVelocity = 0.0
    /// The approach speed the velocity iterations allow (pt/s): 0 across an overlap, the gap's
    /// width over the sub-step across a gap, from the free-flight offsets at the sub-step's start.
    var allowedApproachSpeed = 0.0
    /// Feature identifier, stable while the same features touch (for warm starting).
    var id: UInt32 = 0
}

/// A contact between two shapes, or a shape and a boundary: a normal and up to two points.
struct Contact {
    /// Identifies the shape pair; contacts are kept sorted by it.
    var key: UInt64
    /// Body indices; `bodyB == -1` for a boundary.
    var bodyA: Int32
    var bodyB: Int32
    /// Shape indices; for a boundary, `shapeB` is the boundary's index.
    var shapeA: Int32
    var shapeB: Int32
    /// Unit normal from A to B.
    var normal: Vector
    /// Combined friction coefficient and restitution.
    var friction: Double
    var restitution: Double
    var pointCount: Int
    /// The two normal rows' effective-mass matrix and its inverse, when well conditioned.
    var blockMatrix: NormalBlock?
    /// With the soft step: a two-point manifold, restituting or in a small system, whose points
    /// both approached across a gap faster than the restitution threshold when its first pass
    /// stopped them together (an impact, which the relax also solves as a block). Cleared when
    /// the contact is prepared.
    /// Declared here, it takes the padding after `blockMatrix`: contacts stay the same size.
    var arrivesAsImpact = false
    /// The two bodies' kinetic energy at the sub-step's start (mass·pt²/s²): with the work their
    /// constant forces did since, what restitution may give back at most. Set only for
    /// restituting contacts.
    var energyAtStart = 0.0
    var point0 = ContactPoint()
    var point1 = ContactPoint()

    /// The key of a shape pair (or shape–boundary pair). Sorting by it is deterministic and puts
    /// boundary contacts first, so that each solver pass carries support up from the fixed
    /// boundaries through stacks (Gauss–Seidel converges faster in that order).
    static func key(shapeA: Int32, shapeB: Int32, isBoundary: Bool) -> UInt64 {
        (isBoundary ? 0 : 1 << 63) | (UInt64(UInt32(shapeA)) << 31) | UInt64(UInt32(shapeB))
    }
}

/// The 2×2 effective-mass matrix K of a two-point manifold's normal rows (K·impulses = change
/// of the points' normal velocities), and its inverse, computed once per sub-step: the velocity
/// and restitution passes multiply by the inverse instead of dividing by the determinant.
struct NormalBlock {
    var k11: Double, k12: Double, k22: Double
    var inverse11: Double, inverse12: Double, inverse22: Double

    /// The matrix (k11, k12; k12, k22), which is symmetric, and its inverse.
    init(k11: Double, k12: Double, k22: Double) {
        (self.k11, self.k12, self.k22) = (k11, k12, k22)
        let determinant = k11 * k22 - k12 * k12
        (inverse11, inverse12, inverse22) = (k22 / determinant, -k12 / determinant, k11 / determinant)
    }

    /// K⁻¹·(r0, r1): the impulses that change the normal velocities by (r0, r1).
    @inline(__always)
    func impulses(for r0: Double, _ r1: Double) -> (Double, Double) {
        (inverse11 * r0 + inverse12 * r1, inverse12 * r0 + inverse22 * r1)
    }

    /// Both points' accumulated normal impulses at once: the 2×2 linear complementarity problem
    /// w = K·x + b ≥ 0, x ≥ 0, x·w = 0, tried case by case (both pushing, one, the other, none),
    /// where `b` is each point's normal velocity plus its allowed approach minus K·(old impulses)
    /// and `normalMass0`, `normalMass1` are 1/k11 and 1/k22. `nil` when no case fits (then the
    /// points are solved one by one).
    @inline(__always)
    func solve(_ b0: Double, _ b1: Double, normalMass0: Double, normalMass1: Double) -> (Double, Double)? {
        var (x0, x1) = impulses(for: -b0, -b1)
        if x0 >= 0 && x1 >= 0 { return (x0, x1) }
        x0 = -b0 * normalMass0
        if x0 >= 0 && k12 * x0 + b1 >= 0 { return (x0, 0) }
        x1 = -b1 * normalMass1
        if x1 >= 0 && k12 * x1 + b0 >= 0 { return (0, x1) }
        if b0 >= 0 && b1 >= 0 { return (0, 0) }
        return nil
    }
}

/// What the narrow phase finds between two shapes: a normal (A to B) and up to two points.
struct Manifold {
    var normal: Vector = .zero
    var count = 0
    var point0: Vector = .zero
    var separation0 = 0.0
    var id0: UInt32 = 0
    var point1: Vector = .zero
    var separation1 = 0.0
    var id1: UInt32 = 0

    mutating func add(_ point: Vector, separation: Double, id: UInt32) {
        if count == 0 {
            (point0, separation0, id0) = (point, separation, id)
        } else {
            (point1, separation1, id1) = (point, separation, id)
        }
        count += 1
    }
}
