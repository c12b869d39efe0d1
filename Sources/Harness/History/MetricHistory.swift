/// One point of a history: a commit the values were taken at, or a run's results.
public struct HistoryCommit: Codable, Equatable, Sendable {
    /// The full commit hash (a run's commit, with "+" when its tree had changes).
    public var hash: String
    /// The commit's date, ISO 8601 (a run's date for a run).
    public var date: String
    /// The commit's subject line, or the run's file for a run.
    public var subject: String

    /// The short form of ``hash`` (ten characters) for labels.
    public var shortHash: String { String(hash.prefix(10)) }

    /// Creates a commit entry.
    public init(hash: String, date: String, subject: String) {
        (self.hash, self.date, self.subject) = (hash, date, subject)
    }
}

/// One metric's value at each commit where it was recorded, and where it changed.
public struct MetricHistory: Codable, Equatable, Sendable {
    /// A value at a commit.
    public struct Point: Codable, Equatable, Sendable {
        /// The index of the commit in ``History/commits``.
        public var commit: Int
        /// The value, in the metric's unit.
        public var value: Double
    }

    /// The experiment's identifier.
    public var experiment: String
    /// The metric's case.
    public var caseName: String
    /// The metric's name.
    public var metric: String
    /// The metric's unit.
    public var unit: String
    /// Which way it gets better, as written in baselines ("lower", "higher", "closer to 2", "none").
    public var better: String
    /// The relative noise band it is compared with (0: bit-exact).
    public var noiseBand: Double
    /// The distance from ideal below which values are rounding.
    public var resolution: Double
    /// Its values in commit order.
    public var points: [Point]
    /// Its step changes (see ``StepChange``).
    public var steps: [StepChange]

    /// "experiment / case / metric", the key a metric is followed by across commits.
    public var key: String { "\(experiment) / \(caseName) / \(metric)" }
}

/// A change of a metric between two consecutive points beyond what its comparison treats as
/// noise: more than its relative noise band of the larger magnitude, more than its resolution,
/// and more than a millionth of the larger magnitude. The Golden values are deterministic
/// (bit-exact reruns), so any such change was made by the commit that recorded it; below a
/// millionth it is the last digits of a reordered sum (a bounce apex moving 1e-13 pt), which a
/// reader of the history need not be shown as a step.
public struct StepChange: Codable, Equatable, Sendable {
    /// The index of the commit that made the change.
    public var commit: Int
    /// The value before and after it.
    public var before: Double, after: Double
    /// "better", "worse" or "changed" (a metric with no preferred direction).
    public var direction: String

    /// The step between `before` and `after` of a metric compared within `noiseBand` and
    /// `resolution` that prefers `better`, made by commit `commit`; nil when it is noise.
    public static func between(_ before: Double, _ after: Double, commit: Int, noiseBand: Double, resolution: Double,
                               better: String) -> StepChange? {
        if before.isNaN && after.isNaN { return nil }
        let band = max(resolution, max(noiseBand, relativeFloor) * max(abs(before), abs(after)))
        guard before.isNaN || after.isNaN || before.isInfinite != after.isInfinite || abs(after - before) > band else { return nil }
        guard before != after else { return nil }
        let direction: String
        switch (badness(before, better: better), badness(after, better: better)) {
        case let (was?, now?) where now < was: direction = "better"
        case let (was?, now?) where now > was: direction = "worse"
        default: direction = "changed"
        }
        return StepChange(commit: commit, before: before, after: after, direction: direction)
    }

    /// The smallest relative change that counts as a step, whatever the metric's noise band.
    public static let relativeFloor = 1e-6

    /// How bad `value` is for a metric that prefers `better` (larger is worse); nil for none.
    static func badness(_ value: Double, better: String) -> Double? {
        guard value.isFinite else { return value.isNaN ? nil : .infinity }
        switch better {
        case "lower": return value
        case "higher": return -value
        default:
            guard better.hasPrefix("closer to "), let center = Double(better.dropFirst("closer to ".count)) else { return nil }
            return abs(value - center)
        }
    }
}
