/// The rows of a slider joint: a row across the axis and an angle row that keep A on B's axis
/// without turning, and optional limits along the axis. A (the mover) slides; the axis turns
/// with B (the owner).
extension Joint {
    /// Axis, arms, errors, effective masses and load at the sub-step's start.
    mutating func prepareSliderRows(_ start: Start, relativeAngle: Double) {
        let u = start.angleB.map { axis.rotated(by: $0) } ?? axis
        let p = Vector(dx: -u.dy, dy: u.dx)
        let d = start.pA - start.pB
        direction = u
        normal = p
        separation = d
        linearError = p.dot(d)
        translation = u.dot(d)
        let lever = d + start.rB
        normalArms = (lever.cross(p), start.rA.cross(p))
        axialArms = (lever.cross(u), start.rA.cross(u))
        let (mA, mB, iA, iB) = (start.mA, start.mB, start.iA, start.iB)
        let kn = mA + mB + iB * normalArms.b * normalArms.b + iA * normalArms.a * normalArms.a
        let ku = mA + mB + iB * axialArms.b * axialArms.b + iA * axialArms.a * axialArms.a
        linearMass = kn > 0 ? 1 / kn : 0
        axialMass = ku > 0 ? 1 / ku : 0
        linearLoad = p.dot(start.accelerationA - start.accelerationB)
        angleError = relativeAngle
        // A slider starts every sub-step cold (a soft one keeps its spring rows' impulses). Its
        // rows act at the lever from the owner's center to the mover's point, tens of points on
        // what may be a light link, and a carried impulse there is a kick when the lever has
        // changed (a limit's impulse carried at a long lever can spin a chain's light link at
        // thousands of rad/s and feed the scene's energy many times over). The cost: the passes
        // never end early on a slider's account (docs/decisions/0013).
        if spring.isRigid { angularImpulse = 0; linearImpulse = 0 }
        lowerImpulse = 0
        upperImpulse = 0
    }

