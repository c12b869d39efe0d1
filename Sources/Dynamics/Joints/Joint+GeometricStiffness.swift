/// The geometric stiffness of a loaded point joint or taut rope, which the position projection
/// takes as added rotational inertia (Tournier, Nesme, Gilles & Faure, "Stable Constrained
/// Dynamics", ACM Trans. Graph. 34(4), 2015).
extension Joint {
    /// Adds to `addedInertia` (mass·pt², one entry per body) the stiffness of this joint's pull on
    /// each body's rotation, taken implicitly over a sub-step of `h` seconds.
    ///
    /// A joint pulling a body with force F at arm r turns with the body: a turn dθ turns F's torque
    /// back by (F·r)·dθ. Implicitly over the sub-step that is h²·(F·r) of rotational inertia, with
    /// F = P/h for the sub-step's impulse P (a rope's along its line). Only a pull outwards along
    /// the arm stiffens (a push would soften, and is left out as Tournier et al. leave out negative
    /// stiffness). A rod's or rope's stiffness across its line, which couples the two bodies'
    /// translations, is a row instead (``lateralRow(beside:tension:)``); a rod adds only that,
    /// and the other kinds nothing.
    ///
    /// A light link between heavy ones is where this matters. Under a tension T it stiffens by
    /// h²·T·|r|, far above its own inertia: with it, the projection turns the link only as far as
    /// the tension lets it and moves the heavy item instead. Without it, the mass-weighted steps
    /// swept the light links through tenths of a radian each, alternating in sign, and a pinned
    /// chain under an item 850 times heavier stayed 2 to 4 pt apart. A light pin chain holding an
    /// item 160 times heavier by a rope kept its last pin 3.4 pt apart while the rope's pull was
    /// left out and its link got no stiffness at all; it holds with both.
    func addGeometricStiffness(to addedInertia: inout [Double], substep h: Double) {
        guard isActive && spring.isRigid else { return }
        let impulse: Vector
        switch kind {
        case .point, .weld, .pin: impulse = pointImpulse
        case .rope: impulse = direction * linearImpulse
        case .distance, .slider, .snap: return
        }
        addedInertia[Int(bodyA)] += h * max(0, -impulse.dot(armA))
        if bodyB >= 0 { addedInertia[Int(bodyB)] += h * max(0, impulse.dot(armB)) }
    }
}

extension Joint {
    /// Whether a position step of the projection stiffens this joint's bodies' turns by its pull
    /// in the step's own rigid solution (``turnStiffness(x:y:pull:)``): point joints and pins.
    /// Not welds: with a weld's points stiffened too, a rod chain ending in a welded item gains
    /// energy (docs/decisions/0011).
    var stiffensTurnsUnderPull: Bool { kind == .point || kind == .pin }

