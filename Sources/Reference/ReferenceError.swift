/// Every way the reference solutions can fail. Thrown (typed) instead of trapping or returning NaN.
///
/// Times are in seconds, like every time in this module.
public enum ReferenceError: Error, Equatable, Sendable {
    /// GSL returned a non-success status. `status` is the GSL code (e.g. `GSL_EMAXITER` = 11),
    /// `message` the text of `gsl_strerror(status)`, `time` (s) how far the integration had got.
    case gslFailure(status: Int32, message: String, time: Double)
    /// A sample time (s) lies before the integration's start time (s).
    case sampleTimeBeforeStart(sampleTime: Double, startTime: Double)
    /// Sample times must be non-decreasing; the one at `index` is smaller than its predecessor.
    case nonMonotonicSampleTimes(index: Int)
    /// The initial state's length does not match the problem's dimension.
    case dimensionMismatch(expected: Int, actual: Int)
    /// An input named `name` (a parameter, state component or time) is NaN or infinite.
    case nonFiniteInput(name: String)
    /// The ODE right-hand side threw at time `time` (s); `message` describes the thrown error.
    case rightHandSideThrew(time: Double, message: String)
    /// The ODE Jacobian threw at time `time` (s); `message` describes the thrown error.
    case jacobianThrew(time: Double, message: String)
    /// The right-hand side (or the Jacobian) produced a NaN or infinity at time `time` (s).
    case nonFiniteDerivative(time: Double)
    /// The integrated state became NaN or infinite by time `time` (s).
    case nonFiniteState(time: Double)
    /// A closed-form or integrator parameter is outside its domain.
    /// `value` is the offending value in the parameter's own unit; `requirement` says what is allowed.
    case invalidParameter(name: String, value: Double, requirement: String)
}
