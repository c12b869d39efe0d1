/// Projects the bodies onto their rigid joints' constraints: Newton steps on positions, each
/// solving every row of the projected joints at once, J·M⁻¹·Jᵀ·λ = −C, and moving each body by
/// M⁻¹·Jᵀ·λ (mass-weighted, so the center of mass stays). It is SHAKE's iteration solved with the
/// matrix instead of row by row (M-SHAKE: Kräutler, van Gunsteren & Hünenberger, J. Comput. Chem.
/// 22, 2001). Row by row, a correction travels one link per pass and a light link between heavy
/// ones is pushed back and forth; with the matrix, a 100-link chain ends every sub-step within
/// 0.003 pt, mostly after one to three steps. A system near a singular one (a chain pulled straight
/// by an item 1000 times heavier than its links) makes steps the linear model does not describe,
/// which ``step(_:_:order:tolerance:largestTurn:)`` detects. The same rows project
/// the bodies' velocities (``projectVelocities(_:_:order:)``). Buffers keep their capacity between
/// sub-steps.
struct JointProjection {
    private var system = JointRowSystem()
    private var trialRows: [JointRow] = []
    /// The rows with the loaded rods' and ropes' sideways rows inserted.
    private var widenedRows: [JointRow] = []
    private var moves: [(linear: Vector, angular: Double)] = []
    private var movedBodies: [SavedPose] = []
    /// Each body's rotational inertia added for this sub-step's position steps (mass·pt²):
    /// ``Joint/addGeometricStiffness(to:substep:)`` of the joints on it.
    private var addedInertia: [Double] = []

    /// What one ``step(_:_:order:tolerance:largestTurn:)`` did.
    enum Outcome {
        /// Every error was within the tolerance; nothing moved.
        case withinTolerance
        /// The bodies moved by a step that reduced the sum of squared errors to `remaining` of
        /// what it was (below 1).
        case moved(remaining: Double)
        /// Neither the step nor its half reduced the errors; nothing moved.
        case stalled
        /// The system is over the budgets; nothing moved.
        case overBudget
    }

    /// The most times a step that does not reduce the sum of squared errors is halved: four. A
    /// step that must be cut further is in a configuration the linear model does not describe
    /// (a chain that would have to slide along itself, a nearly singular one), where a row-by-row
    /// pass takes over. With the steps carrying the pulls' geometric stiffness, a light chain
    /// whipping a far heavier item makes steps whose half still overshoots, and the row-by-row
    /// passes that would take over stall in turn; halvings beyond the first hold such a chain
    /// (docs/decisions/0009).
    static let largestHalvingCount = 4

    /// The Levenberg–Marquardt damping of the position steps (of every row but a rod's, which
    /// has ``rodDamping``): each diagonal entry of J·M⁻¹·Jᵀ is scaled by 1 + this (Marquardt,
    /// SIAM J. Appl. Math. 11, 1963). A chain hanging nearly straight between its anchor and a
    /// far heavier item is nearly singular across the line, and the undamped step sweeps the light
    /// links sideways by its large impulses and stalls; the damped one is short in those
    /// directions and long in the others (docs/decisions/0010).
    static let damping = 1e-3

    /// The damping of a rod's row and its sideways row (``Joint/lateralRow(beside:tension:)``).
    /// The sideways rows hold the nearly singular directions that ``damping`` held for rods, and
    /// it then only shortens the steps that pull a far heavier item back. The less damping, the
    /// closer a far heavier item is held, down to where the steps sweep the links again (a rod
    /// chain under an item 10 000 times heavier comes apart at 5·10⁻⁵); 3·10⁻⁴ keeps six times
    /// that margin (docs/decisions/0010).
    ///
    /// Ropes keep ``damping``: at the rods' damping a rope chain stretches less under a far
    /// heavier item but gains energy holding one (docs/decisions/0010).
    static let rodDamping = 3e-4

