/// Two runs' metrics side by side (two commits of one engine, or two engines): every metric both
/// measured, judged as a move from before to after with the after run's preference and the wider
/// of the two runs' noise bands and resolutions, and the metrics only one of them measured.
public struct RunComparison: Equatable, Sendable {
    /// One metric both runs measured.
    public struct Entry: Equatable, Sendable {
        /// The experiment's identifier.
        public var experiment: String
        /// The metric's case.
        public var caseName: String
        /// The metric's name.
        public var name: String
        /// The metric's unit (the after run's).
        public var unit: String
        /// How it moved.
        public var delta: MetricDelta
        /// The after run's verdict on the metric against its limits.
        public var afterVerdict: Verdict

        /// "experiment / case / metric".
        public var key: String { "\(experiment) / \(caseName) / \(name)" }
    }

    /// The earlier run's metadata.
    public var before: RunMetadata
    /// The later run's metadata.
    public var after: RunMetadata
    /// Every metric both measured, in the after run's order.
    public var entries: [Entry]
    /// Metrics only the earlier run measured, as "experiment / case / metric".
    public var onlyBefore: [String]
    /// Metrics only the later run measured, as "experiment / case / metric".
    public var onlyAfter: [String]

    /// Compares `before` with `after`.
    public init(before: RunResults, after: RunResults) {
        self.before = before.metadata
        self.after = after.metadata
        var earlier: [String: Metric] = [:]
        for (experiment, metric) in before.metrics(where: { _ in true }) {
            earlier["\(experiment) / \(metric.caseName) / \(metric.name)"] = metric
        }
        var entries: [Entry] = []
        var onlyAfter: [String] = []
        var seen = Set<String>()
        for (experiment, metric) in after.metrics(where: { _ in true }) {
            let key = "\(experiment) / \(metric.caseName) / \(metric.name)"
            seen.insert(key)
            guard let old = earlier[key] else {
                onlyAfter.append(key)
                continue
            }
            let delta = MetricDelta(before: old.value, after: metric.value, preference: metric.preference,
                                    band: max(metric.noiseBand, old.noiseBand), resolution: max(metric.resolution, old.resolution))
            entries.append(Entry(experiment: experiment, caseName: metric.caseName, name: metric.name, unit: metric.unit,
                                 delta: delta, afterVerdict: metric.verdict))
        }
        self.entries = entries
        self.onlyAfter = onlyAfter
        self.onlyBefore = before.metrics(where: { _ in true })
            .map { "\($0.experiment) / \($0.metric.caseName) / \($0.metric.name)" }.filter { !seen.contains($0) }
    }

    /// The metrics that got worse beyond their band, the largest relative worsening first.
    public var regressions: [Entry] { sorted(.regressed) }
    /// The metrics that got better beyond their band, the largest relative improvement first.
    public var improvements: [Entry] { sorted(.improved) }
    /// The metrics without a better direction that moved beyond their band.
    public var otherChanges: [Entry] { sorted(.changed) }

    /// Whether any metric regressed. Across two engines nothing regresses: the moves say which
    /// engine is closer to the reference (``crossesEngines``).
    public var hasRegressions: Bool { !crossesEngines && entries.contains { $0.delta.status == .regressed } }

    /// Whether the two runs are of different engines.
    public var crossesEngines: Bool { before.engine != after.engine }

    /// One line: "worse: 2 of 198 metrics regressed (largest: …), 5 improved, 191 unchanged".
    public var verdictLine: String {
        if crossesEngines {
            let tied = entries.count - regressions.count - improvements.count - otherChanges.count
            return "\(before.engine) is closer to the reference on \(regressions.count) of \(entries.count) metrics, "
                + "\(after.engine) on \(improvements.count); \(tied) tied within their noise bands, "
                + "\(otherChanges.count) without a better direction"
                + (onlyBefore.isEmpty && onlyAfter.isEmpty ? "" : "; \(onlyBefore.count) only in \(before.engine), \(onlyAfter.count) only in \(after.engine)")
        }
        let unchanged = entries.filter { $0.delta.status == .unchanged }.count
        let counts = "\(improvements.count) improved, \(otherChanges.count) changed without a direction, \(unchanged) unchanged"
        let coverage = onlyBefore.isEmpty && onlyAfter.isEmpty ? ""
            : "; \(onlyBefore.count) only before, \(onlyAfter.count) only after"
        guard let largest = regressions.first else {
            return (improvements.isEmpty ? "no change" : "better") + ": no metric regressed; \(counts)\(coverage)"
        }
        return "worse: \(regressions.count) of \(entries.count) metrics regressed (largest: \(largest.key), "
            + "\(MetricText.movement(largest.delta))); \(counts)\(coverage)"
    }

    private func sorted(_ status: MetricDelta.Status) -> [Entry] {
        entries.filter { $0.delta.status == status }.sorted { abs($0.delta.worsening) > abs($1.delta.worsening) }
    }
}
