/// Two runs' metrics side by side: two versions of one engine (two commits, or two
/// configurations such as "Dynamics" and "Dynamics (rigid)", see ``EngineFamily``), or two
/// engines.
///
/// Between versions every metric both measured is judged as a move from before to after, with
/// the after run's preference and the wider of the two runs' noise bands (at least
/// ``roundingBand``) and resolutions; a
/// metric measured before and missing after is lost, a regression, unless ``RetiredMetrics``
/// lists it with a reason. Between engines each value is judged by its own run's expectation
/// (``ReferenceCloseness``, the rule the side-by-side report uses): the moves say which engine is
/// closer to the reference, and nothing regresses or is lost. Runs of different suites (quick
/// and full) are not compared (``ComparisonError``).
public struct RunComparison: Equatable, Sendable {
    /// The smallest relative move two versions are judged on, whatever a metric's own band: a
    /// move below a billionth of the value is the last digits of a reordered floating-point sum
    /// (the soft and rigid solvers' bounce impact times differ by 3e-13 s), which no engineer can
    /// act on and which would fail every pull request that touches the engine. Bit-exactness is
    /// watched by the determinism hashes and by `harness run`'s check against Golden, not here.
    public static let roundingBand = 1e-9

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

    /// A metric only one of the runs measured, with its value there.
    public struct Unpaired: Equatable, Sendable {
        /// The experiment's identifier.
        public var experiment: String
        /// The metric, as that run measured it.
        public var metric: Metric

        /// "experiment / case / metric".
        public var key: String { "\(experiment) / \(metric.caseName) / \(metric.name)" }
    }

    /// A metric measured before and missing after that the retired list names.
    public struct Retirement: Equatable, Sendable {
        /// The metric as the earlier run measured it.
        public var measured: Unpaired
        /// Why it was retired, from the list.
        public var reason: String
    }

    /// The earlier run's metadata.
    public var before: RunMetadata
    /// The later run's metadata.
    public var after: RunMetadata
    /// Every metric both measured, in the after run's order.
    public var entries: [Entry]
    /// Metrics only the earlier run measured, in its order.
    public var onlyBefore: [Unpaired]
    /// Metrics only the later run measured (new ones, between versions), in its order.
    public var onlyAfter: [Unpaired]
    /// Between versions, the metrics of ``onlyBefore`` that the retired list names.
    public var retired: [Retirement]
    /// Between versions, the metrics of ``onlyBefore`` that the retired list does not name: lost,
    /// each a regression. Empty across engines, where a metric one engine cannot measure is
    /// reported as only in the other.
    public var lost: [Unpaired]
    /// The throughput benchmark of the two versions, when it was timed.
    public var throughput: ThroughputComparison?

    /// Compares `before` with `after`; `retired` lists the metrics a change removed on purpose,
    /// `throughput` is the benchmark of the two, if timed.
    /// - Throws: ``ComparisonError/suitesDiffer(beforeQuick:afterQuick:)`` when one run is of the
    ///   quick suite and the other of the full suite.
    public init(before: RunResults, after: RunResults, retired list: RetiredMetrics = RetiredMetrics(),
                throughput: ThroughputComparison? = nil) throws(ComparisonError) {
        guard before.metadata.quick == after.metadata.quick else {
            throw .suitesDiffer(beforeQuick: before.metadata.quick, afterQuick: after.metadata.quick)
        }
        self.before = before.metadata
        self.after = after.metadata
        self.throughput = throughput
        let acrossEngines = !EngineFamily.same(before.metadata.engine, after.metadata.engine)
        let earlierMetrics = before.metrics(where: { _ in true }).map { Unpaired(experiment: $0.experiment, metric: $0.metric) }
        var earlier: [String: Metric] = [:]
        for measured in earlierMetrics { earlier[measured.key] = measured.metric }
        var entries: [Entry] = [], onlyAfter: [Unpaired] = [], seen = Set<String>()
        for (experiment, metric) in after.metrics(where: { _ in true }) {
            let measured = Unpaired(experiment: experiment, metric: metric)
            seen.insert(measured.key)
            guard let old = earlier[measured.key] else {
                onlyAfter.append(measured)
                continue
            }
            let delta = acrossEngines
                ? ReferenceCloseness.delta(from: old, to: metric)
                : MetricDelta(before: old.value, after: metric.value, preference: metric.preference,
                              band: max(metric.noiseBand, old.noiseBand, Self.roundingBand), resolution: max(metric.resolution, old.resolution))
            entries.append(Entry(experiment: experiment, caseName: metric.caseName, name: metric.name, unit: metric.unit,
                                 delta: delta, afterVerdict: metric.verdict))
        }
        self.entries = entries
        self.onlyAfter = onlyAfter
        onlyBefore = earlierMetrics.filter { !seen.contains($0.key) }
        retired = acrossEngines ? [] : onlyBefore.compactMap { measured in
            list.reason(for: measured.key).map { Retirement(measured: measured, reason: $0) }
        }
        lost = acrossEngines ? [] : onlyBefore.filter { list.reason(for: $0.key) == nil }
    }

