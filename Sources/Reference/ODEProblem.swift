/// A first-order ODE system y' = f(t, y) of fixed dimension.
///
/// Time is in seconds; the state's components carry whatever units the caller chose, and the
/// derivative the same units per second.
public struct ODEProblem {
    /// The number of state components (must be ≥ 1).
    public let dimension: Int
    /// Fills `dydt` (units of y per second) from time `t` (s) and state `y`. May throw; the error
    /// surfaces as `ReferenceError.rightHandSideThrew`. Non-finite output surfaces as
    /// `ReferenceError.nonFiniteDerivative`.
    public let derivative: (
        _ t: Double, _ y: UnsafeBufferPointer<Double>, _ dydt: UnsafeMutableBufferPointer<Double>
    ) throws -> Void

    /// Creates a problem of `dimension` components with right-hand side `derivative`
    /// (time in s; `dydt` in units of y per second).
    public init(
        dimension: Int,
        derivative: @escaping (
            _ t: Double, _ y: UnsafeBufferPointer<Double>, _ dydt: UnsafeMutableBufferPointer<Double>
        ) throws -> Void
    ) {
        self.dimension = dimension
        self.derivative = derivative
    }
}
