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
    /// sub-step's start.
    mutating func prepareContacts() {
        let h = substep
        bodies.withUnsafeBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for index in contacts.indices {
                    var contact = contacts[index]
                    let a = bodies[Int(contact.bodyA)]
                    let b: Body? = contact.bodyB >= 0 ? bodies[Int(contact.bodyB)] : nil
                    let n = contact.normal, t = Self.tangent(of: n)
                    let relativeAcceleration = n.dot((b?.acceleration ?? .zero) - a.acceleration)
                    let (mB, iB) = (b?.inverseMass ?? 0, b?.inverseInertia ?? 0)
                    func prepare(_ point: inout ContactPoint) {
                        point.anchorA = point.point - a.position.vectorFromOrigin
                        point.anchorB = b.map { point.point - $0.position.vectorFromOrigin } ?? .zero
                        let rnA = point.anchorA.cross(n), rnB = point.anchorB.cross(n)
                        let kNormal = a.inverseMass + mB + a.inverseInertia * rnA * rnA + iB * rnB * rnB
                        point.normalMass = kNormal > 0 ? 1 / kNormal : 0
                        let rtA = point.anchorA.cross(t), rtB = point.anchorB.cross(t)
                        let kTangent = a.inverseMass + mB + a.inverseInertia * rtA * rtA + iB * rtB * rtB
                        point.tangentMass = kTangent > 0 ? 1 / kTangent : 0
                        point.maxNormalImpulse = 0
                        point.currentSeparation = point.baseSeparation
                        let vB = b?.velocity(at: point.anchorB) ?? .zero
                        let normalSpeed = n.dot(vB - a.velocity(at: point.anchorA))
                        // Impact speed: across a gap s under constant relative acceleration, the
                        // approach speed on arrival is exactly sqrt(v₀² − 2·a·s).
                        let s = point.baseSeparation
                        let square = normalSpeed * normalSpeed - 2 * relativeAcceleration * s
                        if s > 0 && square > 0 && (normalSpeed < 0 || relativeAcceleration < 0) {
                            point.impactVelocity = -square.squareRoot()
                        } else {
                            point.impactVelocity = normalSpeed + relativeAcceleration * h
                        }
                    }
                    prepare(&contact.point0)
                    if contact.restitution > 0 { contact.energyAtStart = a.kineticEnergy + (b?.kineticEnergy ?? 0) }
                    if contact.pointCount > 1 {
                        prepare(&contact.point1)
                        let rn0A = contact.point0.anchorA.cross(n), rn0B = contact.point0.anchorB.cross(n)
                        let rn1A = contact.point1.anchorA.cross(n), rn1B = contact.point1.anchorB.cross(n)
                        let k11 = a.inverseMass + mB + a.inverseInertia * rn0A * rn0A + iB * rn0B * rn0B
                        let k22 = a.inverseMass + mB + a.inverseInertia * rn1A * rn1A + iB * rn1B * rn1B
                        let k12 = a.inverseMass + mB + a.inverseInertia * rn0A * rn1A + iB * rn0B * rn1B
                        // The block solver needs a well-conditioned matrix (limit as in Box2D v2).
                        let determinant = k11 * k22 - k12 * k12
                        contact.blockMatrix = k11 * k11 < 1000 * determinant ? (k11, k12, k22, determinant) : nil
                    }
                    contacts[index] = contact
                }
            }
        }
    }

    mutating func warmStartContacts() {
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeBufferPointer { contacts in
                for contact in contacts {
                    let t = Self.tangent(of: contact.normal)
                    for k in 0..<contact.pointCount {
                        let point = k == 0 ? contact.point0 : contact.point1
                        let impulse = contact.normal * point.normalImpulse + t * point.tangentImpulse
                        bodies[Int(contact.bodyA)].apply(impulse: -impulse, at: point.anchorA)
                        if contact.bodyB >= 0 { bodies[Int(contact.bodyB)].apply(impulse: impulse, at: point.anchorB) }
                    }
                }
            }
        }
    }

    /// One Gauss–Seidel pass over every contact's velocities: Coulomb friction, then the normal
    /// impulses (no approach across an overlap; across a gap, no more approach than closes it).
    /// Returns the largest change of normal velocity any point received (pt/s).
    @discardableResult
    mutating func solveContactVelocities() -> Double {
        let inverseH = 1 / substep
        var largestChange = 0.0
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
                    @inline(__always) func push(_ impulse: Vector, _ point: ContactPoint) {
                        a.apply(impulse: -impulse, at: point.anchorA)
                        b.apply(impulse: impulse, at: point.anchorB)
                    }
                    func solveFriction(_ point: inout ContactPoint) {
                        let vt = t.dot(relativeVelocity(point))
                        let limit = friction * point.normalImpulse
                        let total = min(max(point.tangentImpulse - point.tangentMass * vt, -limit), limit)
                        push(t * (total - point.tangentImpulse), point)
                        point.tangentImpulse = total
                    }
                    /// The normal velocity a point may reach: 0 across an overlap, −gap/h across a gap.
                    func allowance(_ point: ContactPoint) -> Double {
                        let gap = point.baseSeparation + n.dot(b.displacement(at: point.anchorB) - a.displacement(at: point.anchorA))
                        return max(0, gap) * inverseH
                    }
                    func solveNormal(_ point: inout ContactPoint) {
                        let vn = n.dot(relativeVelocity(point))
                        let total = max(point.normalImpulse - point.normalMass * (vn + allowance(point)), 0)
                        let applied = total - point.normalImpulse
                        point.normalImpulse = total
                        point.maxNormalImpulse = max(point.maxNormalImpulse, applied)
                        largestChange = max(largestChange, abs(applied) / point.normalMass)
                        push(n * applied, point)
                    }
                    solveFriction(&contact.pointee.point0)
                    if pointCount > 1 { solveFriction(&contact.pointee.point1) }
                    if pointCount > 1, let (k11, k12, k22, determinant) = contact.pointee.blockMatrix {
                        // Both points at once: the 2×2 linear complementarity problem
                        // w = K·x + b ≥ 0, x ≥ 0, x·w = 0, tried case by case.
                        let old0 = contact.pointee.point0.normalImpulse, old1 = contact.pointee.point1.normalImpulse
                        let b0 = n.dot(relativeVelocity(contact.pointee.point0)) + allowance(contact.pointee.point0) - (k11 * old0 + k12 * old1)
                        let b1 = n.dot(relativeVelocity(contact.pointee.point1)) + allowance(contact.pointee.point1) - (k12 * old0 + k22 * old1)
                        var x0 = -(k22 * b0 - k12 * b1) / determinant
                        var x1 = -(k11 * b1 - k12 * b0) / determinant
                        if !(x0 >= 0 && x1 >= 0) {
                            x0 = -b0 / k11; x1 = 0
                            if !(x0 >= 0 && k12 * x0 + b1 >= 0) {
                                x0 = 0; x1 = -b1 / k22
                                if !(x1 >= 0 && k12 * x1 + b0 >= 0) {
                                    x0 = 0; x1 = 0
                                    if !(b0 >= 0 && b1 >= 0) {
                                        solveNormal(&contact.pointee.point0)
                                        solveNormal(&contact.pointee.point1)
                                        x0 = contact.pointee.point0.normalImpulse; x1 = contact.pointee.point1.normalImpulse
                                    }
                                }
                            }
                        }
                        let d0 = x0 - contact.pointee.point0.normalImpulse, d1 = x1 - contact.pointee.point1.normalImpulse
                        push(n * d0, contact.pointee.point0)
                        push(n * d1, contact.pointee.point1)
                        contact.pointee.point0.normalImpulse = x0
                        contact.pointee.point1.normalImpulse = x1
                        contact.pointee.point0.maxNormalImpulse = max(contact.pointee.point0.maxNormalImpulse, d0)
                        contact.pointee.point1.maxNormalImpulse = max(contact.pointee.point1.maxNormalImpulse, d1)
                        largestChange = max(largestChange, abs(d0) / contact.pointee.point0.normalMass, abs(d1) / contact.pointee.point1.normalMass)
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
    mutating func correctContactPositions() {
        let rate = settings.positionCorrectionRate, slop = settings.linearSlop
        let largest = settings.maximumPushOutSpeed * substep
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for index in contacts.indices {
                    var contact = contacts[index]
                    var a = SolverBody(bodies, contact.bodyA)
                    var b = SolverBody(bodies, contact.bodyB)
                    let n = contact.normal
                    func correct(_ point: inout ContactPoint) {
                        let s = point.baseSeparation + n.dot(b.displacement(at: point.anchorB) - a.displacement(at: point.anchorA))
                        point.currentSeparation = s
                        let correction = max(rate * min(0, s + slop), -largest)
                        guard correction < 0 else { return }
                        let shift = n * (-correction * point.normalMass)
                        a.shift(by: -shift, at: point.anchorA)
                        b.shift(by: shift, at: point.anchorB)
                        point.currentSeparation = s - correction
                    }
                    correct(&contact.point0)
                    if contact.pointCount > 1 { correct(&contact.point1) }
                    a.storePose(into: bodies, at: contact.bodyA)
                    b.storePose(into: bodies, at: contact.bodyB)
                    contacts[index] = contact
                }
            }
        }
    }

    /// Gives impacts faster than the threshold a rebound of `restitution × impact speed`, in
    /// Gauss–Seidel passes over the restituting contacts (a body hitting two boundaries at once,
    /// in a corner, needs both rebounds together: one pass, contact after contact, let the second
    /// undo part of the first and a spinning box gained a third of its energy there). The first
    /// pass applies every rebound; later ones only corrections above the velocity tolerance, at
    /// most ``maximumRestitutionPasses`` in all. The impulses before this pass are what the next
    /// sub-step warm-starts from.
    mutating func applyRestitution() {
        var restituting = false
        for index in contacts.indices {
            contacts[index].point0.warmStartImpulse = contacts[index].point0.normalImpulse
            contacts[index].point1.warmStartImpulse = contacts[index].point1.normalImpulse
            restituting = restituting || contacts[index].restitution > 0
        }
        guard restituting else { return }
        for pass in 0..<Self.maximumRestitutionPasses {
            let largestChange = restitutionPass(minimumChange: pass == 0 ? 0 : settings.velocityTolerance)
            if largestChange <= settings.velocityTolerance { break }
        }
    }

    /// The most restitution passes per sub-step.
    static let maximumRestitutionPasses = 8

    /// One pass of ``applyRestitution()``: each restituting point's normal velocity is brought to
    /// `−restitution × impact speed` (both points of a well-conditioned two-point manifold at
    /// once), keeping each accumulated normal impulse ≥ 0; a change of normal velocity of at most
    /// `minimumChange` (pt/s) is not applied. Returns the largest change applied.
    private mutating func restitutionPass(minimumChange: Double) -> Double {
        let threshold = settings.restitutionThreshold
        var largestChange = 0.0
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for index in contacts.indices where contacts[index].restitution > 0 {
                    var contact = contacts[index]
                    defer { contacts[index] = contact }
                    var a = SolverBody(bodies, contact.bodyA)
                    var b = SolverBody(bodies, contact.bodyB)
                    let (a0, b0) = (a, b)
                    let n = contact.normal, restitution = contact.restitution
                    func restitutes(_ point: ContactPoint) -> Bool {
                        point.impactVelocity < -threshold && point.maxNormalImpulse > 0
                    }
                    func shortfall(_ point: ContactPoint) -> Double {
                        -restitution * point.impactVelocity - n.dot(b.velocity(at: point.anchorB) - a.velocity(at: point.anchorA))
                    }
                    func push(_ applied: Double, _ point: inout ContactPoint) {
                        point.normalImpulse += applied
                        a.apply(impulse: n * -applied, at: point.anchorA)
                        b.apply(impulse: n * applied, at: point.anchorB)
                    }
                    /// The impulse that brings `point` to its rebound velocity, the accumulated impulse
                    /// kept ≥ 0; 0 where the point does not restitute or is within `minimumChange`.
                    func rebound(_ point: ContactPoint, a: SolverBody? = nil, b: SolverBody? = nil) -> Double {
                        let (a, b) = (a ?? a0, b ?? b0)
                        let gap = -restitution * point.impactVelocity - n.dot(b.velocity(at: point.anchorB) - a.velocity(at: point.anchorA))
                        guard restitutes(point), abs(gap) > minimumChange else { return 0 }
                        return max(point.normalImpulse + point.normalMass * gap, 0) - point.normalImpulse
                    }
                    // Both points of a two-point manifold at once, as the velocity solver does:
                    // point by point, the first point's impulse turns the body before the second
                    // is reached, so a box landing flat would rebound crooked and spinning.
                    var impulse0 = 0.0, impulse1 = 0.0
                    var solvedAsBlock = false
                    if contact.pointCount > 1, let (k11, k12, k22, determinant) = contact.blockMatrix,
                       restitutes(contact.point0), restitutes(contact.point1) {
                        let r0 = shortfall(contact.point0), r1 = shortfall(contact.point1)
                        let d0 = (k22 * r0 - k12 * r1) / determinant, d1 = (k11 * r1 - k12 * r0) / determinant
                        if contact.point0.normalImpulse + d0 >= 0 && contact.point1.normalImpulse + d1 >= 0 {
                            if max(abs(r0), abs(r1)) > minimumChange { (impulse0, impulse1) = (d0, d1) }
                            solvedAsBlock = true
                        }
                    }
                    if !solvedAsBlock {
                        impulse0 = rebound(contact.point0)
                        if contact.pointCount > 1 {
                            // The second point sees the first point's impulse.
                            var (aAfter, bAfter) = (a, b)
                            aAfter.apply(impulse: n * -impulse0, at: contact.point0.anchorA)
                            bAfter.apply(impulse: n * impulse0, at: contact.point0.anchorB)
                            impulse1 = rebound(contact.point1, a: aAfter, b: bAfter)
                        }
                    }
                    guard impulse0 != 0 || impulse1 != 0 else { continue }
                    var allowed = contact.energyAtStart + bodies[Int(contact.bodyA)].workOfConstantForces
                    if contact.bodyB >= 0 { allowed += bodies[Int(contact.bodyB)].workOfConstantForces }
                    let scale = Self.energyLimitedScale(impulse0, impulse1, contact, a, b, allowed: allowed)
                    push(impulse0 * scale, &contact.point0)
                    push(impulse1 * scale, &contact.point1)
                    largestChange = max(largestChange, abs(impulse0 * scale) / contact.point0.normalMass,
                                        contact.pointCount > 1 ? abs(impulse1 * scale) / contact.point1.normalMass : 0)
                    a.storeVelocities(into: bodies, at: contact.bodyA)
                    b.storeVelocities(into: bodies, at: contact.bodyB)
                }
            }
        }
        return largestChange
    }

    /// The fraction of the rebound impulses `impulse0` and `impulse1` (along the contact normal at
    /// its two points) that keeps the two bodies' kinetic energy within `allowed` (their energy at
    /// the sub-step's start plus the work of their constant forces over the distance they actually
    /// moved; or what they have now, if more): 1 where the rebound adds no energy. Newton's rebound law with Coulomb friction can add energy when a spinning body hits
    /// a rough surface (Kane and Levinson's example; Stronge, "Impact Mechanics", 2000, ch. 5):
    /// friction turns the body during compression, and restoring the normal velocity to e times its
    /// approach then gives back more than was taken. A box of elasticity 1 spun up that way and
    /// gained 4–11 % of its energy per hit. A relative slack of 1e-9 leaves rebounds that are
    /// exact to rounding (every frictionless one) untouched.
    private static func energyLimitedScale(_ impulse0: Double, _ impulse1: Double, _ contact: Contact,
                                           _ a: SolverBody, _ b: SolverBody, allowed budget: Double) -> Double {
        var (aFull, bFull) = (a, b)
        let n = contact.normal
        aFull.apply(impulse: n * -impulse0, at: contact.point0.anchorA)
        bFull.apply(impulse: n * impulse0, at: contact.point0.anchorB)
        if contact.pointCount > 1 {
            aFull.apply(impulse: n * -impulse1, at: contact.point1.anchorA)
            bFull.apply(impulse: n * impulse1, at: contact.point1.anchorB)
        }
        let now = a.kineticEnergy + b.kineticEnergy, full = aFull.kineticEnergy + bFull.kineticEnergy
        let allowed = max(budget, now)
        guard full > allowed * (1 + 1e-9) else { return 1 }
        // The energy is quadratic in the scale s: E(s) = now + s·linear + s²·quadratic, with
        // E(1) = full; `quadratic` is the energy of the impulse alone on resting bodies.
        func energy(ofChange body: SolverBody, _ changed: SolverBody) -> Double {
            var difference = body
            difference.velocity = changed.velocity - body.velocity
            difference.angularVelocity = changed.angularVelocity - body.angularVelocity
            return difference.kineticEnergy
        }
        let quadratic = energy(ofChange: a, aFull) + energy(ofChange: b, bFull)
        let linear = full - now - quadratic
        guard quadratic > 0 else { return 0 }
        // The larger root of quadratic·s² + linear·s + (now − allowed) = 0, clamped to [0, 1].
        let discriminant = linear * linear - 4 * quadratic * (now - allowed)
        guard discriminant >= 0 else { return 0 }
        return min(max((-linear + discriminant.squareRoot()) / (2 * quadratic), 0), 1)
    }
}