    /// One velocity pass: the limits along the axis, the angle row, then the row across the axis;
    /// a rigid slider solves its angle and across rows as one block, with its nearer limit.
    /// Returns the largest change of a row's velocity (pt/s; the angle row at `extent`).
    mutating func solveSliderRows(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, substep h: Double) -> Double {
        var largest = 0.0
        let angularScale = (a.inverseInertia + (hasB ? b.inverseInertia : 0)) * extent
        @inline(__always) func speed(along axis: Vector, arms: (b: Double, a: Double)) -> Double {
            sliderSpeed(a, b, hasB: hasB, along: axis, arms: arms)
        }
        // The limit's speed condition, with the approach it allows this sub-step (pt/s).
        @inline(__always) func limitSpeed(lower: Bool) -> Double {
            let along = speed(along: direction, arms: axialArms)
            return lower ? along + max(0, translation - lowerLimit) / h : along - max(0, upperLimit - translation) / h
        }
        @inline(__always) func solveLimit(lower: Bool) {
            let old = lower ? lowerImpulse : upperImpulse
            let new = lower ? max(old - axialMass * limitSpeed(lower: true), 0) : min(old - axialMass * limitSpeed(lower: false), 0)
            if lower { lowerImpulse = new } else { upperImpulse = new }
            Self.applySlider(new - old, along: direction, arms: axialArms, &a, &b, hasB: hasB)
            largest = max(largest, abs(new - old) / axialMass)
        }
        let isBlock = spring.isRigid && angularMass > 0 && linearMass > 0
        let blockLimit: Bool? = isBlock && axialMass > 0 && (lowerLimit.isFinite || upperLimit.isFinite)
            ? lowerLimit.isFinite && (!upperLimit.isFinite || translation - lowerLimit <= upperLimit - translation) : nil
        if axialMass > 0 {
            if lowerLimit.isFinite && blockLimit != true { solveLimit(lower: true) }
            if upperLimit.isFinite && blockLimit != false { solveLimit(lower: false) }
        }
        if isBlock {
            if let lower = blockLimit {
                if let (turn, across, along) = rigidBlockImpulses(a, b, hasB: hasB, speed: speed(along: normal, arms: normalArms),
                                                                  limitSpeed: limitSpeed(lower: lower),
                                                                  limitImpulse: lower ? lowerImpulse : upperImpulse, pushes: lower) {
                    angularImpulse += turn
                    linearImpulse += across
                    if lower { lowerImpulse += along } else { upperImpulse += along }
                    Self.applyAngular(turn, &a, &b, hasB: hasB)
                    Self.applySlider(across, along: normal, arms: normalArms, &a, &b, hasB: hasB)
                    Self.applySlider(along, along: direction, arms: axialArms, &a, &b, hasB: hasB)
                    return max(largest, abs(turn) * angularScale, abs(across) / linearMass, abs(along) / axialMass)
                }
                solveLimit(lower: lower)
            }
            if let (turn, across) = rigidBlockImpulses(a, b, hasB: hasB, speed: speed(along: normal, arms: normalArms)) {
                angularImpulse += turn
                linearImpulse += across
                Self.applyAngular(turn, &a, &b, hasB: hasB)
                Self.applySlider(across, along: normal, arms: normalArms, &a, &b, hasB: hasB)
                return max(largest, abs(turn) * angularScale, abs(across) / linearMass)
            }
        }
        if angularMass > 0 {
            let delta = equalityImpulse(speed: Self.spin(a, b, hasB: hasB), error: angleError, load: angularLoad, mass: angularMass,
                                        accumulated: angularImpulse)
            angularImpulse += delta
            Self.applyAngular(delta, &a, &b, hasB: hasB)
            largest = max(largest, abs(delta) * angularScale)
        }
        if linearMass > 0 {
            let delta = equalityImpulse(speed: speed(along: normal, arms: normalArms), error: linearError, load: linearLoad,
                                        mass: linearMass, accumulated: linearImpulse)
            linearImpulse += delta
            Self.applySlider(delta, along: normal, arms: normalArms, &a, &b, hasB: hasB)
            largest = max(largest, abs(delta) / linearMass)
        }
        return largest
    }

    /// A's speed relative to B (or the anchor) along `axis` at A's point, with the arms' turns
    /// through `arms` (pt/s).
    @inline(__always)
    func sliderSpeed(_ a: SolverBody, _ b: SolverBody, hasB: Bool, along axis: Vector, arms: (b: Double, a: Double)) -> Double {
        axis.dot(a.velocity - (hasB ? b.velocity : anchorVelocity)) + a.angularVelocity * arms.a
            - (hasB ? b.angularVelocity * arms.b : 0)
    }

    /// The largest of the conditions the velocity passes drive to zero on a rigid slider (pt/s):
    /// the spin at `extent`, the speed across the axis, and a limit's approach beyond what closes
    /// its gap this sub-step of `h` seconds.
    func largestSliderCondition(_ a: SolverBody, _ b: SolverBody, hasB: Bool, substep h: Double) -> Double {
        var largest = max(abs(Self.spin(a, b, hasB: hasB)) * extent,
                          abs(sliderSpeed(a, b, hasB: hasB, along: normal, arms: normalArms)))
        let along = sliderSpeed(a, b, hasB: hasB, along: direction, arms: axialArms)
        if lowerLimit.isFinite { largest = max(largest, -(along + max(0, translation - lowerLimit) / h)) }
        if upperLimit.isFinite { largest = max(largest, along - max(0, upperLimit - translation) / h) }
        return largest
    }

