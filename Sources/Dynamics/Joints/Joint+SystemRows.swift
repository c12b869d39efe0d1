/// The rows a rigid joint contributes to a ``JointRowSystem``: the errors its Gauss–Seidel
/// position correction removes (`correctPositions`), as rows of one linear system.
extension Joint {
    /// Whether the joint's rows are projected together with the other joints'
    /// (``JointProjection``): rigid rods, ropes, point joints, welds, pins and sliders. A rope is
    /// one-way: it contributes its row only while taut, as an equality that brings it back to its
    /// length; so do a slider's limit and a pin's angle limits. Springs are not rigid and stay with
    /// the row-by-row passes (a snap is always soft and has no position correction).
    ///
    /// Sliders and ropes solved row by row beside the projection undo it: a heavy item slides off
    /// a light pin chain, or on a rope yanks a light pinned item off its pin, and rope chains gain
    /// energy. Projected ropes, like the other projected joints, start each sub-step cold after a
    /// projection: their carried impulses kick their bodies (see
    /// `World.projectJointPositions()`; docs/decisions/0007).
    var isProjected: Bool {
        guard spring.isRigid else { return false }
        switch kind {
        case .distance, .point, .weld, .pin, .rope, .slider: return true
        case .snap: return false
        }
    }

    /// Forgets the carried impulses of the rows ``JointProjection`` solves (a pin's limits and
    /// friction keep theirs).
    mutating func clearProjectedImpulses() {
        pointImpulse = .zero
        linearImpulse = 0
        if kind == .weld { angularImpulse = 0 }
    }

    /// The largest of the conditions the velocity passes drive to zero on the joint's projected
    /// rows (``rigidDistanceCondition(_:_:hasB:substep:)``, ``rigidPointCondition(_:_:hasB:substep:)``,
    /// ``largestSliderCondition(_:_:hasB:substep:)`` and a weld's spin at its extent; a rope's
    /// only beyond the approach that closes its slack), at the bodies' velocities (pt/s).
    func largestVelocityCondition(_ a: SolverBody, _ b: SolverBody, hasB: Bool, substep h: Double) -> Double {
        if kind == .distance { return abs(rigidDistanceCondition(a, b, hasB: hasB, substep: h)) }
        if kind == .rope { return max(0, rigidDistanceCondition(a, b, hasB: hasB, substep: h) - max(0, -linearError) / h) }
        if kind == .slider { return largestSliderCondition(a, b, hasB: hasB, substep: h) }
        let point = rigidPointCondition(a, b, hasB: hasB, substep: h)
        let largest = max(abs(point.dx), abs(point.dy))
        return kind == .weld ? max(largest, abs(Self.spin(a, b, hasB: hasB)) * extent) : largest
    }

    /// Appends the rows of the joint at index `joint` at the bodies' current poses. `indexA` and
    /// `indexB` are the bodies' indices, −1 for one that does not move. A rope's row comes in
    /// once the rope is within `limitSlack` points of taut, a slider's limit row once A is within
    /// it of the limit, and a pin's limit row once its angle is (at the joint's extent; see
    /// ``JointProjection/step(_:_:order:tolerance:largestTurn:)``).
    func appendPositionRows(to rows: inout [JointRow], joint: Int32, _ a: SolverBody, _ b: SolverBody, hasB: Bool,
                            indexA: Int32, indexB: Int32, limitSlack: Double = 0) {
        let (rA, rB, pA, pB) = arms(a, b, hasB: hasB)
        let template = JointRow(joint: joint, bodyA: indexA, bodyB: indexB,
                                linearA: .zero, angularA: 0, linearB: .zero, angularB: 0,
                                inverseMassA: indexA >= 0 ? a.inverseMass : 0, inverseInertiaA: indexA >= 0 ? a.inverseInertia : 0,
                                inverseMassB: indexB >= 0 ? b.inverseMass : 0, inverseInertiaB: indexB >= 0 ? b.inverseInertia : 0,
                                error: 0, size: 0, anchorRate: 0)
        if kind == .distance || kind == .rope {
            let d = pB - pA, distance = d.length
            // Coincident points have no direction to correct along; a rope holds only when taut.
            guard distance > 1e-12, kind == .distance || distance > length - limitSlack else { return }
            let n = d / distance
            var row = template
            row.linearA = -n
            row.angularA = -rA.cross(n)
            row.linearB = n
            row.angularB = rB.cross(n)
            row.error = distance - length
            row.size = abs(row.error)
            row.anchorRate = hasB ? 0 : n.dot(substepAnchorVelocity)
            rows.append(row)
            return
        }
        if kind == .slider {
            appendSliderRows(to: &rows, template, a, b, hasB: hasB, arms: (rA, rB, pA, pB), limitSlack: limitSlack)
            return
        }
        let gap = pB - pA, size = gap.length
        // The x and y rows: a turn of A by dθ moves its point by dθ·(−rA.dy, rA.dx).
        var x = template
        x.linearA = Vector(dx: -1, dy: 0)
        x.angularA = rA.dy
        x.linearB = Vector(dx: 1, dy: 0)
        x.angularB = -rB.dy
        x.error = gap.dx
        x.size = size
        x.anchorRate = hasB ? 0 : substepAnchorVelocity.dx
        rows.append(x)
        var y = template
        y.linearA = Vector(dx: 0, dy: -1)
        y.angularA = -rA.dx
        y.linearB = Vector(dx: 0, dy: 1)
        y.angularB = rB.dx
        y.error = gap.dy
        y.size = size
        y.anchorRate = hasB ? 0 : substepAnchorVelocity.dy
        rows.append(y)
        if kind == .weld { rows.append(angleRow(template, a, b, hasB: hasB)) }
        // A pin's angle limits are projected too: solved row by row beside the projection, they
        // let a heavy item on a limited pin at the end of a light pin chain break the pins or the
        // limit (docs/decisions/0007).
        if kind == .pin && (lowerLimit.isFinite || upperLimit.isFinite) {
            var row = angleRow(template, a, b, hasB: hasB)
            guard let error = limitError(of: row.error, slack: extent > 0 ? limitSlack / extent : 0) else { return }
            row.error = error
            row.size = abs(error) * extent
            rows.append(row)
        }
    }

    /// How far `value` is past the limit it is within `slack` of or past, signed as `value`
    /// minus that limit (the one it is farther past when both are that close); nil when it is
    /// farther than `slack` inside both.
    func limitError(of value: Double, slack: Double) -> Double? {
        let belowLower = value - lowerLimit, aboveUpper = value - upperLimit
        if belowLower < slack && (aboveUpper <= -slack || -belowLower >= aboveUpper) { return belowLower }
        return aboveUpper > -slack ? aboveUpper : nil
    }

    /// The row that holds the relative angle at the reference angle, from `template`.
    func angleRow(_ template: JointRow, _ a: SolverBody, _ b: SolverBody, hasB: Bool) -> JointRow {
        var row = template
        row.angularA = -1
        row.angularB = 1
        row.error = relativeAngle(a, b, hasB: hasB)
        row.size = abs(row.error) * extent
        return row
    }
}
