import Foundation

/// One rigid body of the world: plain data, stored contiguously and addressed by index. A body
/// stands for one item, or for all the members of an item group.
struct Body {
    /// Center of mass (points).
    var position: Point
    /// Rotation (radians, clockwise on screen).
    var angle: Double
    /// Linear velocity of the center of mass (pt/s).
    var velocity: Vector
    /// Angular velocity (rad/s, clockwise positive).
    var angularVelocity: Double
    /// Mass (UIKit mass units: a 100×100 item of density 1 has mass 1).
    var mass: Double
    /// Rotational inertia about the center of mass (mass·pt²).
    var inertia: Double
    /// 1/mass, or 0 for an anchored body.
    var inverseMass: Double
    /// 1/inertia, or 0 for an anchored body or one that may not rotate.
    var inverseInertia: Double
    /// Constant acceleration from gravity and continuous pushes (pt/s²).
    var acceleration: Vector
    /// Constant angular acceleration from offset pushes (rad/s²).
    var angularAcceleration: Double
    /// Exact-step coefficients for the linear damping (resistance).
    var linearStep: ExponentialStep
    /// Exact-step coefficients for the angular damping (angularResistance).
    var angularStep: ExponentialStep
    /// Restitution against other bodies and boundaries.
    var elasticity: Double
    /// Friction coefficient.
    var friction: Double
    /// Electric charge, for electric and magnetic fields.
    var charge: Double
    /// The fields (one bit each) that act on this body.
    var fieldMask: FieldMask
    /// Collision behaviors (one bit each) in which this body collides with items.
    var itemMask: UInt64
    /// Collision behaviors (one bit each) in which this body collides with boundaries.
    var boundaryMask: UInt64
    /// First shape in the world's shape array, and the number of shapes.
    var firstShape: Int32
    var shapeCount: Int32
    /// First member (item) in the animator's member list, and the number of members.
    var firstMember: Int32
    var memberCount: Int32
    /// The largest distance from the center of mass to any point of the body's shapes (points).
    var extent: Double
    /// Half the body's thinnest part, roughly (points): over its shapes, the least circle radius
    /// or polygon inradius about its vertices' mean (see ``halfThinness(of:)``). A body is fast
    /// for the continuous step when a point of it can move more than this in a sub-step.
    var halfThinness: Double = 0
    /// How far the body may move in one sub-step, added to its box in the broad phase (points).
    var margin: Double = 0
    /// Axis-aligned box around the shapes, refreshed each sub-step (points).
    var boxMin: Vector = .zero
    var boxMax: Vector = .zero
    /// Position and angle at the start of the current sub-step.
    var startPosition: Point = .zero
    var startAngle: Double = 0
    /// Displacement and rotation, relative to the sub-step's start, that positions will have if
    /// no constraint acts: before position integration the free-flight offset, after it the
    /// actual change. Contacts predict separations from it.
    var delta: Vector = .zero
    var deltaAngle: Double = 0

    /// How far (points) and how much (radians) the last sub-step moved and turned the body; 0
    /// until it has run one. Rest is judged by these as well as by the velocity.
    var lastMove = 0.0, lastTurn = 0.0

    /// How long (seconds) the body has stayed below the rest thresholds; 0 while it moves.
    var restingTime = 0.0
    /// The inverse mass and inertia a sleeping body gets back when it wakes.
    var awakeInverseMass = 0.0, awakeInverseInertia = 0.0
    // The flags sit together at the end so that they share one word instead of padding one
    // each: every pass over the bodies streams the whole struct.
    /// Whether a sleeping body's world geometry was refreshed since it fell asleep: it cannot
    /// move, so refreshing it again would only recompute the same values.
    var hasFrozenGeometry = false
    /// Whether the body touches something (a contact within the slop) or has an active joint this
    /// sub-step: such a body moves by `x₁ = x₀ + h·v₁`, the integration the solvers assume.
    var isInContact = false
    /// Whether the body sleeps: its island rested long enough, so it is held as static (inverse
    /// mass and inertia 0, no velocity) until woken; see `World+Islands.swift`.
    var isSleeping = false

    /// Puts the body at `position` and `angle` within the current sub-step, its displacement
    /// and rotation since the sub-step's start (``delta``) following.
    @inline(__always)
    mutating func place(at position: Point, angle: Double) {
        self.position = position
        self.angle = angle
        delta = position - startPosition
        deltaAngle = angle - startAngle
    }

    /// Whether the body does not move: anchored, or asleep.
    var isStatic: Bool { inverseMass == 0 && inverseInertia == 0 }
}

extension Body {
    /// The axis-aligned box around the body's shapes (points), as of the last geometry refresh.
    var boundingBox: Rect {
        Rect(x: boxMin.dx, y: boxMin.dy, width: boxMax.dx - boxMin.dx, height: boxMax.dy - boxMin.dy)
    }
}

extension Body {
    /// Kinetic energy, translational and rotational (mass·pt²/s²): 0 for a fixed body, only the
    /// translational part for one that cannot turn (infinite inertia).
    @inline(__always)
    static func kineticEnergy(velocity: Vector, angularVelocity: Double, inverseMass: Double, inverseInertia: Double) -> Double {
        guard inverseMass > 0 else { return 0 }
        let turning = inverseInertia > 0 ? angularVelocity * angularVelocity / inverseInertia : 0
        return 0.5 * (velocity.lengthSquared / inverseMass + turning)
    }

    /// Kinetic energy now (mass·pt²/s²).
    var kineticEnergy: Double {
        Self.kineticEnergy(velocity: velocity, angularVelocity: angularVelocity, inverseMass: inverseMass,
                           inverseInertia: inverseInertia)
    }

    /// The work of the body's constant forces and torques over this sub-step's displacement so far
    /// (mass·pt²/s²): what they added to its kinetic energy, had nothing else acted.
    var workOfConstantForces: Double {
        (inverseMass > 0 ? acceleration.dot(delta) / inverseMass : 0)
            + (inverseInertia > 0 ? angularAcceleration * deltaAngle / inverseInertia : 0)
    }

    /// A convex polygon's least distance from its vertices' mean to an edge's line (points): the
    /// inradius about that point, at most half the polygon's thinnest width.
    static func halfThinness(of vertices: [Vector]) -> Double {
        guard vertices.count > 1 else { return 0 }
        var mean = Vector.zero
        for vertex in vertices { mean += vertex }
        mean = mean / Double(vertices.count)
        var least = Double.infinity
        for index in vertices.indices {
            let edge = vertices[(index + 1) % vertices.count] - vertices[index]
            let length = edge.length
            guard length > 0 else { continue }
            least = min(least, abs(edge.cross(vertices[index] - mean)) / length)
        }
        return least.isFinite ? least : 0
    }
}
