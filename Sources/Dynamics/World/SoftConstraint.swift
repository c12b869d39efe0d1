import Foundation

/// Coefficients of a soft constraint (a spring-damper solved implicitly within the velocity
/// solver), from a stiffness in hertz and a damping ratio, for a sub-step `h`. This is the
/// "soft step" formulation published by Erin Catto (Box2D v3, "Solver2D", 2024): with
/// `ω = 2π·hertz`, `a1 = 2ζ + hω`, `a2 = hω·a1`, `a3 = 1/(1 + a2)`,
/// the bias rate is `ω/a1`, the mass scale `a2·a3` and the impulse scale `a3`.
struct SoftConstraint {
    /// Multiplies the position error to give a bias velocity (1/s).
    var biasRate: Double
    /// Scales the effective mass.
    var massScale: Double
    /// Scales the accumulated impulse subtracted each iteration.
    var impulseScale: Double

    /// A rigid constraint (no softness).
    static let rigid = SoftConstraint(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    /// Coefficients for stiffness `hertz` (> 0), damping ratio `zeta` and sub-step `h` (s).
    init(hertz: Double, dampingRatio zeta: Double, substep h: Double) {
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        self.init(biasRate: omega / a1, massScale: a2 * a3, impulseScale: a3)
    }
}
