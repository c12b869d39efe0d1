/// The data-oriented core of the engine: bodies, shapes, boundaries and contacts in contiguous
/// arrays of plain structs, stepped in fixed sub-steps with no allocation in steady state.
///
/// ## Sub-step
/// 1. Shapes are moved to world space; the broad phase and narrow phase find contacts
///    (speculative: points up to the distance bodies can close in one sub-step), warm-started
///    from the previous sub-step.
/// 2. Velocities advance by the exact solution of `dv/dt = a − c·v` (constant acceleration `a`:
///    gravity and continuous pushes; damping rate `c`: resistance), and each body records the
///    offset that makes `x₁ = x₀ + offset + h·v` the exact free flight (see ``ExponentialStep``).
/// 3. Joints, then contacts, are solved on velocities (rigid joint rows to zero velocity, springs
///    by their exact propagator), positions are integrated (moving world anchors advance), joint
///    drift is corrected on positions (then the rigid joints are projected together, see
///    ``JointProjection``), then restitution is applied from the impact speed, which is computed
///    exactly for constant acceleration across the gap. Contacts, by the contact solver:
///    ``ContactSolver/softStep``, the default, runs one pass with soft contacts before positions
///    are integrated and one rigid relax pass after, leaves overlap to the soft contacts
///    (`World+SoftStep.swift`), and on every other sub-step lets the polygon pairs of bodies at rest
///    keep their manifold instead of colliding (``ManifoldReuse``); ``ContactSolver/rigid`` solves
///    them rigid-speculative in the joints' velocity iterations and corrects overlap on positions
///    only (`World+Solver.swift`).
///    Bodies with a contact or a joint, or in a field whose force changes with position, move by
///    `x₁ = x₀ + h·v₁` (for the field, symplectic Euler, which keeps an oscillation's energy
///    bounded).
///
/// A body that touches nothing therefore moves with no truncation error: only rounding, of order
/// `n·ε·|x|` after `n` sub-steps. Established engines use semi-implicit Euler, which drifts by
/// `½·g·h·t` under constant acceleration (8.3 pt after a 2 s fall at h = 1/120 s).
struct World {
    var bodies: [Body] = []
    /// Each member item's pose in its body's frame, for all bodies in order (a body's members are
    /// `firstMember..<firstMember + memberCount`).
    var memberPoses: [BodyLayout.MemberPose] = []
    /// The least ``Body/halfThinness`` among the bodies that collide with items (points;
    /// infinite if none): a body that moves less than this in a sub-step cannot pass through
    /// any item unseen (see `World+ContinuousItems.swift`). Set with the bodies.
    var thinnestItem = Double.infinity
    /// The continuous step's working arrays (see `World+Continuous.swift`).
    var continuous = ContinuousScratch()
    /// Every shape and the vectors of the polygons and boundaries.
    var geometry = ShapeGeometry()
    var boundaries: [BoundarySegment] = []
    /// The field behaviors acting on bodies, compiled.
    var fields = CompiledFieldSet()
    /// Simulated time (seconds), for fields that change with time.
    private(set) var time = 0.0
    /// Sub-steps run so far.
    private(set) var substepsRun = 0
    var broadPhase = BroadPhase()
    var contacts: [Contact] = []
    /// The attachment and snap behaviors, compiled; rebuilt when the tree is resolved.
    var joints: [Joint] = []
    /// Scratch of the joints' projections on positions and velocities (see `World+Joints.swift`).
    var jointOrder = JointOrder()
    var jointProjection = JointProjection()
    /// The previous sub-step's contacts, whose impulses warm-start matching new ones.
    var previousContacts: [Contact] = []
    /// Scratch of the soft step's contact passes: every body's solver part, packed (see
    /// `World+SoftStep.swift`).
    var solverBodies: [SolverBody] = []
    /// The islands of the last sub-step that let one sleep (see `World+Islands.swift`).
    var islands = Islands()
    let settings: SolverSettings

    init(settings: SolverSettings) {
        self.settings = settings
    }

    /// Sub-step length in seconds.
    var substep: Double { settings.substep }

    /// Replaces the boundaries.
    mutating func setBoundaries(_ segments: [BoundarySegment]) {
        boundaries = segments
        var polygons: [(start: Vector, end: Vector, normal: Vector)] = []
        for segment in segments {
            let a = segment.start.vectorFromOrigin, b = segment.end.vectorFromOrigin
            let edge = b - a, length = edge.length
            let normal = length > 0 ? Vector(dx: edge.dy, dy: -edge.dx) / length : Vector(dx: 0, dy: -1)
            polygons.append((a, b, normal))
        }
        geometry.setBoundaries(polygons)
    }

