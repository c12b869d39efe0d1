import Dynamics
import Foundation

/// One sub-step at the default configuration (s).
let substep = 1.0 / 120

/// The closed-form free damped oscillator x'' + 2ζω·x' + ω²·x = 0 (ω = 2πf), reimplemented here
/// (the tests do not depend on the reference library): x(t) = e^(−ζωt)·[x₀·C(t) + (v₀ + ζω·x₀)·S(t)]
/// with C = cos ω_d t, S = sin(ω_d t)/ω_d (ζ < 1), C = 1, S = t (ζ = 1), cosh/sinh (ζ > 1).
struct ClosedFormOscillator {
    var frequency: Double
    var dampingRatio: Double
    var x0: Double
    var v0: Double

    var omega: Double { 2 * Double.pi * frequency }

    func displacement(at t: Double) -> Double {
        let sigma = dampingRatio * omega
        let (c, s): (Double, Double)
        if dampingRatio < 1 {
            let wd = omega * (1 - dampingRatio * dampingRatio).squareRoot()
            (c, s) = (cos(wd * t), sin(wd * t) / wd)
        } else if dampingRatio == 1 {
            (c, s) = (1, t)
        } else {
            let wh = omega * (dampingRatio * dampingRatio - 1).squareRoot()
            (c, s) = (cosh(wh * t), sinh(wh * t) / wh)
        }
        return exp(-sigma * t) * (x0 * c + (v0 + sigma * x0) * s)
    }

    /// The oscillator through x(0) = x₀ and x(−h) = x₋₁: the continuous motion whose samples the
    /// engine reproduces when it starts from x₀ with velocity (x₀ − x₋₁)/h.
    static func through(frequency: Double, dampingRatio: Double, x0: Double, previous: Double, h: Double) -> Self {
        // x(−h) is linear in v₀: solve from two evaluations.
        let atZero = Self(frequency: frequency, dampingRatio: dampingRatio, x0: x0, v0: 0).displacement(at: -h)
        let atOne = Self(frequency: frequency, dampingRatio: dampingRatio, x0: x0, v0: 1).displacement(at: -h)
        return Self(frequency: frequency, dampingRatio: dampingRatio, x0: x0, v0: (previous - atZero) / (atOne - atZero))
    }
}

/// Prony's method for a sampled linear second-order system: the least-squares (p, q) with
/// x_{n+1} ≈ p·x_n + q·x_{n−1}; any sampled damped oscillator satisfies it exactly with
/// p = 2e^(−σh)·cos(ω_d h), q = −e^(−2σh). Returns the decay rate σ (1/s) and the damped angular
/// frequency ω_d (rad/s, 0 when the roots are real).
func fitOscillator(_ x: [Double], h: Double) -> (decayRate: Double, dampedFrequency: Double) {
    var s11 = 0.0, s12 = 0.0, s22 = 0.0, r1 = 0.0, r2 = 0.0
    for n in 1..<(x.count - 1) {
        let a = x[n], b = x[n - 1], y = x[n + 1]
        s11 += a * a; s12 += a * b; s22 += b * b
        r1 += a * y; r2 += b * y
    }
    let det = s11 * s22 - s12 * s12
    let p = (r1 * s22 - r2 * s12) / det, q = (s11 * r2 - s12 * r1) / det
    let e = (-q).squareRoot()
    let c = p / (2 * e)
    return (-log(e) / h, c < 1 ? acos(c) / h : 0)
}

/// An item behavior with no resistance, so only the joints damp.
func undamped(_ items: [any DynamicItem]) throws -> DynamicItemBehavior {
    try frictionless(items)
}

/// A configuration whose animator never pauses, so slow tails are simulated too.
let neverResting: AnimatorConfiguration = {
    var configuration = AnimatorConfiguration()
    configuration.restLinearSpeed = 0
    configuration.restAngularSpeed = 0
    return configuration
}()