    /// The metrics that got worse beyond their band, the largest relative worsening first (across
    /// engines: those closer in the earlier run's engine).
    public var regressions: [Entry] { sorted(.regressed) }
    /// The metrics that got better beyond their band, the largest relative improvement first
    /// (across engines: those closer in the later run's engine).
    public var improvements: [Entry] { sorted(.improved) }
    /// The metrics without a better direction (or, across engines, without one both engines
    /// share) that moved beyond their band.
    public var otherChanges: [Entry] { sorted(.changed) }
    /// The metrics that did not move beyond their band.
    public var unchanged: [Entry] { entries.filter { $0.delta.status == .unchanged } }

    /// Whether the two runs are of different engines (not two versions or configurations of one).
    public var crossesEngines: Bool { !EngineFamily.same(before.engine, after.engine) }

    /// Whether the two runs are configurations of one engine under different names.
    public var comparesConfigurations: Bool { !crossesEngines && before.engine != after.engine }

    /// Whether any metric regressed or was lost. Across two engines nothing regresses: the moves
    /// say which engine is closer to the reference (``crossesEngines``).
    public var hasRegressions: Bool { !crossesEngines && (!lost.isEmpty || entries.contains { $0.delta.status == .regressed }) }

    /// Whether the later version is slower beyond the rounds' noise.
    public var isSlower: Bool { !crossesEngines && throughput?.verdict == .slower }

    /// Whether the change fails: a metric regressed or was lost, or the throughput is slower.
    public var fails: Bool { hasRegressions || isSlower }

    /// The one-word outcome.
    public enum Outcome: String, Codable, Sendable {
        /// A metric regressed or was lost, or the throughput is slower.
        case worse
        /// Nothing got worse, and a metric improved or the throughput is faster.
        case better
        /// Nothing moved beyond its band.
        case noChange = "no change"
        /// Two engines: where each is closer, nothing judged.
        case acrossEngines = "across engines"
    }

    /// The outcome of the comparison.
    public var outcome: Outcome {
        if crossesEngines { return .acrossEngines }
        if fails { return .worse }
        return improvements.isEmpty && throughput?.verdict != .faster ? .noChange : .better
    }

    /// One line: "worse: 2 of 198 metrics regressed (largest: …), 1 lost (…); 5 improved, …".
    public var verdictLine: String {
        let throughputText = throughput.map { "; \($0.summary)" } ?? ""
        if crossesEngines {
            let tied = entries.count - regressions.count - improvements.count - otherChanges.count
            return "\(before.engine) is closer to the reference on \(regressions.count) of \(entries.count) metrics, "
                + "\(after.engine) on \(improvements.count); \(tied) tied within their noise bands, "
                + "\(otherChanges.count) without a direction both engines share"
                + (onlyBefore.isEmpty && onlyAfter.isEmpty ? "" : "; \(onlyBefore.count) only in \(before.engine), \(onlyAfter.count) only in \(after.engine)")
                + throughputText
        }
        let counts = "\(improvements.count) improved, \(otherChanges.count) changed without a direction, \(unchanged.count) unchanged"
        let coverage = retired.isEmpty && onlyAfter.isEmpty ? "" : "; \(retired.count) retired, \(onlyAfter.count) new"
        let lostText = lost.isEmpty ? "" : ", \(lost.count) lost (measured before, missing after, not retired)"
        guard outcome == .worse else {
            return "\(outcome.rawValue): no metric regressed or was lost; \(counts)\(coverage)\(throughputText)"
        }
        let largest = regressions.first.map { " (largest: \($0.key), \(MetricText.movement($0.delta)))" } ?? ""
        return "worse: \(regressions.count) of \(entries.count) metrics regressed\(largest)\(lostText); \(counts)\(coverage)\(throughputText)"
    }

    private func sorted(_ status: MetricDelta.Status) -> [Entry] {
        entries.filter { $0.delta.status == status }.sorted { abs($0.delta.worsening) > abs($1.delta.worsening) }
    }
}