    /// Takes the joints' geometric stiffness from their impulses this sub-step, for the position
    /// steps that follow (``step(_:_:order:tolerance:largestTurn:)``).
    ///
    /// Only those steps use it: the velocity projections keep the true inertia, so they still
    /// cannot raise kinetic energy. A body that also carries a joint solved row by row (a spring
    /// joint) gets none: such rows turn it in its true inertia after each step, and the two
    /// metrics fight (a chain then gains energy). A rope has no angle row; its bodies keep theirs
    /// (docs/decisions/0011).
    mutating func takeGeometricStiffness(of joints: UnsafeBufferPointer<Joint>, bodyCount: Int, substep h: Double) {
        if addedInertia.count != bodyCount { addedInertia = Array(repeating: 0, count: bodyCount) }
        for joint in joints {
            addedInertia[Int(joint.bodyA)] = 0
            if joint.bodyB >= 0 { addedInertia[Int(joint.bodyB)] = 0 }
        }
        for joint in joints { joint.addGeometricStiffness(to: &addedInertia, substep: h) }
        for joint in joints where joint.isActive && !joint.isProjected {
            addedInertia[Int(joint.bodyA)] = 0
            if joint.bodyB >= 0 { addedInertia[Int(joint.bodyB)] = 0 }
        }
    }

    /// One Newton step over the joints of `order` (those ``Joint/isProjected``), at the bodies'
    /// current poses, unless every error (points; angles at the joint's extent) is within
    /// `tolerance`.
    ///
    /// Each body turns at most `largestTurn` radians, a turn being where the linear model fails
    /// first. When the solution turns a body further, two steps are tried: the whole step scaled
    /// down until no body turns further, and the step with only those turns cut to
    /// `largestTurn`, every move kept; the one with the smaller sum of squared errors is taken.
    /// The linear solution turns a tiny item with a long arm far rather than moving it, and the
    /// scaled step is then tiny (a small item roped off its center and pushed hard leaves its rope
    /// far behind); the cut step alone can pull a light pinned item off its pin, so the better of
    /// the two is taken (docs/decisions/0009).
    ///
    /// A body's move is not bounded: the step moves positions only, never velocities, and an item
    /// thrown hard on a short rope or rod can leave it by more than any fixed bound in one
    /// sub-step; bounded (as the row-by-row passes are, by 20 pt), such an item falls further
    /// behind every sub-step (docs/decisions/0009).
    ///
    /// A step that does not reduce the sum of the squared errors is halved (the Newton direction
    /// reduces it for a short enough step when the rows are consistent; a whipping chain's full
    /// step may not, its arms turned too far for the linear model, and a closed loop's dropped
    /// rows may keep errors no step removes). When the step's solution pulls a rod, the system is
    /// solved again with the rod's sideways row beside it (its geometric stiffness under that
    /// pull), and when it pulls a point joint or pin, with the turns of its bodies stiffened by
    /// that pull (``stiffenTurnsAgainstPull(_:bodyCount:)``); that solution is the step.
    ///
    /// A rope's row is in the step once the rope is within `tolerance` of taut, not only once it
    /// is stretched (and a slider's limit row once A is within `tolerance` of the limit): a taut
    /// rope chain's ropes sit around their length, and a step that held only the stretched ones
    /// would stretch their slack neighbours, whose rows would then come in and raise the errors,
    /// and the steps would stall (docs/decisions/0007). Pulling a rope that is slack by less
    /// than `tolerance` to its length moves nothing the tolerance would not allow.
    mutating func step(_ joints: UnsafeBufferPointer<Joint>, _ bodies: UnsafeMutableBufferPointer<Body>, order: [Int32],
                       tolerance: Double, largestTurn: Double) -> Outcome {
        let (largest, merit) = Self.collectRows(into: &system.rows, joints, bodies, order: order, addedInertia: addedInertia,
                                                limitSlack: tolerance)
        guard largest > tolerance else { return .withinTolerance }
        guard system.factor(bodyCount: bodies.count, isDamped: true) else { return .overBudget }
        system.solution.removeAll(keepingCapacity: true)
        for row in system.rows { system.solution.append(-row.error) }
        system.solve()
        let isStiffened = stiffenTurnsAgainstPull(joints, bodies)
        if addLateralRows(joints) || isStiffened {
            guard system.factor(bodyCount: bodies.count, isDamped: true) else { return .overBudget }
            system.solution.removeAll(keepingCapacity: true)
            for row in system.rows { system.solution.append(-row.error) }
            system.solve()
        }

        // Each body's move, M⁻¹·Jᵀ·λ, and the scale that keeps every turn within the largest.
        if moves.count != bodies.count { moves = Array(repeating: (.zero, 0), count: bodies.count) }
        movedBodies.removeAll(keepingCapacity: true)
        func add(_ body: Int32, _ linear: Vector, _ angular: Double, _ impulse: Double, _ inverseMass: Double, _ inverseInertia: Double) {
            guard body >= 0 else { return }
            let index = Int(body)
            if moves[index].linear == .zero && moves[index].angular == 0 { movedBodies.append(SavedPose(index, bodies[index])) }
            moves[index].linear += linear * (impulse * inverseMass)
            moves[index].angular += angular * impulse * inverseInertia
        }
        for (row, impulse) in zip(system.rows, system.solution) {
            add(row.bodyA, row.linearA, row.angularA, impulse, row.inverseMassA, row.inverseInertiaA)
            add(row.bodyB, row.linearB, row.angularB, impulse, row.inverseMassB, row.inverseInertiaB)
        }
        var scale = 1.0
        for saved in movedBodies {
            let turn = abs(moves[saved.index].angular)
            if turn * scale > largestTurn { scale = largestTurn / turn }
        }
        defer { for saved in movedBodies { moves[saved.index] = (.zero, 0) } }
        if scale < 1 {
            // The step with only the turns cut, against the step scaled as a whole (below).
            func takeCutStep() {
                for saved in movedBodies {
                    let move = moves[saved.index]
                    saved.restore(into: bodies, moved: (move.linear, min(max(move.angular, -largestTurn), largestTurn)), scale: 1)
                }
            }
            takeCutStep()
            let cutMerit = Self.collectRows(into: &trialRows, joints, bodies, order: order, limitSlack: tolerance).merit
            for saved in movedBodies { saved.restore(into: bodies, moved: moves[saved.index], scale: scale) }
            let scaledMerit = Self.collectRows(into: &trialRows, joints, bodies, order: order, limitSlack: tolerance).merit
            if cutMerit < min(merit, scaledMerit) {
                takeCutStep()
                return .moved(remaining: cutMerit / merit)
            }
            if scaledMerit < merit { return .moved(remaining: scaledMerit / merit) }
        }
        for _ in 0...Self.largestHalvingCount {
            for saved in movedBodies { saved.restore(into: bodies, moved: moves[saved.index], scale: scale) }
            let trialMerit = Self.collectRows(into: &trialRows, joints, bodies, order: order, limitSlack: tolerance).merit
            if trialMerit < merit { return .moved(remaining: trialMerit / merit) }
            scale /= 2
        }
        for saved in movedBodies { saved.restore(into: bodies, moved: (.zero, 0), scale: 0) }
        return .stalled
    }