    /// Appends a rigid slider's rows at the current poses (`arms`: its arms and points) to a
    /// ``JointRowSystem``, from `template`: the angle row, the row across the axis, and the row
    /// along it when A is past a limit or within `limitSlack` points of it (one-way, as a rope's:
    /// an equality that brings A back to the limit; the one A is farther past when both are that
    /// close). The axis turns with B, so B's turn moves the across and along rows by the lever
    /// from B's center to A's point.
    func appendSliderRows(to rows: inout [JointRow], _ template: JointRow, _ a: SolverBody, _ b: SolverBody, hasB: Bool,
                          arms: (rA: Vector, rB: Vector, pA: Vector, pB: Vector), limitSlack: Double) {
        rows.append(angleRow(template, a, b, hasB: hasB))
        let u = hasB ? axis.rotated(by: b.angle) : axis
        let d = arms.pA - arms.pB, lever = d + arms.rB
        func row(along line: Vector, error: Double) -> JointRow {
            var row = template
            row.linearA = line
            row.angularA = arms.rA.cross(line)
            row.linearB = -line
            row.angularB = -lever.cross(line)
            row.error = error
            row.size = abs(error)
            row.anchorRate = hasB ? 0 : -line.dot(substepAnchorVelocity)
            return row
        }
        let p = Vector(dx: -u.dy, dy: u.dx)
        rows.append(row(along: p, error: p.dot(d)))
        if let error = limitError(of: u.dot(d), slack: limitSlack) { rows.append(row(along: u, error: error)) }
    }

    /// The angular and across-axis impulses that stop both the relative spin and the motion
    /// across the axis at once, solving their 2×2 system (nil when the rows are dependent), as
    /// Box2D's prismatic joint has solved its across and angle rows together since v2.
    ///
    /// The across row acts at A's point, far from the owner's center when A slides away from it:
    /// on a light owner that row turns it as much as the angle row does, and solved one after the
    /// other the two undo each other (a light item carried by a spinning item far heavier leaves
    /// the axis; docs/decisions/0013).
    @inline(__always)
    private func rigidBlockImpulses(_ a: SolverBody, _ b: SolverBody, hasB: Bool, speed across: Double) -> (Double, Double)? {
        let iA = a.inverseInertia, iB = hasB ? b.inverseInertia : 0
        return Self.solve(k11: iA + iB, k12: -(iA * normalArms.a + iB * normalArms.b), k22: 1 / linearMass,
                          -Self.spin(a, b, hasB: hasB), -across)
    }

    /// The solution of the symmetric 2×2 system [k11 k12; k12 k22]·x = (r1, r2), nil when it is
    /// singular to within rounding.
    @inline(__always)
    private static func solve(k11: Double, k12: Double, k22: Double, _ r1: Double, _ r2: Double) -> (Double, Double)? {
        let determinant = k11 * k22 - k12 * k12
        guard determinant > 1e-12 * k11 * k22 else { return nil }
        return ((k22 * r1 - k12 * r2) / determinant, (k11 * r2 - k12 * r1) / determinant)
    }

