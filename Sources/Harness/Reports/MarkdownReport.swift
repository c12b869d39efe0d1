/// Renders run results as Markdown: a summary table of every metric, then a section per
/// experiment. A pure function of the results.
public enum MarkdownReport {
    /// The Markdown text of `results`.
    public static func render(_ results: RunResults) -> String {
        var lines: [String] = []
        lines.append("# Dynamics harness report")
        lines.append("")
        lines.append(contentsOf: metadataLines(results.metadata))
        lines.append("")
        lines.append("Overall verdict: **\(results.verdict.rawValue)** (\(verdictCounts(results)))")
        lines.append("")
        lines.append("## Summary")
        lines.append("")
        lines.append(row(["experiment", "case", "metric", "value", "tolerance", "target", "verdict"]))
        lines.append(row(Array(repeating: "---", count: 7)))
        for experiment in results.experiments {
            for metric in experiment.metrics {
                lines.append(row([experiment.id, metric.caseName, metric.name, valueText(metric),
                                  metric.tolerance.description, metric.target?.description ?? "—", metric.verdict.rawValue]))
            }
        }
        for experiment in results.experiments {
            lines.append("")
            lines.append("## \(escape(experiment.title)) (`\(experiment.id)`)")
            lines.append("")
            lines.append(escape(experiment.summary))
            lines.append("")
            lines.append("Verdict: **\(experiment.verdict.rawValue)**")
            lines.append("")
            lines.append("Parameters:")
            lines.append("")
            for key in experiment.parameters.keys.sorted() {
                lines.append("- \(escape(key)): \(escape(experiment.parameters[key] ?? ""))")
            }
            for table in experiment.tables {
                lines.append("")
                lines.append("**\(escape(table.title))**")
                lines.append("")
                lines.append(row(table.columns))
                lines.append(row(Array(repeating: "---", count: table.columns.count)))
                for cells in table.rows { lines.append(row(cells)) }
            }
            if !experiment.notes.isEmpty {
                lines.append("")
                for note in experiment.notes { lines.append("- \(escape(note))") }
            }
            lines.append("")
            lines.append("Limits and their reasons:")
            lines.append("")
            var seen = Set<String>()
            for metric in experiment.metrics where seen.insert(metric.name + metric.reason).inserted {
                lines.append("- \(escape(metric.name)) \(metric.tolerance.description): \(escape(metric.reason))")
            }
        }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    static func metadataLines(_ metadata: RunMetadata) -> [String] {
        var lines = [
            "- date: \(escape(metadata.date))",
            "- commit: \(escape(metadata.gitCommit ?? "unknown"))",
            "- engine: \(escape(metadata.engine))",
            "- suite: \(metadata.quick ? "quick" : "full")",
        ]
        for key in metadata.engineSettings.keys.sorted() {
            lines.append("- \(escape(key)): \(escape(metadata.engineSettings[key] ?? ""))")
        }
        return lines
    }

    static func verdictCounts(_ results: RunResults) -> String {
        let all = results.experiments.flatMap(\.metrics)
        let counts = [Verdict.pass, .belowTarget, .fail].map { verdict in
            "\(all.filter { $0.verdict == verdict }.count) \(verdict.rawValue)"
        }
        return counts.joined(separator: ", ")
    }

    static func valueText(_ metric: Metric) -> String {
        metric.unit == "1" ? NumberFormat.short(metric.value) : "\(NumberFormat.short(metric.value)) \(metric.unit)"
    }

    static func row(_ cells: [String]) -> String {
        "| " + cells.map(escape).joined(separator: " | ") + " |"
    }

    /// Escapes characters that Markdown would interpret in table cells and text.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "|", "\\", "*", "_", "`", "<", ">", "[", "]": escaped += "\\\(character)"
            case "\n": escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
