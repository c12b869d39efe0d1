import Foundation

/// A first-order low-pass filter τ·y' = u(t) − y (the motion-effect smoothing of SPEC).
///
/// Closed forms (any signals-and-systems text, e.g. Oppenheim & Willsky §6.5):
/// step response y(t) = u + (y0 − u)·e^(−t/τ); for u = A·sin(ωt), ω = 2πf,
///
///     y(t) = (y0 + A·ωτ/(1 + (ωτ)²))·e^(−t/τ) + A/(1 + (ωτ)²)·(sin ωt − ωτ·cos ωt)
///
/// whose steady state has amplitude A/√(1 + (ωτ)²) and lags by atan(ωτ).
/// τ = 0 passes the input through unchanged.
public struct FirstOrderLowPass: Sendable, Equatable {
    /// Time constant τ (s), ≥ 0.
    public let timeConstant: Double

    /// Creates the filter (τ in s). Throws for a non-finite or negative τ.
    public init(timeConstant: Double) throws(ReferenceError) {
        try ParameterValidation.require(timeConstant, "timeConstant", "≥ 0") { $0 >= 0 }
        self.timeConstant = timeConstant
    }

    /// Output at time `t` (s, ≥ 0) after the input steps at t = 0 from anything to `target`,
    /// starting from `y0` (output and target in the signal's unit).
    public func stepResponse(at t: Double, from y0: Double, to target: Double) -> Double {
        guard timeConstant > 0 else { return target }
        return target + (y0 - target) * exp(-t / timeConstant)
    }

    /// Steady-state output amplitude A/√(1 + (ωτ)²) for the input A·sin(2πf·t)
    /// (amplitude in the signal's unit, frequency in Hz).
    public func steadyStateAmplitude(amplitude: Double, frequency: Double) -> Double {
        let omegaTau = 2 * Double.pi * frequency * timeConstant
        return amplitude / (1 + omegaTau * omegaTau).squareRoot()
    }

    /// Steady-state phase lag atan(ωτ) (rad) of the output behind the input sin(2πf·t) (f in Hz).
    public func steadyStatePhaseLag(frequency: Double) -> Double {
        atan(2 * Double.pi * frequency * timeConstant)
    }

    /// Full output at time `t` (s, ≥ 0), transient included, for the input A·sin(2πf·t) applied
    /// from t = 0 with output `y0` at t = 0 (amplitude and output in the signal's unit, f in Hz).
    public func sinusoidResponse(at t: Double, from y0: Double, amplitude: Double, frequency: Double) -> Double {
        let omega = 2 * Double.pi * frequency
        guard timeConstant > 0 else { return amplitude * sin(omega * t) }
        let omegaTau = omega * timeConstant
        let gain = amplitude / (1 + omegaTau * omegaTau)
        return (y0 + gain * omegaTau) * exp(-t / timeConstant) + gain * (sin(omega * t) - omegaTau * cos(omega * t))
    }
}
