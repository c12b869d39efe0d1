/// The rows of distance and rope joints: one row along the line between the attachment points,
/// which holds the distance at `length` (a rope: at most `length`).
extension Joint {
    /// Direction, error, effective mass and load along the line at the sub-step's start.
    mutating func prepareDistanceRows(_ start: Start) {
        let d = start.pB - start.pA, distance = d.length
        // Coincident points keep the last direction (the row is then along it).
        if distance > 1e-12 { direction = d / distance }
        linearError = distance - length
        let rnA = start.rA.cross(direction), rnB = start.rB.cross(direction)
        let k = start.mA + start.mB + start.iA * rnA * rnA + start.iB * rnB * rnB
        linearMass = k > 0 ? 1 / k : 0
        linearLoad = direction.dot(start.accelerationB - start.accelerationA)
        // A soft rope pulls only while taut; a rigid one is speculative (see the solver).
        linearRowActive = kind == .distance || spring.isRigid || linearError > 0
        if !linearRowActive { linearImpulse = 0 }
    }

    /// One velocity pass over the row; returns the change of its velocity (pt/s).
    mutating func solveDistanceRows(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, substep h: Double) -> Double {
        var largest = 0.0
        guard linearRowActive, linearMass > 0 else { return largest }
        let old = linearImpulse
        if spring.isRigid {
            let change = rigidDistanceCondition(a, b, hasB: hasB, substep: h)
            if kind == .distance {
                linearImpulse -= linearMass * change
            } else {
                // At most the approach to `length` that closes the slack this sub-step; when
                // taut (or over-stretched), no lengthening.
                let allowance = max(0, -linearError) / h
                linearImpulse = min(old - linearMass * (change - allowance), 0)
            }
        } else if kind == .distance {
            let speed = direction.dot(pointVelocity(a, b, hasB: hasB))
            linearImpulse += equalityImpulse(speed: speed, error: linearError, load: linearLoad, mass: linearMass, accumulated: old)
        } else {
            let speed = direction.dot(pointVelocity(a, b, hasB: hasB))
            linearImpulse = min(old + equalityImpulse(speed: speed, error: linearError, load: linearLoad, mass: linearMass,
                                                      accumulated: old), 0)
        }
        let applied = linearImpulse - old
        Self.applyPoint(direction * applied, &a, &b, hasB: hasB, armA: armA, armB: armB)
        largest = max(largest, abs(applied) / linearMass)
        return largest
    }

    /// The rate a rigid row's velocity pass drives to zero (pt/s): the change of the attachment
    /// points' distance over the sub-step, over h, if the bodies keep their velocities.
    func rigidDistanceCondition(_ a: SolverBody, _ b: SolverBody, hasB: Bool, substep h: Double) -> Double {
        let start = linearError + length
        let predicted = predictedSeparation(a, b, hasB: hasB, substep: h), predictedLength = predicted.length
        // The impulse acts along the start direction, which moves the predicted length by the
        // cosine between the two directions (the Newton step is short by that factor, which
        // Gauss–Seidel tolerates). Past 90° the step pushes the wrong way and grows with every
        // iteration (a whipping chain's last links blow up). A light link between two rows,
        // corrected by each in turn, needs a margin well before that, so beyond 45° (a step short
        // by 29 %) the row holds its first-order velocity instead, which a Gauss–Seidel pass
        // always contracts; the point rows switch at the same turn (docs/decisions/0006).
        //
        // The same holds for the arms themselves: the line between the points can stay aligned
        // while an arm turns far, as on a light link spun by a long rope to a heavy item. The
        // condition then predicts the arm turned by ω·h where the step assumed the start arm, and
        // past 45° the passes feed the spin. So a row whose arm on either body turns by more than
        // 45° (the point rows' test) holds its first-order velocity too; a body attached at its
        // center has no arm to turn.
        let alignment = predictedLength > 0 ? predicted.dot(direction) / predictedLength : 0
        let turnA = localA == .zero ? 0 : abs(a.angularVelocity), turnB = hasB && localB != .zero ? abs(b.angularVelocity) : 0
        let armsTurnSlowly = max(turnA, turnB) * h <= Double.pi / 4
        return armsTurnSlowly && alignment > 0.5.squareRoot() ? (predictedLength - start) / h
            : direction.dot(pointVelocity(a, b, hasB: hasB))
    }

    /// Pulls a rigid row's attachment points to `length` apart (a rope only when over-long);
    /// returns the error found (points).
    func correctDistanceRows(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, tolerance: Double) -> Double {
        guard spring.isRigid else { return 0 }
        let (rA, rB, pA, pB) = arms(a, b, hasB: hasB)
        let d = pB - pA, distance = d.length
        guard distance > 1e-12 else { return 0 }
        let n = d / distance
        let error = Self.clamp(distance - length, World.maximumJointLinearCorrection)
        if kind == .rope && error <= 0 { return 0 }
        let largest = abs(distance - length)
        guard largest >= tolerance else { return largest }
        let rnA = rA.cross(n), rnB = rB.cross(n)
        let k = a.inverseMass + a.inverseInertia * rnA * rnA
            + (hasB ? b.inverseMass + b.inverseInertia * rnB * rnB : 0)
        guard k > 0 else { return largest }
        let impulse = -error / k
        a.shift(by: n * -impulse, at: rA)
        if hasB { b.shift(by: n * impulse, at: rB) }
        return largest
    }
}
