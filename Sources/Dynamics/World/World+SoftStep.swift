/// The contact pass of ``ContactSolver/softStep``: Box2D v3's soft step (Catto, "Solver2D",
/// 2024). Each sub-step runs it once before positions are integrated, pushing overlap out softly
/// (``ContactSoftness``), and once after, rigidly (the relax), which removes the velocity the
/// push gave; no position passes correct contacts. Points are solved one after another (two
/// across a gap together), normal then friction, as in Box2D v3; restitution follows as with
/// the rigid solver.
///
/// A relax by the rigid solver's pass instead (friction first, two-point manifolds as a block)
/// stopped flat landings from spinning (0.009 → 3.5·10⁻⁵ rad/s) but brought the 100-row pyramid
/// down (its top fell 1920 pt against 110), so the relax keeps Box2D's order.
extension World {
    /// One Gauss–Seidel pass over every contact with the soft step's rules. Before positions are
    /// integrated (`pushingOverlapApart`): across a gap, no more approach than closes it within
    /// the sub-step (as the rigid solver); across an overlap beyond the slop, the soft spring of
    /// `softness`. After (the relax): across an overlap, no approach; across a gap, no more
    /// separation than the gap allows, by taking impulse back only.
    mutating func solveContactsSoftly(pushingOverlapApart: Bool, softness: ContactSoftness) {
        guard !contacts.isEmpty else { return }
        gatherSolverBodies()
        let inverseH = 1 / substep, slop = settings.linearSlop, fastestPush = settings.maximumPushOutSpeed
        solverBodies.withUnsafeMutableBufferPointer { packed in
            contacts.withUnsafeMutableBufferPointer { contacts in
                guard let first = contacts.baseAddress else { return }
                @inline(__always) func load(_ index: Int32) -> SolverBody { index >= 0 ? packed[Int(index)] : .fixed }
                @inline(__always) func store(_ body: SolverBody, at index: Int32) {
                    guard index >= 0 else { return }
                    packed[Int(index)].velocity = body.velocity
                    packed[Int(index)].angularVelocity = body.angularVelocity
                }
                for index in contacts.indices {
                    // In place: a contact is a few hundred bytes.
                    let contact = first + index
                    var a = load(contact.pointee.bodyA)
                    var b = load(contact.pointee.bodyB)
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
                    // Separations do not change within the pass (positions do not move): each is
                    // computed once.
                    let s0 = separation(contact.pointee.point0), s1 = pointCount > 1 ? separation(contact.pointee.point1) : 0
                    @inline(__always) func isIdle(_ point: ContactPoint, separation s: Double) -> Bool {
                        guard point.normalImpulse == 0 && point.tangentImpulse == 0 else { return false }
                        return s > 0 && n.dot(relativeVelocity(point)) + s * inverseH >= 0
                    }
                    if isIdle(contact.pointee.point0, separation: s0) && (pointCount < 2 || isIdle(contact.pointee.point1, separation: s1)) {
                        continue
                    }
                    @inline(__always) func push(_ impulse: Vector, _ point: ContactPoint) {
                        a.apply(impulse: -impulse, at: point.anchorA)
                        b.apply(impulse: impulse, at: point.anchorB)
                    }
                    func solveNormal(_ point: inout ContactPoint, separation s: Double) {
                        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                        if s > 0 {
                            bias = s * inverseH
                        } else if pushingOverlapApart {
                            bias = max(softness.biasRate * min(0, s + slop), -fastestPush)
                            massScale = softness.massScale
                            impulseScale = softness.impulseScale
                        }
                        let vn = n.dot(relativeVelocity(point))
                        var impulse = -point.normalMass * massScale * (vn + bias) - impulseScale * point.normalImpulse
                        // The relax only takes impulse back from a point still across a gap (the
                        // velocity a push-out gave beyond closing it): limiting its approach is the
                        // next sub-step's first pass's work, and doing it here slowed a ball still
                        // 2.5 pt above the floor, which restitution then bounced from there, to
                        // 22.5 pt instead of 25.
                        if s > 0 && !pushingOverlapApart { impulse = min(impulse, 0) }
                        let total = max(point.normalImpulse + impulse, 0)
                        let applied = total - point.normalImpulse
                        point.normalImpulse = total
                        point.maxNormalImpulse = max(point.maxNormalImpulse, applied)
                        push(n * applied, point)
                    }
                    // Both points across a gap, as they approach: rigid speculative rows, solved
                    // together as the rigid solver does. One after the other, the first point's
                    // impulse turned a box falling flat at 20 000 pt/s and the second stopped too
                    // little of it: the box went 12 pt through the floor.
                    func solveGapsTogether(_ block: NormalBlock, _ s0: Double, _ s1: Double) -> Bool {
                        let p0 = contact.pointee.point0, p1 = contact.pointee.point1
                        let b0 = n.dot(relativeVelocity(p0)) + s0 * inverseH - (block.k11 * p0.normalImpulse + block.k12 * p1.normalImpulse)
                        let b1 = n.dot(relativeVelocity(p1)) + s1 * inverseH - (block.k12 * p0.normalImpulse + block.k22 * p1.normalImpulse)
                        guard let (x0, x1) = block.solve(b0, b1, normalMass0: p0.normalMass, normalMass1: p1.normalMass) else { return false }
                        let d0 = x0 - p0.normalImpulse, d1 = x1 - p1.normalImpulse
                        push(n * d0, p0)
                        push(n * d1, p1)
                        contact.pointee.point0.normalImpulse = x0
                        contact.pointee.point1.normalImpulse = x1
                        contact.pointee.point0.maxNormalImpulse = max(p0.maxNormalImpulse, d0)
                        contact.pointee.point1.maxNormalImpulse = max(p1.maxNormalImpulse, d1)
                        return true
                    }
                    func solveFriction(_ point: inout ContactPoint) {
                        let vt = t.dot(relativeVelocity(point))
                        let limit = friction * point.normalImpulse
                        let total = min(max(point.tangentImpulse - point.tangentMass * vt, -limit), limit)
                        push(t * (total - point.tangentImpulse), point)
                        point.tangentImpulse = total
                    }
                    let gaps = pushingOverlapApart && pointCount > 1 && s0 > 0 && s1 > 0
                    let solvedTogether = gaps && contact.pointee.blockMatrix.map { solveGapsTogether($0, s0, s1) } == true
                    if !solvedTogether {
                        solveNormal(&contact.pointee.point0, separation: s0)
                        if pointCount > 1 { solveNormal(&contact.pointee.point1, separation: s1) }
                    }
                    solveFriction(&contact.pointee.point0)
                    if pointCount > 1 { solveFriction(&contact.pointee.point1) }
                    store(a, at: contact.pointee.bodyA)
                    store(b, at: contact.pointee.bodyB)
                }
            }
        }
        scatterSolverBodyVelocities()
    }

    /// Copies what the contact passes read of every body into ``solverBodies``: 80 bytes a body,
    /// where loading them from the 320-byte bodies touched three cache lines for each. It made
    /// the 1000-box pile of `scripts/bench --soft-step` 1.7 % faster (`farm-bench`, 7 paired runs).
    private mutating func gatherSolverBodies() {
        solverBodies.removeAll(keepingCapacity: true)
        bodies.withUnsafeMutableBufferPointer { bodies in
            for index in bodies.indices { solverBodies.append(SolverBody(bodies, Int32(index))) }
        }
    }

    /// Writes the velocities of ``solverBodies`` back into the bodies.
    private mutating func scatterSolverBodyVelocities() {
        solverBodies.withUnsafeBufferPointer { solverBodies in
            bodies.withUnsafeMutableBufferPointer { bodies in
                for index in bodies.indices { solverBodies[index].storeVelocities(into: bodies, at: Int32(index)) }
            }
        }
    }
}
