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
        // rows act at the lever from the owner's center to the mover's point, tens of points on a
        // link of a few grams, and a carried impulse there is a kick when the lever has changed:
        // a limit's impulse of 5.7 warm-started at an 80 pt lever spun a chain's light link to
        // 7800 rad/s each sub-step, and what the passes did not take back fed 2.6·10⁴ % of the
        // scene's energy (fuzz seed 4, scene 508). Fuzzing with the block below, constraints /
        // energy / convergence, seeds 1 to 5: cold 266 / 9 / 7; warm 262 / 10 / 7 with that
        // explosion and one of 1.8·10³ %; only the limits cold, three such explosions.
        if spring.isRigid { angularImpulse = 0; linearImpulse = 0 }
        lowerImpulse = 0
        upperImpulse = 0
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
        if spring.isRigid, angularMass > 0, linearMass > 0,
           let (turn, across) = rigidBlockImpulses(a, b, hasB: hasB, speed: speed(along: normal, arms: normalArms)) {
            angularImpulse += turn
            linearImpulse += across
            Self.applyAngular(turn, &a, &b, hasB: hasB)
            Self.applySlider(across, along: normal, arms: normalArms, &a, &b, hasB: hasB)
            return max(largest, abs(turn) * angularScale, abs(across) / linearMass)
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

    /// The angular and across-axis impulses that stop both the relative spin and the motion
    /// across the axis at once, solving their 2×2 system (nil when the rows are dependent), as
    /// Box2D's prismatic joint has solved its across and angle rows together since v2.
    ///
    /// The across row acts at A's point, far from the owner's center when A slides away from it:
    /// on a light owner that row turns it as much as the angle row does, and solved one after the
    /// other the two undo each other. A 3 pt item carried by a spinning item 3000 times heavier
    /// left the axis by 12 pt in one frame that way, and holds with the block. Fuzzing, seeds 1
    /// to 5 (constraints / energy / convergence): rows one after the other 279 / 10 / 7, the
    /// block 266 / 9 / 7 (both cold).
    @inline(__always)
    private func rigidBlockImpulses(_ a: SolverBody, _ b: SolverBody, hasB: Bool, speed across: Double) -> (Double, Double)? {
        let iA = a.inverseInertia, iB = hasB ? b.inverseInertia : 0
        let k11 = iA + iB, k12 = -(iA * normalArms.a + iB * normalArms.b), k22 = 1 / linearMass
        let determinant = k11 * k22 - k12 * k12
        guard determinant > 1e-12 * k11 * k22 else { return nil }
        let spin = Self.spin(a, b, hasB: hasB)
        return ((-k22 * spin + k12 * across) / determinant, (k12 * spin - k11 * across) / determinant)
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
