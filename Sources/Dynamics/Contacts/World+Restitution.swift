/// Restitution: the rebound at the end of a sub-step, after the velocity iterations brought every
/// impact to rest and positions were integrated. Impacts faster than the threshold rebound at
/// `restitution × impact speed` (the impact speed computed exactly across the gap when the contact
/// was prepared), both points of a two-point manifold together, in Gauss–Seidel passes, and never
/// with more energy than the bodies had.
extension World {
    /// Gives impacts faster than the threshold a rebound of `restitution × impact speed`, in
    /// Gauss–Seidel passes over the restituting contacts (a body hitting two boundaries at once,
    /// in a corner, needs both rebounds together: one pass, contact after contact, let the second
    /// undo part of the first and a spinning box gained a third of its energy there). The first
    /// pass applies every rebound; later ones only corrections above the velocity tolerance, at
    /// most ``maximumRestitutionPasses`` in all. The impulses before this pass are what the next
    /// sub-step warm-starts from (with the soft step, none for a point that began the sub-step
    /// across a gap).
    mutating func applyRestitution() {
        var restituting = false
        // The soft step does not warm-start what stopped a point arriving across a gap: one pass
        // cannot take that impact back, and a box landing flat at 20 000 pt/s was thrown up at
        // 2000 pt/s by its own braking impulse (the rigid solver's iterations take it back).
        let forgetsImpacts = settings.contactSolver == .softStep, slop = settings.linearSlop
        for index in contacts.indices {
            let (point0, point1) = (contacts[index].point0, contacts[index].point1)
            contacts[index].point0.warmStartImpulse = forgetsImpacts && point0.baseSeparation > slop ? 0 : point0.normalImpulse
            contacts[index].point1.warmStartImpulse = forgetsImpacts && point1.baseSeparation > slop ? 0 : point1.normalImpulse
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
                    if contact.bodyB >= 0 {
                        Self.moveAnchorsToOnePoint(&contact.point0, a, b)
                        if contact.pointCount > 1 { Self.moveAnchorsToOnePoint(&contact.point1, a, b) }
                    }
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
                    if contact.pointCount > 1, let block = contact.blockMatrix,
                       restitutes(contact.point0), restitutes(contact.point1) {
                        let r0 = shortfall(contact.point0), r1 = shortfall(contact.point1)
                        let (d0, d1) = block.impulses(for: r0, r1)
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

    /// Moves a point's two anchors to the world point midway between where they now lie. They named
    /// one point when the sub-step began, but positions have been integrated since, so they lie
    /// h·(v_B − v_A) apart, and equal and opposite impulses at two points would change the bodies'
    /// angular momentum by (p_B − p_A) × P: two free boxes of elasticity 0.96 colliding at
    /// 700 pt/s changed it by 2 %. A second pass finds them together and leaves them.
    private static func moveAnchorsToOnePoint(_ point: inout ContactPoint, _ a: SolverBody, _ b: SolverBody) {
        let apart = (b.position.vectorFromOrigin + point.anchorB) - (a.position.vectorFromOrigin + point.anchorA)
        point.anchorA += apart * 0.5
        point.anchorB -= apart * 0.5
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