    /// Forgets contacts (their warm-start impulses) after the bodies or shapes were rebuilt.
    mutating func resetContacts() {
        contacts.removeAll(keepingCapacity: true)
        previousContacts.removeAll(keepingCapacity: true)
        // Room for a dense pile, so that steady-state sub-steps never grow these arrays: up to four
        // contacts, six pairs of overlapping boxes and sixteen of overlapping fat boxes per body.
        // A falling pile comes near that: fat boxes grow with speed (docs/decisions/0005).
        contacts.reserveCapacity(4 * bodies.count + 16)
        previousContacts.reserveCapacity(4 * bodies.count + 16)
        broadPhase.reserve(pairs: 6 * bodies.count + 16, candidates: 16 * bodies.count + 16)
        islands.reserve(bodyCount: bodies.count)
        solverBodies.reserveCapacity(bodies.count)
        broadPhase.reset(bodyCount: bodies.count)
        refreshGeometry()
    }

    /// Brings the broad phase's boxes and order up to date with the bodies (queries between
    /// steps).
    mutating func updateBroadPhase() {
        bodies.withUnsafeBufferPointer { broadPhase.update($0) }
    }

    /// Advances every body by one sub-step.
    mutating func stepOnce() {
        refreshGeometry()
        findContacts()
        wakeBodiesDisturbedByMovingOnes()
        prepareJoints()
        prepareContacts()
        integrateVelocities()
        warmStartJoints()
        warmStartContacts()
        switch settings.contactSolver {
        case .rigid: solveRigidly()
        case .softStep: solveSoftly()
        }
        // Joints alone, all at once: row by row, a chain's links pass each other's corrections
        // along one link per pass, so four shared passes leave a long or loaded chain stretched.
        projectJointPositions()
        stepContinuously()
        applyRestitution()
        finishSubstep()
        sleepRestingIslands()
        time += substep
        substepsRun += 1
    }

    /// The rigid solver's part of the sub-step: velocity iterations until converged, positions
    /// integrated, then joint drift and contact overlap corrected on positions only.
    private mutating func solveRigidly() {
        // Iterate until no joint row's or contact point's velocity changes by more than the
        // tolerance (warm starting makes that one or two passes at rest), within the bounds.
        for iteration in 0..<velocityIterationLimit {
            let change = max(solveJointVelocities(), solveContactVelocities())
            if iteration + 1 >= settings.minimumVelocityIterations && change <= settings.velocityTolerance { break }
        }
        // Velocities the passes left stretching a rigid joint, removed all at once.
        projectJointVelocities()
        integratePositions()
        advanceAnchors()
        for _ in 0..<settings.positionIterations {
            correctJointPositions()
            // A pass that moved nothing leaves every separation as it found it, so each further
            // pass would too: without joints, the rest are skipped.
            if !correctContactPositions() && joints.isEmpty { break }
        }
    }

    /// The soft step's part of the sub-step (``ContactSolver/softStep``): joints solved as with the
    /// rigid solver (velocity iterations until converged, their projection, drift corrected on
    /// positions), contacts by a soft pass before positions are integrated and a rigid relax pass
    /// after, each repeated in a small system (``softContactPassLimit``); contact overlap is left
    /// to the soft contacts.
    private mutating func solveSoftly() {
        let softness = ContactSoftness(substep: substep), passes = softContactPassLimit
        if !joints.isEmpty {
            for iteration in 0..<velocityIterationLimit {
                let change = solveJointVelocities()
                if iteration + 1 >= settings.minimumVelocityIterations && change <= settings.velocityTolerance { break }
            }
        }
        solveContactsSoftly(pushingOverlapApart: true, softness: softness, passes: passes)
        projectJointVelocities()
        integratePositions()
        advanceAnchors()
        solveContactsSoftly(pushingOverlapApart: false, softness: softness, passes: passes)
        guard !joints.isEmpty else { return }
        for _ in 0..<settings.positionIterations { correctJointPositions() }
    }

    /// The most velocity iterations this sub-step may take: the configured maximum, or more for a
    /// small system, as many as ``velocityRowBudget`` row solves allow, up to
    /// ``largestVelocityIterationCount``. Gauss–Seidel converges at about 1 − 1/ratio per pass on
    /// a stack of mass ratio `ratio`, so a heavy item on a light one needs far more passes than a
    /// pile of equal boxes can afford; a small system gets them at the cost of a few pile passes.
    var velocityIterationLimit: Int {
        guard let passes = passesTheRowBudgetAllows else { return settings.maximumVelocityIterations }
        return max(settings.maximumVelocityIterations, passes)
    }

    /// Passes over every contact and joint that ``velocityRowBudget`` row solves allow, up to
    /// ``largestVelocityIterationCount``; `nil` without contacts and joints.
    private var passesTheRowBudgetAllows: Int? {
        let rows = contacts.count + joints.count
        return rows > 0 ? min(Self.largestVelocityIterationCount, Self.velocityRowBudget / rows) : nil
    }

