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
    /// pass takes over. When the steps were first damped, four halvings made no difference worth
    /// their trial evaluations (fuzz failures on 3000 scenes of seeds 20261123, 7 and 99,
    /// constraints / energy / convergence, 150 / 19 / 5 against 154 / 19 / 3). Since the steps
    /// carry the pulls' geometric stiffness they do: a light chain whipping a far heavier item
    /// makes steps whose half still overshoots, and the row-by-row passes that took over stalled
    /// in turn. 9 rods swung by gravity with an item about 1000 times heavier on the end came
    /// 4.3 pt apart with one halving and hold with four, and so does a chain of 3 ropes under an
    /// item 36 000 times heavier at a 0.02 s sub-step (4.6 pt; `Golden/fuzz/`). Fuzzing, 8000
    /// scenes of seeds 1 to 5, 20261123, 7 and 99: 95 / 0 / 12 with one, 83 / 0 / 12 with four
    /// (13 pass that failed; 1 fails that passed, a slider 2.5 pt off its axis) and with eight.
    static let largestHalvingCount = 4

    /// The Levenberg–Marquardt damping of the position steps (of every row but a rod's, which
    /// has ``rodDamping``): each diagonal entry of J·M⁻¹·Jᵀ is scaled by 1 + this (Marquardt,
    /// SIAM J. Appl. Math. 11, 1963). A chain hanging nearly straight between its anchor and a
    /// far heavier item is nearly singular across the line, and the undamped step swept the light
    /// links sideways by its large impulses and stalled; the damped one is short in those
    /// directions and long in the others. Measured when it also damped rods, which had no
    /// sideways rows yet: 10 rods under an item 1000 times heavier, 2.1 pt undamped, 0.0034 /
    /// 0.0084 / 0.019 pt at 5·10⁻⁴ / 10⁻³ / 2·10⁻³. Fuzzing, constraints / energy / convergence,
    /// seeds 1 to 5: 246 / 9 / 7 undamped, 238 / 9 / 8, 239 / 8 / 7, 236 / 7 / 8; seeds
    /// 20261123, 7 and 99: 132 / 5 / 1, 128 / 5 / 1, 127 / 5 / 1, 131 / 5 / 1 (at 2·10⁻³ one
    /// scene's energy rise went from 18 % to 150 %).
    static let damping = 1e-3

    /// The damping of a rod's row and its sideways row (``Joint/lateralRow(beside:tension:)``).
    /// The sideways rows hold the nearly singular directions that ``damping`` held for rods, and
    /// it then only shortens the steps that pull a far heavier item back. Largest link error
    /// (pt) over 10 s of 10 rods of 12 pt between 4 pt items, the last 1000 / 3000 / 10 000
    /// times heavier, released level: 0.0081 / 0.029 / 0.095 at 10⁻³, 0.0030 / 0.0074 / 0.032
    /// at 3·10⁻⁴, 0.0030 / 0.0030 / 0.0090 at 10⁻⁴, 0.0030 / 0.0044 / 25 at 5·10⁻⁵ (the steps
    /// sweep the links again); 0.0084 / 7.3 / 207 without sideways rows at 10⁻³. Fuzzing, 8000
    /// scenes of seeds 1 to 5, 20261123, 7 and 99, failing constraints / energy / convergence:
    /// 332 / 0 / 10 without sideways rows, 291 / 0 / 12 at 3·10⁻⁴. 10⁻⁴ would hold the 10 000
    /// times heavier item closer, but it is only twice 5·10⁻⁵, where that chain came apart;
    /// 3·10⁻⁴ is six times.
    ///
    /// Ropes keep ``damping``. At 3·10⁻⁴ a chain of 3 ropes holding an item 36 000 times heavier
    /// than a link gained 3.8 % of its energy (`Golden/fuzz/`), and the 8000 scenes failed
    /// constraints in 246 against 241 at 10⁻³ (energy 0 either way, convergence 12); 10 ropes
    /// under an item 3000 times heavier stretch 0.029 pt at 10⁻³ against 0.0074 pt.
    static let rodDamping = 3e-4

    /// Takes the joints' geometric stiffness from their impulses this sub-step, for the position
    /// steps that follow (``step(_:_:order:tolerance:largestTurn:)``).
    ///
    /// Only those steps use it: the velocity projections keep the true inertia, so they still
    /// cannot raise kinetic energy. A body that also carries a joint solved row by row (a spring
    /// joint) gets none: such rows turn it in its true inertia after each step, and the two
    /// metrics fought. A pin chain with a slider on one link gained 5·10⁴ % of its energy that
    /// way (fuzz seed 4, scene 931), when rigid sliders and pin limits were still solved row by
    /// row; they are projected now. A rope has no angle row; its bodies keep theirs (when
    /// ropes were still solved row by row: fuzzing, constraints / energy / convergence, seeds
    /// 20261123, 7 and 99, 127 / 5 / 1 with the ropes' bodies left out as well, 126 / 5 / 1 with
    /// them in, a rope chain's energy rise 24 -> 19 %; seeds 1 to 5, 239 / 8 / 7 either way).
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
    /// down until no body turns further (as before), and the step with only those turns cut to
    /// `largestTurn`, every move kept; the one with the smaller sum of squared errors is taken.
    /// The linear solution turns a tiny item with a long arm far rather than moving it, and the
    /// scaled step is then tiny: a 1 pt item roped 9 pt off its center and pushed hard left its
    /// 109 pt rope by 166 pt (fuzz seed 4, scene 40), and a rod declared 437 pt shorter than its
    /// ends' distance closed 8 pt per sub-step while a rope on its 4 pt item stayed 3.4 pt too
    /// long (seed 3, scene 675). Fuzzing, 8000 scenes of seeds 1 to 5, 20261123, 7 and 99, failing
    /// constraints / energy / convergence: 164 / 0 / 12 scaled only, 153 / 0 / 12 cut only (a
    /// light pinned item yanked by a heavy one on a rope then came 3.1 pt off its pin,
    /// `Golden/fuzz/`), 150 / 0 / 12 taking the better. Scaling each such body's whole move by its
    /// own cut instead: 167 / 3 / 13; holding its turn still and solving again: 151 / 4 / 12.
    ///
    /// A body's move is not bounded: the step moves positions only, never velocities, and an item
    /// thrown hard on a short rope or rod can leave it by more than any fixed bound in one
    /// sub-step. With each body's move bounded by 20 pt (the row-by-row passes' bound), an item
    /// pushed to the largest speed (100 000 pt/s) on a 22 pt rope was 1332 pt from its anchor two
    /// sub-steps later (fuzz seed 7, scene 449), and a rod of 83 pt pushed hard reached 1310 pt
    /// (seed 1, scene 322). Fuzzing, as above: 291 / 0 / 12 bounded, 278 / 0 / 12 not.
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
    /// rope chain's ropes sit around their length, and a step that held the stretched ones
    /// stretched their slack neighbours, whose rows then came in and raised the errors. The steps
    /// stalled in 2034 of 17 000 (10 ropes under an item as heavy as a link), and the row-by-row
    /// passes that took over stopped at the 0.1 pt slop. Pulling a rope that is slack by less
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
    /// heavier item thrown on the chain, was turned tenths of a radian one way and back by
    /// successive steps, each cut to the largest turn, and the pins stayed apart. Largest pin
    /// separation, two such links and an item 100 / 1000 / 7000 times heavier thrown at
    /// 1000 pt/s (`JointProjectionTests`): 1.5 / 16 / 100 pt without this stiffness, 0.0030 /
    /// 0.11 / 2.0 pt with it (12 steps per sub-step). Fuzzing, 8000 scenes of seeds 1 to 5,
    /// 20261123, 7 and 99, failing constraints / energy / convergence: 135 / 0 / 12 without,
    /// 109 / 0 / 12 with it (30 pass that failed; 4 fail that passed, by 2.5 to 7.7 pt). It costs
    /// a second factorization of each step that a point joint pulls: a 100-link pin chain hanging
    /// 20 s took 1.04 times the time, 10 pins under an item 1000 times heavier 1.15 times
    /// (`farm-bench`, 11 paired runs).
    ///
    /// A slider carries its item at a lever of up to its range on B, and a light B was turned
    /// instead of the item being moved: a 40 pt item on a slider at the end of 6 light pins, 16
    /// mass ratios within 2 % of 1:1000 and of 1:3000 (`JointProjectionTests`), left its axis by
    /// 0.31 to 1.9 pt and 2.0 to 9.2 pt with the pins' stiffness alone, and by 0.14 to 0.81 pt and
    /// 0.86 to 1.8 pt with the slider's. Fuzzing, as above: 97 / 0 / 12 -> 95 / 0 / 12 (3 pass
    /// that failed; 1 fails that passed, a rope 2.8 pt too long). The sliders that still fail
    /// fuzzing mostly share their items with collisions. It costs about 1.02 times the time of
    /// that slider scene run 10 s.
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
