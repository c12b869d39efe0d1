/// One row of a rigid joint in a ``JointRowSystem``: its error at the current poses, and how the
/// error changes as the bodies move or turn (its Jacobian, which also gives the error's rate from
/// the bodies' velocities), with the bodies' inverse masses.
struct JointRow {
    /// The joint the row belongs to (its index in the world's joints).
    var joint: Int32
    /// The bodies (−1: the world or a static body, which does not move).
    var bodyA: Int32
    var bodyB: Int32
    /// Change of the error per point of motion (linear) and per radian of turn (angular).
    var linearA: Vector
    var angularA: Double
    var linearB: Vector
    var angularB: Double
    /// Inverse masses (1/mass) and inverse inertias (1/(mass·pt²)); 0 for a body that does not move.
    var inverseMassA: Double
    var inverseInertiaA: Double
    var inverseMassB: Double
    var inverseInertiaB: Double
    /// The error (points; an angle row's in radians).
    var error: Double
    /// The error compared with the tolerance (points; an angle row's at the joint's extent, the
    /// point rows' the distance between the points).
    var size: Double
    /// The error's rate of change (points or radians per second) from a moving world anchor.
    var anchorRate: Double
    /// What the row adds to its diagonal entry of J·M⁻¹·Jᵀ (1/mass): 0 for a rigid row; for a
    /// compliant one, the inverse of the stiffness it stands for (a loaded rod's sideways
    /// stiffness, ``Joint/lateralRow(beside:tension:)``).
    var compliance = 0.0
    /// The Levenberg–Marquardt damping of the row in the position steps: its diagonal entry is
    /// scaled by 1 + this (``JointProjection/damping``, ``JointProjection/rodDamping``).
    var damping = 0.0

    /// The error's rate of change from the bodies' velocities and the anchor's (points or radians
    /// per second).
    @inline(__always)
    func rate(_ bodies: UnsafeMutableBufferPointer<Body>) -> Double {
        var rate = anchorRate
        if bodyA >= 0 { rate += linearA.dot(bodies[Int(bodyA)].velocity) + angularA * bodies[Int(bodyA)].angularVelocity }
        if bodyB >= 0 { rate += linearB.dot(bodies[Int(bodyB)].velocity) + angularB * bodies[Int(bodyB)].angularVelocity }
        return rate
    }

    /// The entry of J·M⁻¹·Jᵀ that couples this row with `other`: their Jacobians through every
    /// body they share, weighted by its inverse mass and inertia.
    @inline(__always)
    func coupling(with other: JointRow) -> Double {
        var sum = 0.0
        if bodyA >= 0 {
            if bodyA == other.bodyA {
                sum += inverseMassA * linearA.dot(other.linearA) + inverseInertiaA * angularA * other.angularA
            } else if bodyA == other.bodyB {
                sum += inverseMassA * linearA.dot(other.linearB) + inverseInertiaA * angularA * other.angularB
            }
        }
        if bodyB >= 0 {
            if bodyB == other.bodyA {
                sum += inverseMassB * linearB.dot(other.linearA) + inverseInertiaB * angularB * other.angularA
            } else if bodyB == other.bodyB {
                sum += inverseMassB * linearB.dot(other.linearB) + inverseInertiaB * angularB * other.angularB
            }
        }
        return sum
    }
}
