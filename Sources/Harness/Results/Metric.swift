/// One measured number of an experiment, with the limits that judge it and why.
public struct Metric: Codable, Equatable, Sendable {
    /// The case of the experiment it belongs to (e.g. "gravity, resistance 0.5, small item").
    public var caseName: String
    /// What is measured (e.g. "max position error").
    public var name: String
    /// The measured value.
    public var value: Double
    /// Unit of `value` (e.g. "pt", "pt/s", "1" for ratios).
    public var unit: String
    /// Hard limit: missing it fails the run.
    public var tolerance: Limit
    /// Stricter limit where the engine should be; missing it is reported, not failed.
    public var target: Limit?
    /// One line on why the limits are what they are.
    public var reason: String
    /// The outcome, derived from `value` and the limits.
    public var verdict: Verdict

    /// Creates a metric and judges it.
    public init(caseName: String, name: String, value: Double, unit: String, tolerance: Limit,
                target: Limit? = nil, reason: String) {
        self.caseName = caseName
        self.name = name
        self.value = value
        self.unit = unit
        self.tolerance = tolerance
        self.target = target
        self.reason = reason
        if !tolerance.admits(value) {
            verdict = .fail
        } else if let target, !target.admits(value) {
            verdict = .belowTarget
        } else {
            verdict = .pass
        }
    }
}