    /// The most passes each of the soft step's contact passes may take: one in a large system, as
    /// in Box2D v3, and in a small one as many as ``velocityRowBudget`` row solves allow, up to
    /// ``largestVelocityIterationCount`` (see ``solveContactsSoftly(pushingOverlapApart:softness:passes:)``).
    /// With one pass, a box resting on one 1000 times lighter pressed it through the floor at
    /// about g·t until the lighter box's center reached the boundary, 10 pt in: a pass stops the
    /// heavy box by about the light box's share of their mass, so the warm-started impulse that
    /// carries it takes about a thousand sub-steps to build.
    var softContactPassLimit: Int { max(1, passesTheRowBudgetAllows ?? 1) }

    /// Contact and joint solves one sub-step's velocity iterations may spend beyond the configured
    /// maximum (64 rows at 12 iterations).
    static let velocityRowBudget = 768
    /// The most velocity iterations a sub-step takes, however small the system.
    static let largestVelocityIterationCount = 100

    /// The most joint-only row-by-row position passes a sub-step may add after the shared ones
    /// when the projection cannot be used: up to ``largestExtraJointPositionIterationCount``, as
    /// many as ``jointPositionRowBudget`` joint corrections allow.
    var extraJointPositionIterationLimit: Int {
        joints.isEmpty ? 0 : min(Self.largestExtraJointPositionIterationCount, Self.jointPositionRowBudget / joints.count)
    }

    /// Joint corrections the extra position passes of one sub-step may spend.
    static let jointPositionRowBudget = 1200
    /// The most extra joint-only position passes per sub-step, and the projection steps a sub-step
    /// takes before only steady progress lets it take more (``largestProjectionStepCount``).
    static let largestExtraJointPositionIterationCount = 12
    /// The most projection steps per sub-step: beyond ``largestExtraJointPositionIterationCount``,
    /// only while the last two steps each left at most ``steadyProgress`` of the squared errors.
    /// Twelve steps are too few while an item is pulled far (tiny links under an item 1000 times
    /// heavier thrown hard, a rod chain under one 3000 times heavier). Two steady steps, not one,
    /// because the steps of a rope chain under a far heavier item can stall and mend in turn, each
    /// step after a stall removing a quarter of the squared errors (docs/decisions/0008).
    static let largestProjectionStepCount = 24
    /// The share of the squared errors a projection step must leave at most to count as steady
    /// progress (``largestProjectionStepCount``).
    static let steadyProgress = 0.9

    /// How fast `body` moves: the larger of its velocity and the speed at which its last sub-step
    /// moved it (``Body/lastMove``), linear (pt/s) and angular (rad/s). Pushing overlap out moves
    /// a body without leaving it a velocity (the rigid solver's position passes, the soft step's
    /// push undone by its relax), so the velocity alone said that two boxes still being pushed
    /// apart rested: their island slept with the boxes 0.41 pt deeper in each other than the slop.
    func movingSpeeds(of body: Body) -> (linear: Double, angular: Double) {
        let inverseH = 1 / substep
        return (max(body.velocity.length, body.lastMove * inverseH), max(abs(body.angularVelocity), body.lastTurn * inverseH))
    }

    /// Ends the sub-step for every body in one pass over them: brings each movable body's
    /// velocities within the speed limits (see ``SpeedLimit``) and records how far it moved and
    /// turned (``Body/lastMove``).
    mutating func finishSubstep() {
        let maximumSpeed = settings.maximumLinearSpeed, maximumTurnRate = settings.maximumAngularSpeed
        bodies.withUnsafeMutableBufferPointer { bodies in
            for index in bodies.indices {
                if !bodies[index].isStatic {
                    bodies[index].velocity = SpeedLimit.clamp(bodies[index].velocity, to: maximumSpeed)
                    bodies[index].angularVelocity = SpeedLimit.clamp(bodies[index].angularVelocity, to: maximumTurnRate)
                }
                bodies[index].lastMove = (bodies[index].position - bodies[index].startPosition).length
                bodies[index].lastTurn = abs(bodies[index].angle - bodies[index].startAngle)
            }
        }
    }

    /// The largest linear (pt/s) and angular (rad/s) speed over the movable bodies, as
    /// ``movingSpeeds(of:)`` measures it.
    func largestSpeeds() -> (linear: Double, angular: Double) {
        var linear = 0.0, angular = 0.0
        for body in bodies where !body.isStatic {
            let speeds = movingSpeeds(of: body)
            linear = max(linear, speeds.linear)
            angular = max(angular, speeds.angular)
        }
        return (linear, angular)
    }
}
