/// The contact pass of ``ContactSolver/softStep``: Box2D v3's soft step (Catto, "Solver2D",
/// 2024). Each sub-step runs it once before positions are integrated, pushing overlap out softly
/// (``ContactSoftness``), and once after, rigidly (the relax), which removes the velocity the
/// push gave; no position passes correct contacts. Friction is solved in the relax only, as in
/// Box2D v3's current solver: the push pass carries the friction impulse warm-started from the
/// last sub-step and solves normals alone, which spares it the friction rows, half of its row
/// solves at a resting contact. The cost is a slip each time the load along a surface changes,
/// since the push pass sees the change a sub-step late, through the warm start: a box placed on
/// a slope slides about one sub-step's worth, `g·sin θ·h²`, before its friction holds it
/// (docs/decisions/0015). Points are solved one after another, normal then friction, as in
/// Box2D v3, except at an impact: a two-point manifold whose points both
/// approach across a gap is solved as a block before positions are integrated, as the rigid
/// solver does, and, if it approached faster than the restitution threshold and restitutes or
/// is in a small system, again in the relax (``Contact/arrivesAsImpact``), so that a flat landing
/// rebounds, or stops, without spin. Restitution follows as with the rigid solver.
///
/// Where the relax solves two points as a block decides whether piles and pyramids stand and
/// sleep. Resting manifolds keep Box2D's order: relaxed as blocks, they let a tall pyramid come
/// down. Inelastic impacts in a large system keep it too: relaxed as blocks, they keep some
/// settled piles from sleeping (a box wedged among its neighbours rocks at the rest threshold).
/// So the relax solves as a block only an impact that restitutes, where the rebound needs it,
/// and any impact in a small system, whose passes converge: point by point, a box landing flat
/// on the floor alone is turned by the first point's impulse and floats off
/// (docs/decisions/0002).
///
/// The relax applies each point's impulses at the anchors of the sub-step's start, as Box2D v3
/// does, though the bodies have moved, so a tiny fast item does not quite conserve angular
/// momentum. Applying them midway between where the anchors went conserves it, but needs the
/// effective masses recomputed for the moved anchors: with the masses of the sub-step's start,
/// the repeated passes of a small system diverge where a fast item's anchors move far
/// (docs/decisions/0002).
extension World {
    /// Gauss–Seidel passes over every contact with the soft step's rules, at most `passes`, until
    /// no point's normal or tangential velocity changes by more than the velocity tolerance (the
    /// tangential ones in the relax, which alone solves friction). Before positions are
    /// integrated (`pushingOverlapApart`): across a gap, no more approach than closes it
    /// within the sub-step (as the rigid solver); across an overlap, the soft spring of
    /// `softness`. After (the relax): across an overlap, no approach; across a gap, no more
    /// separation than the gap allows, by taking impulse back only.
    ///
    /// With more than one pass (a small system, ``World/softContactPassLimit``) the passes
    /// converge. Before positions are integrated, each pass after the first also solves the
    /// joints' velocities once, so that contacts and joints converge together rather than the
    /// contacts undoing the joints. Two rules change as well:
    /// within the slop, no approach (iterated to convergence, the spring would press a lone
    /// resting box to its rest overlap beyond the slop, 0.059 pt for the bounce experiment's
    /// rectangle, where its rest height allows 0.05 pt); and a point under a load many times its
    /// effective mass gets a stiffer spring (``ContactSoftness/carrying(_:effectiveMass:substep:)``).
    /// With one pass both make things worse: the stiffer spring keeps a large pile from coming to
    /// rest, and no approach within the slop lets a tall pyramid sink further
    /// (docs/decisions/0003).
    mutating func solveContactsSoftly(pushingOverlapApart: Bool, softness: ContactSoftness, passes: Int) {
        guard !contacts.isEmpty else { return }
        // The relax takes back, through the joints too, the velocity the push gave: a push that
        // reached an item through a joint is otherwise kept on the joint's far side. Joints
        // first, then contacts, as Box2D v3 relaxes them; in a small system, before every pass.
        let relaxesJoints = !pushingOverlapApart && !joints.isEmpty
        if relaxesJoints { relaxJointVelocities() }
        gatherSolverBodies()
        let interleaves = pushingOverlapApart && passes > 1 && !joints.isEmpty
        for pass in 0..<passes {
            var jointChange = 0.0
            if interleaves && pass > 0 {
                scatterSolverBodyVelocities()
                jointChange = solveJointVelocities()
                gatherSolverBodies()
            } else if relaxesJoints && pass > 0 {
                scatterSolverBodyVelocities()
                relaxJointVelocities()
                gatherSolverBodies()
            }
            let change = softPass(pushingOverlapApart: pushingOverlapApart, softness: softness, iterates: passes > 1, marksImpacts: pass == 0)
            if max(change, jointChange) <= settings.velocityTolerance { break }
        }
        scatterSolverBodyVelocities()
    }

