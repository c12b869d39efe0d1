/// The Jacobian of an ODE right-hand side, needed by the implicit steppers.
///
/// The closure receives the time `t` (s), the state `y` (n values), and fills `dfdy`
/// (n×n, row-major: `dfdy[i*n + j] = ∂f_i/∂y_j`, units of f_i per unit of y_j) and
/// `dfdt` (n values, ∂f_i/∂t in units of f_i per second). It may throw; the error surfaces as
/// `ReferenceError.jacobianThrew`.
public struct ODEJacobian: Sendable {
    /// The Jacobian evaluation; see the type's documentation for the layout and units.
    public let evaluate: @Sendable (
        _ t: Double, _ y: UnsafeBufferPointer<Double>,
        _ dfdy: UnsafeMutableBufferPointer<Double>, _ dfdt: UnsafeMutableBufferPointer<Double>
    ) throws -> Void

    /// Wraps a Jacobian closure (arguments: time in s, state, row-major ∂f/∂y, ∂f/∂t).
    public init(
        _ evaluate: @escaping @Sendable (
            _ t: Double, _ y: UnsafeBufferPointer<Double>,
            _ dfdy: UnsafeMutableBufferPointer<Double>, _ dfdt: UnsafeMutableBufferPointer<Double>
        ) throws -> Void
    ) {
        self.evaluate = evaluate
    }
}

/// A GSL `odeiv2` stepping method. The implicit ones carry their Jacobian, so they cannot be
/// chosen without one (GSL crashes if `msbdf`/`bsimp` run without a Jacobian).
public enum ODEMethod: Sendable {
    /// Explicit embedded Runge–Kutta Prince–Dormand (8, 9): the default high-accuracy reference.
    case rk8pd
    /// Explicit embedded Runge–Kutta–Fehlberg (4, 5).
    case rkf45
    /// Implicit multistep backward differentiation formula (variable order 1–5), for stiff problems.
    case msbdf(jacobian: ODEJacobian)
    /// Implicit Bulirsch–Stoer (Bader–Deuflhard), for stiff problems.
    case bsimp(jacobian: ODEJacobian)

    /// The Jacobian the method needs, if any.
    var jacobian: ODEJacobian? {
        switch self {
        case .rk8pd, .rkf45: nil
        case .msbdf(let jacobian), .bsimp(let jacobian): jacobian
        }
    }
}
