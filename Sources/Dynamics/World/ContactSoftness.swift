import Foundation

/// The soft contact of ``ContactSolver/softStep``: a damped spring of frequency `f` and damping
/// ratio `ζ` that pushes overlap out, solved implicitly over a sub-step `h` (Catto, "Solver2D",
/// 2024; Box2D v3's soft constraints). With `ω = 2πf`, `a₁ = 2ζ + h·ω` and `a₂ = h·ω·a₁`, the
/// impulse of one solve is `−m·massScale·(v + biasRate·s) − impulseScale·λ` for separation
/// `s < 0`, effective mass `m` and accumulated impulse `λ`, where `biasRate = ω/a₁`,
/// `massScale = a₂/(1 + a₂)` and `impulseScale = 1/(1 + a₂)`.
struct ContactSoftness {
    /// Per second: the push-out speed per point of overlap.
    let biasRate: Double
    /// The share of the rigid impulse applied.
    let massScale: Double
    /// The share of the accumulated impulse taken back.
    let impulseScale: Double

    /// Box2D v3's contact spring: 30 Hz, or a quarter of the sub-step rate if that is lower, at
    /// damping ratio 10 (its `contactHertz` and `contactDampingRatio` defaults).
    init(substep h: Double) {
        let frequency = min(Self.largestFrequency, 0.25 / h), dampingRatio = Self.dampingRatio
        let omega = 2 * Double.pi * frequency
        let a1 = 2 * dampingRatio + h * omega, a2 = h * omega * a1
        biasRate = omega / a1
        massScale = a2 / (1 + a2)
        impulseScale = 1 / (1 + a2)
    }

    /// The stiffest the contact spring gets (Hz).
    static let largestFrequency = 30.0
    /// The contact spring's damping ratio.
    static let dampingRatio = 10.0
}