    /// The angular, across-axis and limit impulses that stop the relative spin, the motion across
    /// the axis and the limit's `limitSpeed` at once (nil when the rows are dependent): the 3×3
    /// system, and if that would leave the limit's accumulated impulse pulling (negative for a
    /// limit that `pushes` forward, positive for one that pushes back), the 2×2 one with the
    /// limit's impulse back at zero, as Box2D v2's prismatic joint solves its limit.
    ///
    /// A limit solved before the block acts at the same lever and is undone by it as the angle
    /// row is by the across row, so the nearer limit is solved in the block
    /// (docs/decisions/0013).
    @inline(__always)
    private func rigidBlockImpulses(_ a: SolverBody, _ b: SolverBody, hasB: Bool, speed across: Double, limitSpeed: Double,
                                    limitImpulse accumulated: Double, pushes forward: Bool) -> (Double, Double, Double)? {
        let iA = a.inverseInertia, iB = hasB ? b.inverseInertia : 0
        let (na, nb, ua, ub) = (normalArms.a, normalArms.b, axialArms.a, axialArms.b)
        let k11 = iA + iB, k12 = -(iA * na + iB * nb), k13 = -(iA * ua + iB * ub)
        let k22 = 1 / linearMass, k23 = iA * na * ua + iB * nb * ub, k33 = 1 / axialMass
        let spin = Self.spin(a, b, hasB: hasB)
        // Cramer's rule on K·x = −(spin, across, limitSpeed).
        let c11 = k22 * k33 - k23 * k23, c12 = k13 * k23 - k12 * k33, c13 = k12 * k23 - k13 * k22
        let determinant = k11 * c11 + k12 * c12 + k13 * c13
        guard determinant > 1e-12 * k11 * k22 * k33 else { return nil }
        let c22 = k11 * k33 - k13 * k13, c23 = k12 * k13 - k11 * k23, c33 = k11 * k22 - k12 * k12
        let r = (-spin, -across, -limitSpeed)
        var along = (c13 * r.0 + c23 * r.1 + c33 * r.2) / determinant
        let total = accumulated + along
        if forward ? total >= 0 : total <= 0 {
            let turn = (c11 * r.0 + c12 * r.1 + c13 * r.2) / determinant
            let acrossImpulse = (c12 * r.0 + c22 * r.1 + c23 * r.2) / determinant
            return (turn, acrossImpulse, along)
        }
        along = -accumulated
        guard let (turn, acrossImpulse) = Self.solve(k11: k11, k12: k12, k22: k22, r.0 - k13 * along, r.1 - k23 * along) else {
            return nil
        }
        return (turn, acrossImpulse, along)
    }

    /// A rigid slider's angle and offset from the axis, and a violated limit along it; returns
    /// the largest error found (points; the angle at `extent`).
    func correctSliderRows(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, tolerance: Double) -> Double {
        var largest = 0.0
        if spring.isRigid { removeAngle(relativeAngle(a, b, hasB: hasB), &a, &b, hasB: hasB, tolerance: tolerance, largest: &largest) }
        if lowerLimit.isFinite || upperLimit.isFinite {
            removeSliderError(along: { $0 }, &a, &b, hasB: hasB, tolerance: tolerance, largest: &largest) { t in
                t < lowerLimit ? t - lowerLimit : (t > upperLimit ? t - upperLimit : 0)
            }
        }
        if spring.isRigid {
            removeSliderError(along: { Vector(dx: -$0.dy, dy: $0.dx) }, &a, &b, hasB: hasB, tolerance: tolerance,
                              largest: &largest) { offAxis in offAxis }
        }
        return largest
    }

    /// Moves A along the row `rowFor(axis)` (and B oppositely) to change `row·(pA − pB)` by
    /// −`errorFor(row·(pA − pB))`, unless that error is below `tolerance`.
    @inline(__always)
    private func removeSliderError(along rowFor: (Vector) -> Vector, _ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool,
                                   tolerance: Double, largest: inout Double, error errorFor: (Double) -> Double) {
        let (rA, rB, pA, pB) = arms(a, b, hasB: hasB)
        let d = pA - pB
        let u = hasB ? axis.rotated(by: b.angle) : axis
        let row = rowFor(u)
        let unclamped = errorFor(row.dot(d))
        largest = max(largest, abs(unclamped))
        guard abs(unclamped) >= tolerance else { return }
        let error = Self.clamp(unclamped, World.maximumJointLinearCorrection)
        guard error != 0 else { return }
        let lever = d + rB
        let armB = lever.cross(row), armA = rA.cross(row)
        let k = a.inverseMass + a.inverseInertia * armA * armA
            + (hasB ? b.inverseMass + b.inverseInertia * armB * armB : 0)
        guard k > 0 else { return }
        let impulse = -error / k
        a.shift(by: row * impulse, at: rA)
        if hasB { b.shift(by: row * -impulse, at: lever) }
    }
}