    /// Rotational inertia (mass·pt²) that the pull of their point joints in a step's rigid
    /// solution adds to the bodies for that step (``stiffenTurnsAgainstPull(_:bodyCount:)``);
    /// zero between steps.
    private var pullInertia: [Double] = []
    /// The bodies whose ``pullInertia`` is not zero.
    private var pulledBodies: [Int] = []

    /// After the step's rigid solution: adds to each body's inertia in the rows the geometric
    /// stiffness of its point joints' and sliders' pull in that solution
    /// (``Joint/turnStiffness(x:y:pull:)``, ``Joint/sliderTurnStiffness(of:pull:_:_:)``).
    /// Returns whether it added any; the system must then be solved again.
    ///
    /// The stiffness the velocity passes' impulses give (``takeGeometricStiffness(of:bodyCount:substep:)``)
    /// is small when the bodies jump: a 2 pt link pinned 10 pt off its center, whipped by a far
    /// heavier item thrown on the chain, is turned tenths of a radian one way and back by
    /// successive steps, each cut to the largest turn, and the pins stay apart. It costs a
    /// second factorization of each step that a point joint pulls (docs/decisions/0011).
    ///
    /// A slider carries its item at a lever of up to its range on B, and a light B is turned
    /// instead of the item being moved, so the slider's pull stiffens the turns too
    /// (docs/decisions/0011).
    private mutating func stiffenTurnsAgainstPull(_ joints: UnsafeBufferPointer<Joint>,
                                                  _ bodies: UnsafeMutableBufferPointer<Body>) -> Bool {
        if pullInertia.count != bodies.count { pullInertia = Array(repeating: 0, count: bodies.count) }
        pulledBodies.removeAll(keepingCapacity: true)
        func add(_ inertia: Double, to body: Int32) {
            guard body >= 0, inertia > 0 else { return }
            if pullInertia[Int(body)] == 0 { pulledBodies.append(Int(body)) }
            pullInertia[Int(body)] += inertia
        }
        // A slider's rows along a line (across its axis, and its limit's).
        for (index, row) in system.rows.enumerated() where joints[Int(row.joint)].kind == .slider && row.linearA != .zero {
            let joint = joints[Int(row.joint)]
            let stiffness = joint.sliderTurnStiffness(of: row, pull: system.solution[index], SolverBody(bodies, joint.bodyA),
                                                      SolverBody(bodies, joint.bodyB))
            add(stiffness.a, to: row.bodyA)
            add(stiffness.b, to: row.bodyB)
        }
        var index = 0
        while index + 1 < system.rows.count {
            let x = system.rows[index]
            // A point joint's rows begin with its x and y rows.
            guard joints[Int(x.joint)].stiffensTurnsUnderPull, index == 0 || system.rows[index - 1].joint != x.joint else {
                index += 1
                continue
            }
            let pull = Vector(dx: system.solution[index], dy: system.solution[index + 1])
            let stiffness = Joint.turnStiffness(x: x, y: system.rows[index + 1], pull: pull)
            add(stiffness.a, to: x.bodyA)
            add(stiffness.b, to: x.bodyB)
            index += 2
        }
        guard !pulledBodies.isEmpty else { return false }
        defer { for body in pulledBodies { pullInertia[body] = 0 } }
        for row in system.rows.indices {
            let (a, b) = (system.rows[row].bodyA, system.rows[row].bodyB)
            if a >= 0 { system.rows[row].inverseInertiaA /= 1 + system.rows[row].inverseInertiaA * pullInertia[Int(a)] }
            if b >= 0 { system.rows[row].inverseInertiaB /= 1 + system.rows[row].inverseInertiaB * pullInertia[Int(b)] }
        }
        return true
    }

