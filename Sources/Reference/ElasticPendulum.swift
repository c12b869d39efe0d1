import Foundation

/// A point mass on a linear spring hung from an anchor at the origin, in 2-D under gravity
/// (y grows downward, as on screen). Per unit mass (e.g. Lynch, *Am. J. Phys.* 70, 2002):
///
///     r = |p|,   p'' = −k·(r − L)·p/r + (0, g)
///
/// Nonlinear and chaotic in general, so only the ODE solution (GSL `rk8pd`) is offered; its
/// energy ½|v|² + ½k(r − L)² − g·y is conserved, which the tests use as the check.
public struct ElasticPendulum: Sendable, Equatable {
    /// Spring rest length L (pt), ≥ 0.
    public let restLength: Double
    /// Spring stiffness per unit mass k = ω² (1/s²), > 0.
    public let stiffness: Double
    /// Gravitational acceleration g (pt/s², positive pulls toward +y, i.e. down).
    public let gravity: Double
    /// Position (pt) at t = 0, relative to the anchor.
    public let initialPosition: SIMD2<Double>
    /// Velocity (pt/s) at t = 0.
    public let initialVelocity: SIMD2<Double>

    /// Creates the pendulum (length in pt, stiffness in 1/s², gravity in pt/s², position in pt,
    /// velocity in pt/s). Throws for non-finite values, L < 0, k ≤ 0, or a start at the anchor.
    public init(
        restLength: Double, stiffness: Double, gravity: Double,
        initialPosition: SIMD2<Double>, initialVelocity: SIMD2<Double> = .zero
    ) throws(ReferenceError) {
        try ParameterValidation.require(restLength, "restLength", "≥ 0") { $0 >= 0 }
        try ParameterValidation.require(stiffness, "stiffness", "> 0") { $0 > 0 }
        try ParameterValidation.finite(gravity, "gravity")
        try ParameterValidation.finite(initialPosition.x, "initialPosition.x")
        try ParameterValidation.finite(initialPosition.y, "initialPosition.y")
        try ParameterValidation.finite(initialVelocity.x, "initialVelocity.x")
        try ParameterValidation.finite(initialVelocity.y, "initialVelocity.y")
        let r = (initialPosition * initialPosition).sum().squareRoot()
        try ParameterValidation.require(r, "|initialPosition|", "> 0 (the spring direction is undefined at the anchor)") { $0 > 0 }
        self.restLength = restLength
        self.stiffness = stiffness
        self.gravity = gravity
        self.initialPosition = initialPosition
        self.initialVelocity = initialVelocity
    }

    /// Hanging equilibrium distance below the anchor L + g/k (pt), for g ≥ 0.
    public var equilibriumLength: Double { restLength + gravity / stiffness }

    /// The initial state [x, y, vx, vy] (pt, pt, pt/s, pt/s).
    public var initialState: [Double] {
        [initialPosition.x, initialPosition.y, initialVelocity.x, initialVelocity.y]
    }

    /// The right-hand side of [x, y, vx, vy] (pt, pt/s). Passing through the anchor yields a
    /// non-finite derivative, reported as `ReferenceError.nonFiniteDerivative`.
    public var problem: ODEProblem {
        let k = stiffness, length = restLength, g = gravity
        return ODEProblem(dimension: 4) { _, s, dsdt in
            let r = (s[0] * s[0] + s[1] * s[1]).squareRoot()
            let pull = -k * (r - length) / r
            dsdt[0] = s[2]
            dsdt[1] = s[3]
            dsdt[2] = pull * s[0]
            dsdt[3] = pull * s[1] + g
        }
    }

    /// States [x, y, vx, vy] (pt, pt, pt/s, pt/s) at the given times (s, non-decreasing, ≥ 0),
    /// integrated from t = 0 with `integrator` (default `rk8pd`, tolerances 1e-12).
    public func states(
        at times: [Double], using integrator: ODEIntegrator = ODEIntegrator(method: .rk8pd)
    ) throws(ReferenceError) -> [[Double]] {
        try integrator.solve(problem, initialState: initialState, from: 0, sampleTimes: times).states
    }

    /// Mechanical energy per unit mass ½(vx² + vy²) + ½k(r − L)² − g·y (pt²/s²) of a state
    /// [x, y, vx, vy]. Throws if the state does not have 4 finite components.
    public func energy(of state: [Double]) throws(ReferenceError) -> Double {
        guard state.count == 4 else { throw .dimensionMismatch(expected: 4, actual: state.count) }
        try ParameterValidation.finite(state, "state")
        let stretch = (state[0] * state[0] + state[1] * state[1]).squareRoot() - restLength
        return 0.5 * (state[2] * state[2] + state[3] * state[3]) + 0.5 * stiffness * stretch * stretch
            - gravity * state[1]
    }
}
