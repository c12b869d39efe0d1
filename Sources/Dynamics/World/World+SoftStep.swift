/// The contact pass of ``ContactSolver/softStep``: Box2D v3's soft step (Catto, "Solver2D",
/// 2024). Each sub-step runs it once before positions are integrated, pushing overlap out softly
/// (``ContactSoftness``), and once after, rigidly (the relax), which removes the velocity the
/// push gave; no position passes correct contacts. Points are solved one after another, normal
/// then friction, as in Box2D v3; restitution follows as with the rigid solver.
///
/// A relax by the rigid solver's pass instead (friction first, two-point manifolds as a block)
/// stopped flat landings from spinning (0.009 → 3.5·10⁻⁵ rad/s) but brought the 100-row pyramid
/// down (its top fell 1920 pt against 110), so the relax keeps Box2D's order.
extension World {
    /// One Gauss–Seidel pass over every contact with the soft step's rules: across a gap, no more
    /// approach than closes it within the sub-step (as the rigid solver); across an overlap beyond
    /// the slop, when `pushingOverlapApart`, the soft spring of `softness`; otherwise none.
    mutating func solveContactsSoftly(pushingOverlapApart: Bool, softness: ContactSoftness) {
        let inverseH = 1 / substep, slop = settings.linearSlop, fastestPush = settings.maximumPushOutSpeed
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                guard let first = contacts.baseAddress else { return }
                for index in contacts.indices {
                    // In place: a contact is a few hundred bytes.
                    let contact = first + index
                    var a = SolverBody(bodies, contact.pointee.bodyA)
                    var b = SolverBody(bodies, contact.pointee.bodyB)
                    let n = contact.pointee.normal, t = Self.tangent(of: n), friction = contact.pointee.friction
                    let pointCount = contact.pointee.pointCount
                    @inline(__always) func relativeVelocity(_ point: ContactPoint) -> Vector {
                        b.velocity(at: point.anchorB) - a.velocity(at: point.anchorA)
                    }
                    @inline(__always) func separation(_ point: ContactPoint) -> Double {
                        point.baseSeparation + n.dot(b.displacement(at: point.anchorB) - a.displacement(at: point.anchorA))
                    }
                    // A point across a gap that carries no impulse and approaches no faster than the
                    // gap allows gets none, and then no friction: such contacts are skipped.
                    @inline(__always) func isIdle(_ point: ContactPoint) -> Bool {
                        guard point.normalImpulse == 0 && point.tangentImpulse == 0 else { return false }
                        let s = separation(point)
                        return s > 0 && n.dot(relativeVelocity(point)) + s * inverseH >= 0
                    }
                    if isIdle(contact.pointee.point0) && (pointCount < 2 || isIdle(contact.pointee.point1)) { continue }
                    @inline(__always) func push(_ impulse: Vector, _ point: ContactPoint) {
                        a.apply(impulse: -impulse, at: point.anchorA)
                        b.apply(impulse: impulse, at: point.anchorB)
                    }
                    func solveNormal(_ point: inout ContactPoint) {
                        let s = separation(point)
                        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                        if s > 0 {
                            bias = s * inverseH
                        } else if pushingOverlapApart {
                            bias = max(softness.biasRate * min(0, s + slop), -fastestPush)
                            massScale = softness.massScale
                            impulseScale = softness.impulseScale
                        }
                        let vn = n.dot(relativeVelocity(point))
                        let impulse = -point.normalMass * massScale * (vn + bias) - impulseScale * point.normalImpulse
                        let total = max(point.normalImpulse + impulse, 0)
                        let applied = total - point.normalImpulse
                        point.normalImpulse = total
                        point.maxNormalImpulse = max(point.maxNormalImpulse, applied)
                        push(n * applied, point)
                    }
                    func solveFriction(_ point: inout ContactPoint) {
                        let vt = t.dot(relativeVelocity(point))
                        let limit = friction * point.normalImpulse
                        let total = min(max(point.tangentImpulse - point.tangentMass * vt, -limit), limit)
                        push(t * (total - point.tangentImpulse), point)
                        point.tangentImpulse = total
                    }
                    solveNormal(&contact.pointee.point0)
                    if pointCount > 1 { solveNormal(&contact.pointee.point1) }
                    solveFriction(&contact.pointee.point0)
                    if pointCount > 1 { solveFriction(&contact.pointee.point1) }
                    a.storeVelocities(into: bodies, at: contact.pointee.bodyA)
                    b.storeVelocities(into: bodies, at: contact.pointee.bodyB)
                }
            }
        }
    }
}
