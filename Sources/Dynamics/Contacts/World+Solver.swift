/// The contact solver, after the sequential-impulse method with accumulated impulses, warm
/// starting and a 2×2 block solver for two-point manifolds (Catto, "Iterative Dynamics with
/// Temporal Coherence", GDC 2005, and the Box2D v2 contact solver), with speculative contacts
/// for gaps and a separate non-linear Gauss–Seidel pass that corrects overlap on positions only,
/// so that pushing shapes apart never adds velocity.
extension World {
    /// Unit tangent of a contact normal (the normal rotated a quarter turn).
    @inline(__always)
    static func tangent(of normal: Vector) -> Vector { Vector(dx: -normal.dy, dy: normal.dx) }

    /// Anchors, effective masses and impact speeds, from positions and velocities at the
    /// sub-step's start; impact speeds only for restituting contacts, the only ones that read them
    /// (docs/decisions/0005).
    mutating func prepareContacts() {
        let h = substep, fastest = settings.maximumLinearSpeed
        bodies.withUnsafeBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                guard let first = contacts.baseAddress else { return }
                for index in contacts.indices {
                    // In place: a contact is a few hundred bytes, and copying it in and out cost
                    // more than the fields read here.
                    let contact = first + index
                    // Field by field rather than whole bodies: a body is 320 bytes.
                    let bodyA = Int(contact.pointee.bodyA), bodyB = Int(contact.pointee.bodyB)
                    let a = SolverBody(bodies[bodyA])
                    let hasB = bodyB >= 0
                    let b = hasB ? SolverBody(bodies[bodyB]) : .fixed
                    let accelerationA = bodies[bodyA].acceleration
                    let accelerationB = hasB ? bodies[bodyB].acceleration : .zero
                    let n = contact.pointee.normal, t = Self.tangent(of: n)
                    let relativeAcceleration = n.dot(accelerationB - accelerationA)
                    let (mB, iB) = (b.inverseMass, b.inverseInertia)
                    let restitutes = contact.pointee.restitution > 0
                    func prepare(_ point: inout ContactPoint) {
                        point.anchorA = point.point - a.position.vectorFromOrigin
                        point.anchorB = hasB ? point.point - b.position.vectorFromOrigin : .zero
                        let rnA = point.anchorA.cross(n), rnB = point.anchorB.cross(n)
                        let kNormal = a.inverseMass + mB + a.inverseInertia * rnA * rnA + iB * rnB * rnB
                        point.normalMass = kNormal > 0 ? 1 / kNormal : 0
                        let rtA = point.anchorA.cross(t), rtB = point.anchorB.cross(t)
                        let kTangent = a.inverseMass + mB + a.inverseInertia * rtA * rtA + iB * rtB * rtB
                        point.tangentMass = kTangent > 0 ? 1 / kTangent : 0
                        point.maxNormalImpulse = 0
                        point.currentSeparation = point.baseSeparation
                        // Only restitution reads the impact speed.
                        guard restitutes else { return }
                        let vB = hasB ? b.velocity(at: point.anchorB) : .zero
                        point.impactVelocity = Self.impactVelocity(normalSpeed: n.dot(vB - a.velocity(at: point.anchorA)),
                                                                   relativeAcceleration: relativeAcceleration,
                                                                   separation: point.baseSeparation, substep: h, fastest: fastest)
                    }
                    prepare(&contact.pointee.point0)
                    contact.pointee.arrivesAsImpact = false
                    if restitutes { contact.pointee.energyAtStart = a.kineticEnergy + (hasB ? b.kineticEnergy : 0) }
                    if contact.pointee.pointCount > 1 {
                        prepare(&contact.pointee.point1)
                        let rn0A = contact.pointee.point0.anchorA.cross(n), rn0B = contact.pointee.point0.anchorB.cross(n)
                        let rn1A = contact.pointee.point1.anchorA.cross(n), rn1B = contact.pointee.point1.anchorB.cross(n)
                        let k11 = a.inverseMass + mB + a.inverseInertia * rn0A * rn0A + iB * rn0B * rn0B
                        let k22 = a.inverseMass + mB + a.inverseInertia * rn1A * rn1A + iB * rn1B * rn1B
                        let k12 = a.inverseMass + mB + a.inverseInertia * rn0A * rn1A + iB * rn0B * rn1B
                        // The block solver needs a well-conditioned matrix (limit as in Box2D v2).
                        let determinant = k11 * k22 - k12 * k12
                        contact.pointee.blockMatrix = k11 * k11 < 1000 * determinant ? NormalBlock(k11: k11, k12: k12, k22: k22) : nil
                    }
                }
            }
        }
    }

    /// The normal speed (pt/s, negative approaching) at which a point meets its surface this
    /// sub-step: across a gap `separation` under constant relative acceleration, exactly
    /// `−√(v₀² − 2·a·s)`; otherwise the speed at the sub-step's end. Never faster than two bodies
    /// meeting at the speed limit `fastest`: an item given 10¹⁵⁰ pt/s would otherwise ask
    /// restitution for impulses whose energies overflow.
    @inline(__always)
    static func impactVelocity(normalSpeed: Double, relativeAcceleration: Double, separation s: Double, substep h: Double,
                               fastest: Double) -> Double {
        let square = normalSpeed * normalSpeed - 2 * relativeAcceleration * s
        let impact = s > 0 && square > 0 && (normalSpeed < 0 || relativeAcceleration < 0)
            ? -square.squareRoot() : normalSpeed + relativeAcceleration * h
        return max(impact, -2 * fastest)
    }

    /// Applies the impulses carried over from the previous sub-step, and fixes each point's
    /// allowed approach speed for the velocity iterations: the free-flight offsets it depends on
    /// do not change until positions are integrated.
    mutating func warmStartContacts() {
        let inverseH = 1 / substep
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                guard let first = contacts.baseAddress else { return }
                for index in contacts.indices {
                    // In place, as in `prepareContacts()`.
                    let contact = first + index
                    let bodyA = contact.pointee.bodyA, bodyB = contact.pointee.bodyB
                    var a = SolverBody(bodies, bodyA), b = SolverBody(bodies, bodyB)
                    let n = contact.pointee.normal, t = Self.tangent(of: n)
                    func warmStart(_ point: inout ContactPoint) {
                        // Across an overlap no approach; across a gap, no more than closes it.
                        let gap = point.baseSeparation + n.dot(b.displacement(at: point.anchorB) - a.displacement(at: point.anchorA))
                        point.allowedApproachSpeed = max(0, gap) * inverseH
                        let impulse = n * point.normalImpulse + t * point.tangentImpulse
                        a.apply(impulse: -impulse, at: point.anchorA)
                        b.apply(impulse: impulse, at: point.anchorB)
                    }
                    warmStart(&contact.pointee.point0)
                    if contact.pointee.pointCount > 1 { warmStart(&contact.pointee.point1) }
                    a.storeVelocities(into: bodies, at: bodyA)
                    b.storeVelocities(into: bodies, at: bodyB)
                }
            }
        }
    }

    /// One Gauss–Seidel pass over every contact's velocities: Coulomb friction, then the normal
    /// impulses (no approach across an overlap; across a gap, no more approach than closes it).
    /// Returns the largest change of normal velocity any point received (pt/s), or, once that
    /// exceeds the velocity tolerance, a change beyond it: the sub-step only compares the result
    /// with the tolerance, and the division each point's change takes is then skipped
    /// (docs/decisions/0005).
    @discardableResult
    mutating func solveContactVelocities() -> Double {
        let tolerance = settings.velocityTolerance
        var largestChange = 0.0
        /// Records a point's change of normal velocity, `impulse / normalMass`, while it matters.
        @inline(__always) func record(_ impulse: Double, _ normalMass: Double) {
            if largestChange <= tolerance { largestChange = max(largestChange, abs(impulse) / normalMass) }
        }
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                guard let first = contacts.baseAddress else { return }
                for index in contacts.indices {
                    // In place: a contact is a few hundred bytes, too big to copy in and out on
                    // every iteration.
                    let contact = first + index
                    var a = SolverBody(bodies, contact.pointee.bodyA)
                    var b = SolverBody(bodies, contact.pointee.bodyB)
                    let n = contact.pointee.normal, t = Self.tangent(of: n), friction = contact.pointee.friction
                    let pointCount = contact.pointee.pointCount
                    @inline(__always) func relativeVelocity(_ point: ContactPoint) -> Vector {
                        b.velocity(at: point.anchorB) - a.velocity(at: point.anchorA)
                    }
                    // A point that carries no impulse and approaches no faster than its gap allows
                    // gets no impulse: friction is bounded by the zero normal impulse, and the
                    // normal impulse (alone, or both points' as a block) stays 0. A contact whose
                    // points are all such is skipped, which leaves every velocity as its solve
                    // would (a speculative contact between neighbours that do not touch).
                    @inline(__always) func isIdle(_ point: ContactPoint) -> Bool {
                        point.normalImpulse == 0 && point.tangentImpulse == 0
                            && n.dot(relativeVelocity(point)) + point.allowedApproachSpeed >= 0
                    }
                    if isIdle(contact.pointee.point0) && (pointCount < 2 || isIdle(contact.pointee.point1)) { continue }
                    @inline(__always) func push(_ impulse: Vector, _ point: ContactPoint) {
                        a.apply(impulse: -impulse, at: point.anchorA)
                        b.apply(impulse: impulse, at: point.anchorB)
                    }
                    func solveFriction(_ point: inout ContactPoint) {
                        // Without normal or friction impulse the friction bound is 0: nothing to do.
                        guard point.normalImpulse != 0 || point.tangentImpulse != 0 else { return }
                        let vt = t.dot(relativeVelocity(point))
                        let limit = friction * point.normalImpulse
                        let total = min(max(point.tangentImpulse - point.tangentMass * vt, -limit), limit)
                        push(t * (total - point.tangentImpulse), point)
                        point.tangentImpulse = total
                    }
                    func solveNormal(_ point: inout ContactPoint) {
                        let vn = n.dot(relativeVelocity(point))
                        let total = max(point.normalImpulse - point.normalMass * (vn + point.allowedApproachSpeed), 0)
                        let applied = total - point.normalImpulse
                        point.normalImpulse = total
                        point.maxNormalImpulse = max(point.maxNormalImpulse, applied)
                        record(applied, point.normalMass)
                        push(n * applied, point)
                    }
                    solveFriction(&contact.pointee.point0)
                    if pointCount > 1 { solveFriction(&contact.pointee.point1) }
                    if pointCount > 1, let block = contact.pointee.blockMatrix {
                        let old0 = contact.pointee.point0.normalImpulse, old1 = contact.pointee.point1.normalImpulse
                        let b0 = n.dot(relativeVelocity(contact.pointee.point0)) + contact.pointee.point0.allowedApproachSpeed - (block.k11 * old0 + block.k12 * old1)
                        let b1 = n.dot(relativeVelocity(contact.pointee.point1)) + contact.pointee.point1.allowedApproachSpeed - (block.k12 * old0 + block.k22 * old1)
                        let x0: Double, x1: Double
                        if let solved = block.solve(b0, b1, normalMass0: contact.pointee.point0.normalMass,
                                                    normalMass1: contact.pointee.point1.normalMass) {
                            (x0, x1) = solved
                        } else {
                            solveNormal(&contact.pointee.point0)
                            solveNormal(&contact.pointee.point1)
                            (x0, x1) = (contact.pointee.point0.normalImpulse, contact.pointee.point1.normalImpulse)
                        }
                        let d0 = x0 - contact.pointee.point0.normalImpulse, d1 = x1 - contact.pointee.point1.normalImpulse
                        push(n * d0, contact.pointee.point0)
                        push(n * d1, contact.pointee.point1)
                        contact.pointee.point0.normalImpulse = x0
                        contact.pointee.point1.normalImpulse = x1
                        contact.pointee.point0.maxNormalImpulse = max(contact.pointee.point0.maxNormalImpulse, d0)
                        contact.pointee.point1.maxNormalImpulse = max(contact.pointee.point1.maxNormalImpulse, d1)
                        record(d0, contact.pointee.point0.normalMass)
                        record(d1, contact.pointee.point1.normalMass)
                    } else {
                        solveNormal(&contact.pointee.point0)
                        if pointCount > 1 { solveNormal(&contact.pointee.point1) }
                    }
                    a.storeVelocities(into: bodies, at: contact.pointee.bodyA)
                    b.storeVelocities(into: bodies, at: contact.pointee.bodyB)
                }
            }
        }
        return largestChange
    }

    /// One non-linear Gauss–Seidel pass on positions: each overlap beyond the slop is reduced by
    /// the correction rate, at most by the push-out speed × sub-step, moving positions only.
    /// Returns whether it moved any body.
    @discardableResult
    mutating func correctContactPositions() -> Bool {
        let rate = settings.positionCorrectionRate, slop = settings.linearSlop
        let largest = settings.maximumPushOutSpeed * substep
        var hasMoved = false
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                guard let first = contacts.baseAddress else { return }
                for index in contacts.indices {
                    // In place, as in the velocity pass.
                    let contact = first + index
                    var a = SolverBody(bodies, contact.pointee.bodyA)
                    var b = SolverBody(bodies, contact.pointee.bodyB)
                    let n = contact.pointee.normal
                    func correct(_ point: inout ContactPoint) {
                        let s = point.baseSeparation + n.dot(b.displacement(at: point.anchorB) - a.displacement(at: point.anchorA))
                        point.currentSeparation = s
                        let correction = max(rate * min(0, s + slop), -largest)
                        guard correction < 0 else { return }
                        let shift = n * (-correction * point.normalMass)
                        hasMoved = true
                        a.shift(by: -shift, at: point.anchorA)
                        b.shift(by: shift, at: point.anchorB)
                        point.currentSeparation = s - correction
                    }
                    correct(&contact.pointee.point0)
                    if contact.pointee.pointCount > 1 { correct(&contact.pointee.point1) }
                    a.storePose(into: bodies, at: contact.pointee.bodyA)
                    b.storePose(into: bodies, at: contact.pointee.bodyB)
                }
            }
        }
        return hasMoved
    }
}
