/// One quantity of an experiment's time-step sweep, as data for the convergence and
/// speed–accuracy plots: its error and its cost at each step.
///
/// The CPU times are measurements of this machine and run, not deterministic: they are kept
/// here, never in a ``Metric`` (metrics are compared bit-exactly against baselines).
public struct SweepSeries: Codable, Equatable, Sendable {
    /// The case it belongs to (e.g. "rectangle, e = 0.5").
    public var caseName: String
    /// What error is measured (e.g. "worst apex error").
    public var quantity: String
    /// Unit of `errors` (e.g. "pt", "s", "of period").
    public var unit: String
    /// What the step is, for the axis title (e.g. "sub-step h" or "sample period h").
    public var stepName: String
    /// The steps (s), one per sweep point.
    public var steps: [Double]
    /// The error at each step, in `unit`.
    public var errors: [Double]
    /// CPU time of the runs under test at each step divided by the simulated time they cover
    /// (s of CPU per s simulated).
    public var cpuSecondsPerSimulatedSecond: [Double]
    /// The convergence order the scheme should show, if any (nil where the scheme is exact and
    /// only rounding is expected).
    public var expectedOrder: Double?
    /// Errors at or below this (in `unit`) are rounding, not truncation: no order is fitted there.
    public var roundingFloor: Double

    /// Creates a sweep series; the three arrays have one entry per step.
    public init(caseName: String, quantity: String, unit: String, stepName: String = "sub-step h", steps: [Double],
                errors: [Double], cpuSecondsPerSimulatedSecond: [Double], expectedOrder: Double?, roundingFloor: Double) {
        self.caseName = caseName
        self.quantity = quantity
        self.unit = unit
        self.stepName = stepName
        self.steps = steps
        self.errors = errors
        self.cpuSecondsPerSimulatedSecond = cpuSecondsPerSimulatedSecond
        self.expectedOrder = expectedOrder
        self.roundingFloor = roundingFloor
    }
}
