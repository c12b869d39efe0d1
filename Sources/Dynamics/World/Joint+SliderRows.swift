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
    }

    /// One velocity pass: the limits along the axis, the angle row, then the row across the axis.
    /// Returns the largest change of a row's velocity (pt/s; the angle row at `extent`).
    mutating func solveSliderRows(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, substep h: Double) -> Double {
        var largest = 0.0
        let angularScale = (a.inverseInertia + (hasB ? b.inverseInertia : 0)) * extent
        @inline(__always) func speed(along axis: Vector, arms: (b: Double, a: Double)) -> Double {
            axis.dot(a.velocity - (hasB ? b.velocity : anchorVelocity)) + a.angularVelocity * arms.a
                - (hasB ? b.angularVelocity * arms.b : 0)
        }
        if axialMass > 0 {
            if lowerLimit.isFinite {
                let old = lowerImpulse
                let gap = max(0, translation - lowerLimit) / h
                lowerImpulse = max(old - axialMass * (speed(along: direction, arms: axialArms) + gap), 0)
                Self.applySlider(lowerImpulse - old, along: direction, arms: axialArms, &a, &b, hasB: hasB)
                largest = max(largest, abs(lowerImpulse - old) / axialMass)
            }
            if upperLimit.isFinite {
                let old = upperImpulse
                let gap = max(0, upperLimit - translation) / h
                upperImpulse = min(old - axialMass * (speed(along: direction, arms: axialArms) - gap), 0)
                Self.applySlider(upperImpulse - old, along: direction, arms: axialArms, &a, &b, hasB: hasB)
                largest = max(largest, abs(upperImpulse - old) / axialMass)
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
