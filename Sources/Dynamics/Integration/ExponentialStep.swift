import Foundation

/// Coefficients of the exact solution of `dv/dt = a − c·v`, `dx/dt = v` over one step `h`
/// for constant `a` and damping rate `c` (1/s):
///
///     v(h) = decay·v0 + φ1·a
///     x(h) = x0 + φ1·v0 + φ2·a
///
/// with `decay = e^(−c·h)`, `φ1 = (1 − e^(−c·h))/c` and `φ2 = (h − φ1)/c` (the limits `h` and
/// `h²/2` when `c = 0`). This is the exponential (Lawson) integrator for linear damping; it is
/// exact for constant forces, so a body in free flight has no truncation error at all, only
/// rounding (see the `World` documentation for the whole scheme).
struct ExponentialStep: Equatable {
    /// `e^(−c·h)`: the factor velocity keeps over one step.
    var decay: Double
    /// `(1 − e^(−c·h))/c` in seconds: displacement per unit initial velocity.
    var phi1: Double
    /// `(h − φ1)/c` in s²: displacement per unit constant acceleration.
    var phi2: Double

    /// Coefficients for damping rate `rate` (1/s, ≥ 0) and step `h` (s).
    init(rate: Double, step h: Double) {
        let z = rate * h
        decay = exp(-z)
        if z < 1e-3 {
            // Taylor series of φ1/h = (1 − e^−z)/z and φ2/h² = (z − 1 + e^−z)/z²; at z < 1e-3 the
            // omitted terms are below z⁴/120 < 1e-14 relative, and the closed forms would lose
            // digits to cancellation.
            phi1 = h * (1 - z / 2 + z * z / 6 - z * z * z / 24)
            phi2 = h * h * (0.5 - z / 6 + z * z / 24 - z * z * z / 120)
        } else {
            phi1 = -expm1(-z) / rate
            phi2 = (h - phi1) / rate
        }
    }
}