    /// After the step's rigid solution: inserts after each rod's or rope's row that it pulls its
    /// sideways row (``Joint/lateralRow(beside:tension:)``), beside it so that the envelope stays
    /// narrow. Returns whether it inserted any; the system must then be solved again.
    private mutating func addLateralRows(_ joints: UnsafeBufferPointer<Joint>) -> Bool {
        // A negative impulse shortens the line: it pulls.
        func isPulledLine(_ row: JointRow, _ impulse: Double) -> Bool { joints[Int(row.joint)].isRodOrRope && impulse < 0 }
        guard zip(system.rows, system.solution).contains(where: isPulledLine) else { return false }
        widenedRows.removeAll(keepingCapacity: true)
        for (row, impulse) in zip(system.rows, system.solution) {
            widenedRows.append(row)
            if isPulledLine(row, impulse), let lateral = joints[Int(row.joint)].lateralRow(beside: row, tension: -impulse) {
                widenedRows.append(lateral)
            }
        }
        swap(&system.rows, &widenedRows)
        return true
    }

    /// Whether the velocity passes left a projected joint's condition
    /// (``Joint/largestVelocityCondition(_:_:hasB:substep:)``) unsolved: times `h`, it exceeds
    /// `tolerance` (points: the error it would leave at the sub-step's end).
    func leftUnsolved(_ joints: UnsafeBufferPointer<Joint>, _ bodies: UnsafeMutableBufferPointer<Body>,
                      order: [Int32], substep h: Double, tolerance: Double) -> Bool {
        for index in order where joints[Int(index)].isProjected {
            let joint = joints[Int(index)]
            let a = SolverBody(bodies, joint.bodyA), b = SolverBody(bodies, joint.bodyB)
            if joint.largestVelocityCondition(a, b, hasB: joint.bodyB >= 0, substep: h) * h > tolerance { return true }
        }
        return false
    }

