/// The plain-text summary table `harness run` prints: one row per metric, aligned columns.
public enum ConsoleSummary {
    /// The table text for `results`, ending with a one-line verdict count.
    public static func render(_ results: RunResults) -> String {
        var rows = [["experiment", "case", "metric", "value", "tolerance", "verdict"]]
        for experiment in results.experiments {
            for metric in experiment.metrics {
                rows.append([experiment.id, metric.caseName, metric.name, MarkdownReport.valueText(metric),
                             metric.tolerance.description, metric.verdict.rawValue])
            }
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = rows.map { cells in
            zip(cells, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }.joined(separator: "  ")
        }
        lines.insert(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "), at: 1)
        lines.append("")
        lines.append("verdict: \(results.verdict.rawValue) (\(MarkdownReport.verdictCounts(results)))")
        return lines.joined(separator: "\n")
    }
}
