import Foundation

/// Position correction of a joint: one non-linear Gauss–Seidel step on the current positions for
/// each rigid row and each violated limit, moving positions only (velocities are untouched, so
/// removing drift adds no energy). Spring rows are left to the spring. Each error is removed in
/// full, bounded by ``World/maximumJointLinearCorrection`` and
/// ``World/maximumJointAngularCorrection``. Each family's corrections are in its rows' file.
extension Joint {
    /// Corrects every error of at least `tolerance` (points; an angle error counts at the joint's
    /// extent) and returns the largest error it found before correcting.
    @discardableResult
    func correctPositions(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, tolerance: Double = 0) -> Double {
        switch kind {
        case .distance, .rope: correctDistanceRows(&a, &b, hasB: hasB, tolerance: tolerance)
        case .point, .weld, .pin: correctPointRows(&a, &b, hasB: hasB, tolerance: tolerance)
        case .slider: correctSliderRows(&a, &b, hasB: hasB, tolerance: tolerance)
        case .snap: 0
        }
    }

    // MARK: Shared by the rows

    /// `value` within ±`limit`.
    @inline(__always)
    static func clamp(_ value: Double, _ limit: Double) -> Double { min(max(value, -limit), limit) }

    /// The current world-space arms and attachment points (points).
    @inline(__always)
    func arms(_ a: SolverBody, _ b: SolverBody, hasB: Bool) -> (rA: Vector, rB: Vector, pA: Vector, pB: Vector) {
        let rA = localA.rotated(by: a.angle)
        let rB = hasB ? localB.rotated(by: b.angle) : .zero
        return (rA, rB, a.position.vectorFromOrigin + rA, hasB ? b.position.vectorFromOrigin + rB : localB)
    }

    /// The current relative angle, less the reference angle (radians).
    @inline(__always)
    func relativeAngle(_ a: SolverBody, _ b: SolverBody, hasB: Bool) -> Double { (hasB ? b.angle : 0) - a.angle - referenceAngle }

    /// Turns B forwards and A backwards to change the relative angle by −`error`, unless it is
    /// below `tolerance` at the joint's extent; `largest` takes the error at that extent.
    @inline(__always)
    func removeAngle(_ error: Double, _ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, tolerance: Double, largest: inout Double) {
        let spinMass = a.inverseInertia + (hasB ? b.inverseInertia : 0)
        largest = max(largest, abs(error) * extent)
        guard spinMass > 0, abs(error) * extent >= tolerance else { return }
        let impulse = -Self.clamp(error, World.maximumJointAngularCorrection) / spinMass
        a.turn(by: -impulse)
        if hasB { b.turn(by: impulse) }
    }
}
