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
    /// How far the value may move from its golden baseline, relative to the baseline's distance
    /// from ideal (see ``MetricDelta``), before the move counts: 0 for a value that is
    /// deterministic to the bit (every simulated metric), more for one measured with noise.
    public var noiseBand: Double
    /// The smallest distance from ideal that means something (in the metric's unit): a move
    /// between two values both within it of ideal is rounding, not a change. 0 where no rounding
    /// floor is known; an exact scheme's errors set it at their rounding bound.
    public var resolution: Double
    /// How the value moved from its golden baseline; `nil` when it was not compared with one.
    public var change: MetricDelta?
    /// The outcome, derived from `value`, the limits and ``change``.
    public private(set) var verdict: Verdict

    /// Creates a metric and judges it against its limits.
    public init(caseName: String, name: String, value: Double, unit: String, tolerance: Limit,
                target: Limit? = nil, reason: String, noiseBand: Double = 0, resolution: Double = 0) {
        self.caseName = caseName
        self.name = name
        self.value = value
        self.unit = unit
        self.tolerance = tolerance
        self.target = target
        self.reason = reason
        self.noiseBand = noiseBand
        self.resolution = resolution
        self.change = nil
        self.verdict = .pass
        verdict = judged()
    }

    /// Which way the metric gets better, from its tolerance.
    public var preference: MetricPreference { MetricPreference(tolerance: tolerance) }

    /// "below target" where higher is better, else "missed target" (a lower-is-better metric that
    /// misses its target is above it); other verdicts as they are.
    public var verdictText: String {
        verdict == .missedTarget && preference == .higherIsBetter ? "below target" : verdict.rawValue
    }

    /// Records how the value moved from `baselineValue` and judges the metric again: worse than
    /// the baseline beyond ``noiseBand`` makes a metric that passed its limits ``Verdict/regressed``.
    public mutating func compare(withBaseline baselineValue: Double) {
        change = MetricDelta(before: baselineValue, after: value, preference: preference, band: noiseBand,
                             resolution: resolution)
        verdict = judged()
    }

    private func judged() -> Verdict {
        if !tolerance.admits(value) { return .fail }
        if change?.status == .regressed { return .regressed }
        if let target, !target.admits(value) { return .missedTarget }
        return .pass
    }

    private enum CodingKeys: String, CodingKey {
        case caseName, name, value, unit, tolerance, target, reason, noiseBand, resolution, change, verdict
    }

    /// Decodes a metric; files written before baselines existed lack `noiseBand` and `resolution`
    /// (then 0) and `change`. The verdict is judged anew from the decoded values, never trusted from the file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        caseName = try container.decode(String.self, forKey: .caseName)
        name = try container.decode(String.self, forKey: .name)
        value = try container.decode(Double.self, forKey: .value)
        unit = try container.decode(String.self, forKey: .unit)
        tolerance = try container.decode(Limit.self, forKey: .tolerance)
        target = try container.decodeIfPresent(Limit.self, forKey: .target)
        reason = try container.decode(String.self, forKey: .reason)
        noiseBand = try container.decodeIfPresent(Double.self, forKey: .noiseBand) ?? 0
        resolution = try container.decodeIfPresent(Double.self, forKey: .resolution) ?? 0
        change = try container.decodeIfPresent(MetricDelta.self, forKey: .change)
        verdict = .pass
        verdict = judged()
    }

    /// Encodes every stored property, the verdict included (for readers of `results.json`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(caseName, forKey: .caseName)
        try container.encode(name, forKey: .name)
        try container.encode(value, forKey: .value)
        try container.encode(unit, forKey: .unit)
        try container.encode(tolerance, forKey: .tolerance)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encode(reason, forKey: .reason)
        try container.encode(noiseBand, forKey: .noiseBand)
        try container.encode(resolution, forKey: .resolution)
        try container.encodeIfPresent(change, forKey: .change)
        try container.encode(verdict, forKey: .verdict)
    }
}
