import Foundation

/// A rigid (massless-rod) pendulum of length L released from rest at angle θ0, θ'' = −(g/L)·sin θ.
///
/// Exact period (e.g. Landau & Lifshitz, *Mechanics*, §11, problem 1):
/// T = 4·√(L/g)·K(k), k = sin(θ0/2), K the complete elliptic integral of the first kind.
/// The trajectory has no elementary closed form and is integrated with GSL (`rk8pd`).
public struct RigidPendulum: Sendable, Equatable {
    /// Rod length L (pt), > 0.
    public let length: Double
    /// Gravitational acceleration g (pt/s²), > 0.
    public let gravity: Double
    /// Release angle θ0 from the downward vertical (rad), |θ0| < π; released from rest.
    public let amplitude: Double
    /// The exact period 4·√(L/g)·K(sin(θ0/2)) (s), K from GSL.
    public let period: Double
    /// The same period (s) with K from the arithmetic–geometric mean: an independent cross-check.
    public let periodByAGM: Double

    /// Creates the pendulum (length in pt, gravity in pt/s², amplitude in rad). Throws for
    /// non-finite values, L ≤ 0, g ≤ 0, |θ0| ≥ π (no oscillation), or a GSL failure.
    public init(length: Double, gravity: Double, amplitude: Double) throws(ReferenceError) {
        try ParameterValidation.require(length, "length", "> 0") { $0 > 0 }
        try ParameterValidation.require(gravity, "gravity", "> 0") { $0 > 0 }
        try ParameterValidation.require(amplitude, "amplitude", "|θ0| < π") { abs($0) < Double.pi }
        self.length = length
        self.gravity = gravity
        self.amplitude = amplitude
        self.period = try 4 * (length / gravity).squareRoot()
            * CompleteEllipticIntegral.firstKind(modulus: sin(abs(amplitude) / 2))
        self.periodByAGM = try 4 * (length / gravity).squareRoot()
            * CompleteEllipticIntegral.firstKindByAGM(modulus: sin(abs(amplitude) / 2))
    }

    /// The small-angle (harmonic) period 2π·√(L/g) (s).
    public var smallAnglePeriod: Double { 2 * Double.pi * (length / gravity).squareRoot() }

    /// The right-hand side of (θ, ω): θ' = ω, ω' = −(g/L)·sin θ (rad, rad/s).
    public var problem: ODEProblem {
        let gOverL = gravity / length
        return ODEProblem(dimension: 2) { _, y, dydt in
            dydt[0] = y[1]
            dydt[1] = -gOverL * sin(y[0])
        }
    }

    /// States [θ (rad), ω (rad/s)] at the given times (s, non-decreasing, ≥ 0), integrated from
    /// release at t = 0 with `integrator` (default `rk8pd`, tolerances 1e-12).
    public func states(
        at times: [Double], using integrator: ODEIntegrator = ODEIntegrator(method: .rk8pd)
    ) throws(ReferenceError) -> [[Double]] {
        try integrator.solve(problem, initialState: [amplitude, 0], from: 0, sampleTimes: times).states
    }

    /// The angle θ (rad) at the given times (s, non-decreasing, ≥ 0); see `states(at:using:)`.
    public func angle(
        at times: [Double], using integrator: ODEIntegrator = ODEIntegrator(method: .rk8pd)
    ) throws(ReferenceError) -> [Double] {
        try states(at: times, using: integrator).map { $0[0] }
    }
}