    /// The rotational inertia (mass·pt²) that the pull of a point joint in a position step adds
    /// to body A and to body B for that step: `pull` is the step's multipliers of the joint's x
    /// and y rows (mass·pt, the position impulse on B), whose angular entries hold the arms
    /// (``appendPositionRows(to:joint:_:_:hasB:indexA:indexB:limitSlack:)``). It is the
    /// stiffness of ``addGeometricStiffness(to:substep:)`` with the step's own multiplier in place
    /// of the velocity passes' impulse: λ·r for a pull λ outwards along the arm r, the
    /// second-order term of a Newton step on the projection's Lagrangian, as a rod's sideways row
    /// is (``lateralRow(beside:tension:)``).
    static func turnStiffness(x: JointRow, y: JointRow, pull: Vector) -> (a: Double, b: Double) {
        // x.angularA = rA.dy, y.angularA = −rA.dx; x.angularB = −rB.dy, y.angularB = rB.dx.
        let armA = Vector(dx: -y.angularA, dy: x.angularA), armB = Vector(dx: y.angularB, dy: -x.angularB)
        return (max(0, -pull.dot(armA)), max(0, pull.dot(armB)))
    }
    /// The rotational inertia (mass·pt²) that the pull `pull` (mass·pt, the multiplier in a
    /// position step) of this slider's row `row` along a line u (across its axis, or along it at
    /// a limit) adds to body A and to body B for that step. The row's error is u·(pA − pB), and u
    /// turns with B, so the second-order term of the step's Newton Lagrangian (as in
    /// ``turnStiffness(x:y:pull:)``) is λ·(u·rA) on A's turn and λ·(u·(pA − pB + rB)) on B's: B
    /// turns the line under the pull at the lever from its center to A's point. The terms that
    /// couple the two bodies' turns, and B's turn with the moves, are left out: a body's own
    /// inertia cannot hold them. The step's own pull, not the velocity passes' impulses
    /// (``addGeometricStiffness(to:substep:)``): those are too small to hold a slider's item far
    /// heavier than a light link (docs/decisions/0011).
    func sliderTurnStiffness(of row: JointRow, pull: Double, _ a: SolverBody, _ b: SolverBody) -> (a: Double, b: Double) {
        let (rA, rB, pA, pB) = arms(a, b, hasB: bodyB >= 0)
        return (max(0, pull * row.linearA.dot(rA)), max(0, pull * row.linearA.dot(pA - pB + rB)))
    }
}

extension Joint {
    /// Whether the joint holds its attachment points at (a rope: within) a distance along one
    /// line, the kinds with a sideways row.
    var isRodOrRope: Bool { kind == .distance || kind == .rope }

    /// A compliant row beside this rod's or taut rope's row `row` for a position step whose rigid
    /// solution pulls it with `tension` (mass·pt, the step's position impulse along the line;
    /// positive pulls): its geometric stiffness across its line (Tournier et al., 2015, as above).
    ///
    /// A rod pulling with λ over its length L turns with its ends: moving one end sideways by s
    /// turns the pull by s/L and gives a sideways pull λ·s/L, a stiffness λ/L between the two
    /// ends across the line. As a row (the relative sideways motion, error 0) of compliance L/λ
    /// it enters the step's system as that stiffness does the metric (M + K), and it is
    /// internal, so the center of mass still moves uniformly. With λ the step's own multiplier
    /// this is the second-order term of a Newton step on the projection's Lagrangian (λ times the
    /// Hessian of the rod's length, (I − n·nᵀ)/L); a push would make it negative and is left
    /// out, as above.
    ///
    /// The row couples the bodies' translations only, as if the rod were attached at their
    /// centers: with the turns its arms add, a rod from an anchor to an item attached off center
    /// and kicked hard stretches to several times its length in two frames, where it holds
    /// without them (docs/decisions/0011).
    ///
    /// It matters where light links carry a far heavier item. The rigid step pulls the item in by
    /// huge impulses, whose small differences from link to link, across a chain that is not
    /// straight, sweep the light links sideways: the step raises the errors and stalls. With the
    /// row (and ``JointProjection/rodDamping``) such a chain holds within the projection's
    /// tolerance, given the steps of ``World/largestProjectionStepCount``. The inverse masses
    /// are `row`'s (the metric the step uses). `nil` for a pull too small to give a finite
    /// compliance.
    ///
    /// A taut rope pulls as a rod does and gets the same row (a rope's row is in the step while
    /// it is within the tolerance of taut, ``JointProjection/step(_:_:order:tolerance:largestTurn:)``);
    /// its rows keep ``JointProjection/damping`` (docs/decisions/0011).
    func lateralRow(beside row: JointRow, tension: Double) -> JointRow? {
        let compliance = (row.error + length) / tension
        guard compliance.isFinite else { return nil }
        let across = Vector(dx: -row.linearB.dy, dy: row.linearB.dx)
        var lateral = row
        lateral.linearA = -across
        lateral.angularA = 0
        lateral.linearB = across
        lateral.angularB = 0
        lateral.error = 0
        lateral.size = 0
        lateral.anchorRate = 0
        lateral.compliance = compliance
        return lateral
    }
}
