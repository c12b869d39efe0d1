import Foundation

/// A ``RunComparison`` as machine-readable JSON (`compare.json`): what was compared, the outcome
/// and whether it fails, the counts, every metric both runs measured with its move, the lost,
/// retired and new metrics with their values, and the throughput rounds, interval and verdict.
/// Keys are sorted and non-finite numbers written as "inf", "-inf" and "nan" (``ResultsCoding``).
public enum ComparisonJSON {
    /// The layout's version; a reader checks it before trusting the keys.
    public static let schemaVersion = 1

    /// The JSON document of `comparison`.
    public static func encode(_ comparison: RunComparison) throws -> Data {
        try ResultsCoding.encode(Document(comparison))
    }

    /// The document's top level.
    struct Document: Encodable {
        var schemaVersion = ComparisonJSON.schemaVersion
        var before: RunMetadata
        var after: RunMetadata
        /// "versions", "configurations" or "engines".
        var comparedAs: String
        var outcome: RunComparison.Outcome
        var fails: Bool
        var verdictLine: String
        var counts: [String: Int]
        var metrics: [Moved]
        var lost: [Measured]
        var retired: [Measured]
        var new: [Measured]
        var throughput: ThroughputComparison?

        init(_ comparison: RunComparison) {
            before = comparison.before
            after = comparison.after
            comparedAs = comparison.crossesEngines ? "engines" : (comparison.comparesConfigurations ? "configurations" : "versions")
            outcome = comparison.outcome
            fails = comparison.fails
            verdictLine = comparison.verdictLine
            counts = ["compared": comparison.entries.count, "regressed": comparison.regressions.count,
                      "improved": comparison.improvements.count, "changed": comparison.otherChanges.count,
                      "unchanged": comparison.unchanged.count, "lost": comparison.lost.count,
                      "retired": comparison.retired.count, "new": comparison.onlyAfter.count,
                      "onlyBefore": comparison.onlyBefore.count]
            metrics = comparison.entries.map(Moved.init)
            lost = comparison.lost.map { Measured($0) }
            retired = comparison.retired.map { Measured($0.measured, reason: $0.reason) }
            new = comparison.onlyAfter.map { Measured($0) }
            throughput = comparison.throughput
        }
    }

    /// A metric both runs measured. Across engines "regressed" means closer in the earlier run's
    /// engine and "improved" closer in the later one's.
    struct Moved: Encodable {
        var experiment: String
        var caseName: String
        var metric: String
        var unit: String
        var before: Double
        var after: Double
        var status: MetricDelta.Status
        var worsening: Double
        var band: Double
        var afterVerdict: Verdict

        init(_ entry: RunComparison.Entry) {
            (experiment, caseName, metric, unit) = (entry.experiment, entry.caseName, entry.name, entry.unit)
            (before, after, status) = (entry.delta.before, entry.delta.after, entry.delta.status)
            (worsening, band, afterVerdict) = (entry.delta.worsening, entry.delta.band, entry.afterVerdict)
        }
    }

    /// A metric one run measured: its value and verdict there, and a retired one's reason.
    struct Measured: Encodable {
        var experiment: String
        var caseName: String
        var metric: String
        var unit: String
        var value: Double
        var verdict: Verdict
        var reason: String?

        init(_ measured: RunComparison.Unpaired, reason: String? = nil) {
            (experiment, caseName, metric) = (measured.experiment, measured.metric.caseName, measured.metric.name)
            (unit, value, verdict, self.reason) = (measured.metric.unit, measured.metric.value, measured.metric.verdict, reason)
        }
    }
}
