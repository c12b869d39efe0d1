import Foundation

/// Position correction of a joint: one non-linear Gauss–Seidel step on the current positions for
/// each rigid row and each violated limit, moving positions only (velocities are untouched, so
/// removing drift adds no energy). Spring rows are left to the spring. Each error is removed in
/// full, bounded by ``World/maximumJointLinearCorrection`` and
/// ``World/maximumJointAngularCorrection``.
extension Joint {
    /// Corrects every error of at least `tolerance` (points; an angle error counts at the joint's
    /// extent) and returns the largest error it found before correcting.
    @discardableResult
    func correctPositions(_ a: inout Body, _ b: inout Body, hasB: Bool, tolerance: Double = 0) -> Double {
        let maximumLinear = World.maximumJointLinearCorrection
        let maximumAngular = World.maximumJointAngularCorrection
        @inline(__always) func clamp(_ value: Double, _ limit: Double) -> Double { min(max(value, -limit), limit) }
        @inline(__always) func arms() -> (rA: Vector, rB: Vector, pA: Vector, pB: Vector) {
            let rA = localA.rotated(by: a.angle)
            let rB = hasB ? localB.rotated(by: b.angle) : .zero
            return (rA, rB, a.position.vectorFromOrigin + rA, hasB ? b.position.vectorFromOrigin + rB : localB)
        }
        @inline(__always) func relativeAngle() -> Double { (hasB ? b.angle : 0) - a.angle - referenceAngle }
        var largest = 0.0
        let spinMass = a.inverseInertia + (hasB ? b.inverseInertia : 0)
        /// Turns B forwards and A backwards to change the relative angle by −error.
        @inline(__always) func removeAngle(_ error: Double) {
            largest = max(largest, abs(error) * extent)
            guard spinMass > 0, abs(error) * extent >= tolerance else { return }
            let impulse = -clamp(error, maximumAngular) / spinMass
            a.turn(by: -impulse)
            if hasB { b.turn(by: impulse) }
        }
        /// Moves the attachment points together.
        @inline(__always) func removePointError() {
            let (rA, rB, pA, pB) = arms()
            var error = pB - pA
            let size = error.length
            largest = max(largest, size)
            guard size >= tolerance else { return }
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
        /// Moves the attachment points together and removes `angleError` at once (the 3×3 block
        /// of the point rows and the angle row, as Box2D v2's weld joint), so neither undoes the
        /// other; falls back to the point alone when the block is singular (no rotation).
        @inline(__always) func removePointAndAngleError(_ angleError: Double) {
            let (rA, rB, pA, pB) = arms()
            var error = pB - pA
            let size = error.length
            largest = max(largest, size, abs(angleError) * extent)
            guard max(size, abs(angleError) * extent) >= tolerance else { return }
            if size > maximumLinear { error = error * (maximumLinear / size) }
            let turn = clamp(angleError, maximumAngular)
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
                removePointError()
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
        /// Slider rows: moves A along `axis` (and B oppositely) to change `axis·(pA − pB)` by −error.
        @inline(__always) func removeSliderError(along axisFor: (Vector) -> Vector, error errorFor: (Vector, Double) -> Double) {
            let (rA, rB, pA, pB) = arms()
            let d = pA - pB
            let u = hasB ? axis.rotated(by: b.angle) : axis
            let row = axisFor(u)
            let unclamped = errorFor(d, row.dot(d))
            largest = max(largest, abs(unclamped))
            guard abs(unclamped) >= tolerance else { return }
            let error = clamp(unclamped, maximumLinear)
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

        switch kind {
        case .distance, .rope:
            guard spring.isRigid else { return 0 }
            let (rA, rB, pA, pB) = arms()
            let d = pB - pA, distance = d.length
            guard distance > 1e-12 else { return 0 }
            let n = d / distance
            let error = clamp(distance - length, maximumLinear)
            if kind == .rope && error <= 0 { return 0 }
            largest = abs(distance - length)
            guard largest >= tolerance else { return largest }
            let rnA = rA.cross(n), rnB = rB.cross(n)
            let k = a.inverseMass + a.inverseInertia * rnA * rnA
                + (hasB ? b.inverseMass + b.inverseInertia * rnB * rnB : 0)
            guard k > 0 else { return largest }
            let impulse = -error / k
            a.shift(by: n * -impulse, at: rA)
            if hasB { b.shift(by: n * impulse, at: rB) }
        case .point, .weld, .pin:
            // Point and angle together when both need correcting: a point correction turns the
            // bodies through their arms, an angle correction moves the points.
            let angle = relativeAngle()
            let angleError = kind == .weld ? (spring.isRigid ? angle : 0)
                : kind == .pin ? (angle < lowerLimit ? angle - lowerLimit : (angle > upperLimit ? angle - upperLimit : 0)) : 0
            if spring.isRigid {
                if angleError != 0 { removePointAndAngleError(angleError) } else { removePointError() }
            } else if angleError != 0 {
                removeAngle(angleError)
            }
        case .slider:
            if spring.isRigid { removeAngle(relativeAngle()) }
            if lowerLimit.isFinite || upperLimit.isFinite {
                removeSliderError(along: { $0 }) { _, t in
                    t < lowerLimit ? t - lowerLimit : (t > upperLimit ? t - upperLimit : 0)
                }
            }
            if spring.isRigid {
                removeSliderError(along: { Vector(dx: -$0.dy, dy: $0.dx) }) { _, offAxis in offAxis }
            }
        case .snap:
            return 0
        }
        return largest
    }
}
