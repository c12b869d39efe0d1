import Foundation

/// The rows of point, weld, pin and snap joints: two rows that make the attachment points
/// coincide, an angle row (weld, snap), and for a pin optional limits and friction on the
/// relative angle.
extension Joint {
    /// Point error, the point rows' effective mass and load, and the angle error at the
    /// sub-step's start.
    mutating func preparePointRows(_ start: Start, relativeAngle: Double) {
        let (rA, rB, mA, mB, iA, iB) = (start.rA, start.rB, start.mA, start.mB, start.iA, start.iB)
        pointError = start.pB - start.pA
        let k11 = mA + mB + iA * rA.dy * rA.dy + iB * rB.dy * rB.dy
        let k12 = -iA * rA.dx * rA.dy - iB * rB.dx * rB.dy
        let k22 = mA + mB + iA * rA.dx * rA.dx + iB * rB.dx * rB.dx
        let determinant = k11 * k22 - k12 * k12
        pointMass = determinant > 0 ? (k22 / determinant, -k12 / determinant, k11 / determinant) : (0, 0, 0)
        pointLoad = start.accelerationB - start.accelerationA
        // The snap turns the item back to 0 the short way round.
        angleError = kind == .snap ? remainder(relativeAngle, 2 * Double.pi) : relativeAngle
    }

    /// One velocity pass: a pin's friction and limits, the angle row, then the point rows.
    /// Returns the largest change of a row's velocity (pt/s; angular rows at `extent`).
    mutating func solvePointRows(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, substep h: Double) -> Double {
        var largest = 0.0
        let angularScale = (a.inverseInertia + (hasB ? b.inverseInertia : 0)) * extent
        @inline(__always) func turn(_ impulse: Double) {
            Self.applyAngular(impulse, &a, &b, hasB: hasB)
            largest = max(largest, abs(impulse) * angularScale)
        }
        if kind == .pin, angularMass > 0 {
            if maximumFrictionImpulse > 0 {
                let old = frictionImpulse
                frictionImpulse = min(max(old - angularMass * Self.spin(a, b, hasB: hasB), -maximumFrictionImpulse), maximumFrictionImpulse)
                turn(frictionImpulse - old)
            }
            if lowerLimit.isFinite {
                let old = lowerImpulse
                lowerImpulse = max(old - angularMass * (Self.spin(a, b, hasB: hasB) + max(0, angleError - lowerLimit) / h), 0)
                turn(lowerImpulse - old)
            }
            if upperLimit.isFinite {
                let old = upperImpulse
                upperImpulse = min(old - angularMass * (Self.spin(a, b, hasB: hasB) - max(0, upperLimit - angleError) / h), 0)
                turn(upperImpulse - old)
            }
        }
        if kind != .point && kind != .pin && angularMass > 0 {
            let delta = equalityImpulse(speed: Self.spin(a, b, hasB: hasB), error: angleError, load: angularLoad, mass: angularMass,
                                        accumulated: angularImpulse)
            angularImpulse += delta
            turn(delta)
        }
        let m = pointMass
        guard m.m11 > 0 || m.m22 > 0 else { return largest }
        let target = spring.isRigid
            ? rigidPointCondition(a, b, hasB: hasB, substep: h)
            : pointVelocity(a, b, hasB: hasB) * spring.massScale + pointError * spring.stiffness - pointLoad * spring.loadFactor
        var delta = Vector(dx: -(m.m11 * target.dx + m.m12 * target.dy), dy: -(m.m12 * target.dx + m.m22 * target.dy))
        if !spring.isRigid { delta -= pointImpulse * spring.impulseScale }
        pointImpulse += delta
        Self.applyPoint(delta, &a, &b, hasB: hasB, armA: armA, armB: armB)
        let trace = a.inverseMass + a.inverseInertia * armA.lengthSquared
            + (hasB ? b.inverseMass + b.inverseInertia * armB.lengthSquared : 0)
        largest = max(largest, delta.length * trace)
        return largest
    }

    /// The relative velocity a rigid point row's velocity pass drives to zero (pt/s): the
    /// attachment points' relative motion over the sub-step, over h, if the bodies keep their
    /// velocities.
    func rigidPointCondition(_ a: SolverBody, _ b: SolverBody, hasB: Bool, substep h: Double) -> Vector {
        // The exact condition (see ``predictedSeparation(_:_:hasB:substep:)``) linearised with the
        // start arms. An arm that turns by φ in the sub-step moves the condition along a direction
        // φ away from the one the step assumes, so one row's step leaves 2·sin(φ/2) of its error:
        // it stops contracting at 60°. A light body between two rows (a chain's light link) is
        // corrected by each in turn and needs a margin, so beyond 45° (0.77 of the error left)
        // the row holds its first-order velocity instead, as the distance rows do
        // (docs/decisions/0006).
        let armsTurnSlowly = max(abs(a.angularVelocity), hasB ? abs(b.angularVelocity) : 0) * h <= Double.pi / 4
        guard armsTurnSlowly else { return pointVelocity(a, b, hasB: hasB) }
        return (predictedSeparation(a, b, hasB: hasB, substep: h) - pointError) / h
    }

