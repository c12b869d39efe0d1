import Foundation

/// One-dimensional motion under a constant acceleration with linear damping: dv/dt = a − c·v.
///
/// This is an item under gravity or a continuous push with `resistance` c (SPEC: dv/dt = −c·v);
/// c = 0 is uniform acceleration, a = 0 with an initial velocity is an impulse then coasting.
/// Exact solution (integrate the linear ODE; e.g. Kreyszig, *Advanced Engineering Mathematics*, §1.5):
///
///     v(t) = v0·e^(−ct) + a·t·φ1(ct)
///     x(t) = x0 + v0·t·φ1(ct) + a·t²·φ2(ct)
///     φ1(z) = (1 − e^(−z))/z,   φ2(z) = (z − (1 − e^(−z)))/z²
///
/// φ1 uses `expm1`, φ2 a Taylor series for small z, so c → 0 is continuous and accurate to
/// rounding (no 0/0, no cancellation).
public struct LinearlyDampedMotion: Sendable, Equatable {
    /// Position at t = 0 (pt).
    public let initialPosition: Double
    /// Velocity at t = 0 (pt/s).
    public let initialVelocity: Double
    /// Constant driving acceleration a (pt/s²).
    public let acceleration: Double
    /// Linear damping rate c (1/s), ≥ 0.
    public let damping: Double

    /// Creates the motion (position in pt, velocity in pt/s, acceleration in pt/s², damping in
    /// 1/s). Throws if any value is non-finite or the damping is negative.
    public init(
        initialPosition: Double, initialVelocity: Double, acceleration: Double, damping: Double
    ) throws(ReferenceError) {
        try ParameterValidation.finite(initialPosition, "initialPosition")
        try ParameterValidation.finite(initialVelocity, "initialVelocity")
        try ParameterValidation.finite(acceleration, "acceleration")
        try ParameterValidation.require(damping, "damping", "≥ 0") { $0 >= 0 }
        self.initialPosition = initialPosition
        self.initialVelocity = initialVelocity
        self.acceleration = acceleration
        self.damping = damping
    }

    /// The terminal velocity a/c (pt/s), or nil without damping (the speed grows without bound
    /// when a ≠ 0).
    public var terminalVelocity: Double? { damping > 0 ? acceleration / damping : nil }

    /// Position (pt) at time `t` (s).
    public func position(at t: Double) -> Double {
        let z = damping * t
        return initialPosition + initialVelocity * t * Self.phi1(z) + acceleration * t * t * Self.phi2(z)
    }

    /// Velocity (pt/s) at time `t` (s).
    public func velocity(at t: Double) -> Double {
        let z = damping * t
        return initialVelocity * exp(-z) + acceleration * t * Self.phi1(z)
    }

    /// φ1(z) = (1 − e^(−z))/z, with φ1(0) = 1 (dimensionless).
    static func phi1(_ z: Double) -> Double {
        z == 0 ? 1 : -expm1(-z) / z
    }

    /// φ2(z) = (z − (1 − e^(−z)))/z², with φ2(0) = ½ (dimensionless).
    ///
    /// For |z| < 1 the Taylor series Σ (−z)^k/(k+2)! (terms fall below 1e-17 of the sum before
    /// k = 18); beyond, the direct form has no harmful cancellation (z + expm1(−z) ≥ 0.36·z there).
    static func phi2(_ z: Double) -> Double {
        guard abs(z) < 1 else { return (z + expm1(-z)) / (z * z) }
        var term = 0.5  // (−z)^0 / 2!
        var sum = term
        for k in 1...20 {
            term *= -z / Double(k + 2)
            sum += term
        }
        return sum
    }
}
