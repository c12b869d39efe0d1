import Foundation

/// A free linear oscillator x'' + 2ζω·x' + ω²·x = 0, ω = 2πf, in every damping regime.
///
/// Solution in state-transition form (e.g. Meirovitch, *Fundamentals of Vibrations*, §2.5),
/// σ = ζω:
///
///     x(t) = e^(−σt)·[x0·C(t) + (v0 + σ·x0)·S(t)]
///     v(t) = e^(−σt)·[v0·C(t) − (ω²·x0 + σ·v0)·S(t)]
///
/// with C = cos(ωd t), S = sin(ωd t)/ωd for ζ < 1 (ωd = ω√(1−ζ²)); C = 1, S = t for ζ = 1;
/// C = cosh(ωh t), S = sinh(ωh t)/ωh for ζ > 1 (ωh = ω√(ζ²−1)). S and C are continuous in ζ
/// across 1, and 1 − ζ² is formed as (1−ζ)(1+ζ), so ζ near 1 loses no accuracy. The over-damped
/// branch folds the decay into the hyperbolic functions (`expm1`) so it neither overflows nor
/// cancels.
public struct DampedOscillator: Sendable, Equatable {
    /// Undamped natural frequency f (Hz), > 0.
    public let naturalFrequency: Double
    /// Damping ratio ζ (dimensionless), ≥ 0; 1 is critical.
    public let dampingRatio: Double
    /// Displacement at t = 0 (pt, or any length unit).
    public let initialDisplacement: Double
    /// Velocity at t = 0 (pt/s).
    public let initialVelocity: Double

    /// Creates the oscillator (frequency in Hz, ζ dimensionless, displacement in pt, velocity in
    /// pt/s). Throws if a value is non-finite, f ≤ 0 or ζ < 0.
    public init(
        naturalFrequency: Double, dampingRatio: Double, initialDisplacement: Double, initialVelocity: Double
    ) throws(ReferenceError) {
        try ParameterValidation.require(naturalFrequency, "naturalFrequency", "> 0") { $0 > 0 }
        try ParameterValidation.require(dampingRatio, "dampingRatio", "≥ 0") { $0 >= 0 }
        try ParameterValidation.finite(initialDisplacement, "initialDisplacement")
        try ParameterValidation.finite(initialVelocity, "initialVelocity")
        self.naturalFrequency = naturalFrequency
        self.dampingRatio = dampingRatio
        self.initialDisplacement = initialDisplacement
        self.initialVelocity = initialVelocity
    }

    /// Angular natural frequency ω = 2πf (rad/s).
    public var angularFrequency: Double { 2 * Double.pi * naturalFrequency }

    /// The damped period 2π/ωd (s) for ζ < 1; nil for critical and over-damping (no oscillation).
    public var period: Double? {
        dampingRatio < 1 ? 2 * Double.pi / (angularFrequency * ((1 - dampingRatio) * (1 + dampingRatio)).squareRoot()) : nil
    }

    /// Displacement (pt) at time `t` (s).
    public func displacement(at t: Double) -> Double {
        let (decayedC, decayedS) = basis(at: t)
        let sigma = dampingRatio * angularFrequency
        return initialDisplacement * decayedC + (initialVelocity + sigma * initialDisplacement) * decayedS
    }

    /// Velocity (pt/s) at time `t` (s).
    public func velocity(at t: Double) -> Double {
        let (decayedC, decayedS) = basis(at: t)
        let omega = angularFrequency
        let sigma = dampingRatio * omega
        return initialVelocity * decayedC - (omega * omega * initialDisplacement + sigma * initialVelocity) * decayedS
    }

    /// Mechanical energy per unit mass ½v² + ½ω²x² (pt²/s²) at time `t` (s).
    public func energy(at t: Double) -> Double {
        let x = displacement(at: t), v = velocity(at: t), omega = angularFrequency
        return 0.5 * v * v + 0.5 * omega * omega * x * x
    }

    /// (e^(−σt)·C(t), e^(−σt)·S(t)); the second has unit s.
    private func basis(at t: Double) -> (Double, Double) {
        let omega = angularFrequency, zeta = dampingRatio
        let sigma = zeta * omega
        if zeta < 1 {
            let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            let decay = exp(-sigma * t)
            return (decay * cos(omegaD * t), decay * sin(omegaD * t) / omegaD)
        }
        if zeta == 1 {
            let decay = exp(-sigma * t)
            return (decay, decay * t)
        }
        // ζ > 1: e^(−σt)cosh(ωh t) = e^(λt)(1 + e^(−2ωh t))/2, e^(−σt)sinh(ωh t)/ωh = e^(λt)(1 − e^(−2ωh t))/(2ωh),
        // λ = ωh − σ = −ω/(ζ + √(ζ²−1)) (the slow root, written without cancellation).
        let root = ((zeta - 1) * (zeta + 1)).squareRoot()
        let omegaH = omega * root
        let slow = exp(-omega / (zeta + root) * t)
        let fastRatio = expm1(-2 * omegaH * t)  // e^(−2ωh t) − 1
        return (slow * (1 + 0.5 * fastRatio), slow * -fastRatio / (2 * omegaH))
    }
}