    /// Point and angle together when both need correcting (a point correction turns the bodies
    /// through their arms, an angle correction moves the points): a rigid weld's angle, a pin's
    /// violated limit. Returns the largest error found (points; angles at `extent`).
    func correctPointRows(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, tolerance: Double) -> Double {
        var largest = 0.0
        let angle = relativeAngle(a, b, hasB: hasB)
        let angleError = kind == .weld ? (spring.isRigid ? angle : 0)
            : kind == .pin ? (angle < lowerLimit ? angle - lowerLimit : (angle > upperLimit ? angle - upperLimit : 0)) : 0
        if spring.isRigid {
            if angleError != 0 {
                removePointAndAngleError(angleError, &a, &b, hasB: hasB, tolerance: tolerance, largest: &largest)
            } else {
                removePointError(&a, &b, hasB: hasB, tolerance: tolerance, largest: &largest)
            }
        } else if angleError != 0 {
            removeAngle(angleError, &a, &b, hasB: hasB, tolerance: tolerance, largest: &largest)
        }
        return largest
    }

    /// Moves the attachment points together, unless they are closer than `tolerance`.
    @inline(__always)
    func removePointError(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, tolerance: Double, largest: inout Double) {
        let (rA, rB, pA, pB) = arms(a, b, hasB: hasB)
        var error = pB - pA
        let size = error.length
        largest = max(largest, size)
        guard size >= tolerance else { return }
        let maximumLinear = World.maximumJointLinearCorrection
        if size > maximumLinear { error = error * (maximumLinear / size) }
        let mA = a.inverseMass, iA = a.inverseInertia
        let mB = hasB ? b.inverseMass : 0, iB = hasB ? b.inverseInertia : 0
        let k11 = mA + mB + iA * rA.dy * rA.dy + iB * rB.dy * rB.dy
        let k12 = -iA * rA.dx * rA.dy - iB * rB.dx * rB.dy
        let k22 = mA + mB + iA * rA.dx * rA.dx + iB * rB.dx * rB.dx
        let determinant = k11 * k22 - k12 * k12
        guard determinant > 0 else { return }
        let impulse = Vector(dx: -(k22 * error.dx - k12 * error.dy) / determinant,
                             dy: -(k11 * error.dy - k12 * error.dx) / determinant)
        a.shift(by: -impulse, at: rA)
        if hasB { b.shift(by: impulse, at: rB) }
    }

    /// Moves the attachment points together and removes `angleError` at once (the 3×3 block of
    /// the point rows and the angle row, as Box2D v2's weld joint), so neither undoes the other;
    /// falls back to the point alone when the block is singular (no rotation).
    @inline(__always)
    func removePointAndAngleError(_ angleError: Double, _ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, tolerance: Double,
                                  largest: inout Double) {
        let (rA, rB, pA, pB) = arms(a, b, hasB: hasB)
        var error = pB - pA
        let size = error.length
        largest = max(largest, size, abs(angleError) * extent)
        guard max(size, abs(angleError) * extent) >= tolerance else { return }
        let maximumLinear = World.maximumJointLinearCorrection
        if size > maximumLinear { error = error * (maximumLinear / size) }
        let turn = Self.clamp(angleError, World.maximumJointAngularCorrection)
        let mA = a.inverseMass, iA = a.inverseInertia
        let mB = hasB ? b.inverseMass : 0, iB = hasB ? b.inverseInertia : 0
        let k11 = mA + mB + iA * rA.dy * rA.dy + iB * rB.dy * rB.dy
        let k12 = -iA * rA.dx * rA.dy - iB * rB.dx * rB.dy
        let k22 = mA + mB + iA * rA.dx * rA.dx + iB * rB.dx * rB.dx
        let k13 = -iA * rA.dy - iB * rB.dy, k23 = iA * rA.dx + iB * rB.dx, k33 = iA + iB
        // Inverse by cofactors (the matrix is symmetric).
        let c11 = k22 * k33 - k23 * k23, c12 = k13 * k23 - k12 * k33, c13 = k12 * k23 - k13 * k22
        let determinant = k11 * c11 + k12 * c12 + k13 * c13
        guard determinant > 1e-12 * k11 * k22 * k33 else {
            removePointError(&a, &b, hasB: hasB, tolerance: tolerance, largest: &largest)
            return
        }
        let c22 = k11 * k33 - k13 * k13, c23 = k12 * k13 - k11 * k23, c33 = k11 * k22 - k12 * k12
        let x = -(c11 * error.dx + c12 * error.dy + c13 * turn) / determinant
        let y = -(c12 * error.dx + c22 * error.dy + c23 * turn) / determinant
        let angular = -(c13 * error.dx + c23 * error.dy + c33 * turn) / determinant
        let impulse = Vector(dx: x, dy: y)
        a.shift(by: -impulse, at: rA)
        a.turn(by: -angular)
        if hasB {
            b.shift(by: impulse, at: rB)
            b.turn(by: angular)
        }
    }
}