    /// Removes from the bodies' velocities every part that changes a row's error at the current
    /// poses (RATTLE's velocity half: Andersen, J. Comput. Phys. 52, 1983): solves
    /// J·M⁻¹·Jᵀ·μ = −J·v and adds M⁻¹·Jᵀ·μ (J·v includes a moving world anchor's velocity over
    /// the sub-step). With fixed anchors this is the projection onto the rows' tangent space in
    /// the kinetic-energy metric, so kinetic energy can only drop. Does nothing over the budgets.
    /// Returns whether it projected.
    mutating func projectVelocities(_ joints: UnsafeBufferPointer<Joint>, _ bodies: UnsafeMutableBufferPointer<Body>,
                                    order: [Int32]) -> Bool {
        _ = Self.collectRows(into: &system.rows, joints, bodies, order: order)
        guard !system.rows.isEmpty, system.factor(bodyCount: bodies.count) else { return false }
        system.solution.removeAll(keepingCapacity: true)
        for row in system.rows { system.solution.append(-row.rate(bodies)) }
        system.solve()
        system.applyVelocities(to: bodies)
        return true
    }

    /// Adds the rods' impulses (mass·pt/s) of the last ``projectVelocities(_:_:order:)`` that
    /// projected to their carried impulses, so that the next warm start includes them.
    func carryRodImpulses(into joints: UnsafeMutableBufferPointer<Joint>) {
        for (row, impulse) in zip(system.rows, system.solution) where joints[Int(row.joint)].kind == .distance {
            joints[Int(row.joint)].linearImpulse += impulse
        }
    }

    /// Fills `rows` at the bodies' current poses; returns the largest error and the sum of the
    /// squared errors (points, points²; angles at the joint's extent). With `addedInertia`
    /// (mass·pt² per body), each row's inverse inertias are those of the bodies' inertia plus it.
    /// Ropes within `limitSlack` points of taut, and sliders' limits within it of being reached,
    /// have rows.
    private static func collectRows(into rows: inout [JointRow], _ joints: UnsafeBufferPointer<Joint>,
                                    _ bodies: UnsafeMutableBufferPointer<Body>, order: [Int32],
                                    addedInertia: [Double]? = nil, limitSlack: Double = 0) -> (largest: Double, merit: Double) {
        rows.removeAll(keepingCapacity: true)
        for index in order where joints[Int(index)].isProjected {
            let joint = joints[Int(index)]
            let a = SolverBody(bodies, joint.bodyA), b = SolverBody(bodies, joint.bodyB)
            let indexA = a.inverseMass == 0 && a.inverseInertia == 0 ? -1 : joint.bodyA
            let indexB = joint.bodyB < 0 || (b.inverseMass == 0 && b.inverseInertia == 0) ? -1 : joint.bodyB
            let first = rows.count
            joint.appendPositionRows(to: &rows, joint: index, a, b, hasB: joint.bodyB >= 0, indexA: indexA, indexB: indexB,
                                     limitSlack: limitSlack)
            for row in first..<rows.count { rows[row].damping = joint.kind == .distance ? rodDamping : damping }
            if let addedInertia {
                for row in first..<rows.count {
                    if indexA >= 0 { rows[row].inverseInertiaA /= 1 + rows[row].inverseInertiaA * addedInertia[Int(indexA)] }
                    if indexB >= 0 { rows[row].inverseInertiaB /= 1 + rows[row].inverseInertiaB * addedInertia[Int(indexB)] }
                }
            }
        }
        var largest = 0.0, merit = 0.0
        for row in rows {
            largest = max(largest, row.size)
            merit += row.size * row.size
        }
        return (largest, merit)
    }
}

/// A body's pose before a projection step, to try the step at a scale or take it back.
private struct SavedPose {
    let index: Int
    let position: Point
    let angle: Double
    let delta: Vector
    let deltaAngle: Double

    init(_ index: Int, _ body: Body) {
        self.index = index
        position = body.position
        angle = body.angle
        delta = body.delta
        deltaAngle = body.deltaAngle
    }

    /// Puts the body at the saved pose moved by `scale` × `moved`.
    func restore(into bodies: UnsafeMutableBufferPointer<Body>, moved: (linear: Vector, angular: Double), scale: Double) {
        bodies[index].position = position + moved.linear * scale
        bodies[index].delta = delta + moved.linear * scale
        bodies[index].angle = angle + moved.angular * scale
        bodies[index].deltaAngle = deltaAngle + moved.angular * scale
    }
}