    /// One pass of ``solveContactsSoftly(pushingOverlapApart:softness:passes:)`` over the
    /// velocities in ``solverBodies``; with `marksImpacts` (the first pass before positions are
    /// integrated), it records which contacts arrive as impacts (``Contact/arrivesAsImpact``).
    /// Returns the largest change of a point's normal or tangential velocity (pt/s) while it is
    /// within the tolerance, or the first change beyond it.
    private mutating func softPass(pushingOverlapApart: Bool, softness: ContactSoftness, iterates: Bool, marksImpacts: Bool) -> Double {
        let tolerance = settings.velocityTolerance
        var largestChange = 0.0
        @inline(__always) func record(_ impulse: Double, _ normalMass: Double) {
            if largestChange <= tolerance { largestChange = max(largestChange, abs(impulse) / normalMass) }
        }
        let inverseH = 1 / substep, slop = settings.linearSlop, fastestPush = settings.maximumPushOutSpeed
        let impactSpeed = settings.restitutionThreshold
        let h = substep
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
                    // After positions are integrated these are the sub-step's final separations,
                    // which the collision callbacks read (`TouchTracker`): left at the sub-step's
                    // start, an item pushed off the floor still touched it for a sub-step.
                    if !pushingOverlapApart {
                        contact.pointee.point0.currentSeparation = s0
                        contact.pointee.point1.currentSeparation = s1
                    }
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
                        } else if pushingOverlapApart && (s + slop < 0 || !iterates) {
                            let soft = iterates ? softness.carrying(point.normalImpulse, effectiveMass: point.normalMass, substep: h) : softness
                            bias = max(soft.biasRate * min(0, s + slop), -fastestPush)
                            massScale = soft.massScale
                            impulseScale = soft.impulseScale
                        }
                        let vn = n.dot(relativeVelocity(point))
                        var impulse = -point.normalMass * massScale * (vn + bias) - impulseScale * point.normalImpulse
                        // The relax only takes impulse back from a point still across a gap (the
                        // velocity a push-out gave beyond closing it): limiting its approach is the
                        // next sub-step's first pass's work; done here, it slows a ball still above
                        // the floor, which restitution then bounces from there, short of its height
                        // (docs/decisions/0002).
                        if s > 0 && !pushingOverlapApart { impulse = min(impulse, 0) }
                        let total = max(point.normalImpulse + impulse, 0)
                        let applied = total - point.normalImpulse
                        point.normalImpulse = total
                        point.maxNormalImpulse = max(point.maxNormalImpulse, applied)
                        record(applied, point.normalMass)
                        push(n * applied, point)
                    }
                    // Two points solved together, as the rigid solver does, where one after the
                    // other would turn the body: both across a gap as they approach (the first
                    // point's impulse turns a box falling flat and the second stops too little of
                    // it), and, in the relax, both within the slop of touching after an impact,
                    // not only while both overlap (with a hair of tilt, one corner in and the
                    // other out, the first corner would take the whole impact)
                    // (docs/decisions/0002).
                    // `bias0`, `bias1`: each point's allowed approach speed (pt/s). With
                    // `bothPushing` (the relax), only a solution where both points push is taken,
                    // the flat impact; any other case keeps Box2D's order. Otherwise every case of
                    // the 2×2 problem is tried.
                    // Returns whether the points were solved.
                    func solveTogether(_ block: NormalBlock, bias0: Double, bias1: Double, bothPushing: Bool) -> Bool {
                        let p0 = contact.pointee.point0, p1 = contact.pointee.point1
                        let b0 = n.dot(relativeVelocity(p0)) + bias0 - (block.k11 * p0.normalImpulse + block.k12 * p1.normalImpulse)
                        let b1 = n.dot(relativeVelocity(p1)) + bias1 - (block.k12 * p0.normalImpulse + block.k22 * p1.normalImpulse)
                        let solved = bothPushing ? block.impulses(for: -b0, -b1)
                            : block.solve(b0, b1, normalMass0: p0.normalMass, normalMass1: p1.normalMass)
                        guard let (x0, x1) = solved, x0 >= 0 && x1 >= 0 else { return false }
                        let d0 = x0 - p0.normalImpulse, d1 = x1 - p1.normalImpulse
                        record(d0, p0.normalMass)
                        record(d1, p1.normalMass)
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
                        record(total - point.tangentImpulse, point.tangentMass)
                        push(t * (total - point.tangentImpulse), point)
                        point.tangentImpulse = total
                    }
                    // Resting manifolds keep Box2D's order in the relax (see the type's comment).
                    var solvedTogether = false
                    if pushingOverlapApart && pointCount > 1 && s0 > 0 && s1 > 0, let block = contact.pointee.blockMatrix {
                        // The approach speed matters only to a contact the relax may solve as a block.
                        let mayArrive = marksImpacts && (contact.pointee.restitution > 0 || iterates)
                        let approach = mayArrive
                            ? min(-n.dot(relativeVelocity(contact.pointee.point0)), -n.dot(relativeVelocity(contact.pointee.point1))) : 0
                        solvedTogether = solveTogether(block, bias0: s0 * inverseH, bias1: s1 * inverseH, bothPushing: false)
                        if marksImpacts { contact.pointee.arrivesAsImpact = solvedTogether && mayArrive && approach > impactSpeed }
                    } else if !pushingOverlapApart && contact.pointee.arrivesAsImpact && max(s0, s1) <= slop,
                              let block = contact.pointee.blockMatrix {
                        solvedTogether = solveTogether(block, bias0: 0, bias1: 0, bothPushing: true)
                    }
                    if !solvedTogether {
                        solveNormal(&contact.pointee.point0, separation: s0)
                        if pointCount > 1 { solveNormal(&contact.pointee.point1, separation: s1) }
                    }
                    if !pushingOverlapApart {
                        solveFriction(&contact.pointee.point0)
                        if pointCount > 1 { solveFriction(&contact.pointee.point1) }
                    }
                    store(a, at: contact.pointee.bodyA)
                    store(b, at: contact.pointee.bodyB)
                }
            }
        }
        return largestChange
    }

    /// Copies what the contact passes read of every body into ``solverBodies``: 80 bytes a body,
    /// where loading them from the 320-byte bodies touches three cache lines for each
    /// (docs/decisions/0005).
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
