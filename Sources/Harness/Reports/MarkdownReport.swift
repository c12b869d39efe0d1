/// Renders run results as Markdown for a pull-request comment: run metadata, a summary line per
/// experiment, the metrics that did not pass first, then per experiment its findings, its limits
/// with their reasons and the full metric table inside `<details>`. Always shorter than
/// ``characterLimit`` (full tables are cut first, with a note). A pure function of the results.
public enum MarkdownReport {
    /// The report's maximum length: below GitHub's 65,536-character comment limit with room to spare.
    public static let characterLimit = 60_000

    /// The Markdown text of `results`.
    public static func render(_ results: RunResults) -> String {
        let head = headLines(results).joined(separator: "\n")
        var sections = results.experiments.map { ExperimentSection(experiment: $0) }
        func total() -> Int { head.count + sections.reduce(0) { $0 + $1.text.count } + 2 }
        // Cut the largest full tables first: the non-passing metrics stay in the head's table.
        while total() > characterLimit, let index = sections.indices.filter({ !sections[$0].isCut })
            .max(by: { sections[$0].fullTable.count < sections[$1].fullTable.count }) {
            sections[index].isCut = true
        }
        var text = head + "\n" + sections.map(\.text).joined() + "\n"
        if text.count > characterLimit {
            let note = "\n\n*(report cut at \(characterLimit) characters; results.json has every value)*\n"
            text = String(text.prefix(characterLimit - 1 - note.count)) + note
        }
        return text
    }

    /// How many metrics the head's lists of non-passing and improved metrics show at most.
    static let listedRows = 100

    static func headLines(_ results: RunResults) -> [String] {
        let metrics = results.experiments.flatMap(\.metrics)
        var lines = ["# Dynamics harness report", ""]
        lines += metadataLines(results.metadata)
        lines += ["", "**Verdict: \(results.verdict.rawValue)** (\(MetricText.counts(metrics)))."]
        if let baseline = results.baseline {
            let compared = metrics.filter { $0.change != nil }.count
            let improved = metrics.filter { $0.change?.status == .improved }.count
            lines.append("Compared with the golden baselines in `\(escape(baseline.source))`: \(compared) metrics, "
                         + "\(improved) improved (record them with `harness golden update`).")
            lines += ConsoleSummary.coverageLines(baseline).dropFirst().map { "- " + escape($0) }
        }
        lines += ["", "## Summary", "",
                  row(["experiment", "verdict", "pass", "missed target", "regressed", "fail", "worst metric"]),
                  row(Array(repeating: "---", count: 7))]
        for experiment in results.experiments {
            let count = { (verdict: Verdict) in String(experiment.metrics.filter { $0.verdict == verdict }.count) }
            let worst = MetricText.worst(experiment.metrics).map { "\($0.caseName) / \($0.name): \(MetricText.value($0))" } ?? "—"
            lines.append(row([experiment.id, experiment.verdict.rawValue,
                              count(.pass), count(.missedTarget), count(.regressed), count(.fail), worst]))
        }
        let notPassing = results.metrics(where: { $0.verdict != .pass }).sorted { $0.metric.verdict > $1.metric.verdict }
        if !notPassing.isEmpty {
            lines += ["", "## Metrics that did not pass", "", metricHeader, row(Array(repeating: "---", count: 7))]
            lines += notPassing.prefix(listedRows).map { metricRow($0.experiment, $0.metric) }
            if notPassing.count > listedRows { lines.append("\n… and \(notPassing.count - listedRows) more in the sections below.") }
        }
        let improved = results.metrics(where: { $0.change?.status == .improved })
        if !improved.isEmpty {
            lines += ["", "## Improved on the golden baseline", "", metricHeader, row(Array(repeating: "---", count: 7))]
            lines += improved.prefix(listedRows).map { metricRow($0.experiment, $0.metric) }
            if improved.count > listedRows { lines.append("\n… and \(improved.count - listedRows) more in the sections below.") }
        }
        return lines
    }

    /// One experiment's part of the report, whose full metric table can be cut for length.
    struct ExperimentSection {
        var experiment: ExperimentResult
        var isCut = false

        var fullTable: String {
            ([metricHeader, row(Array(repeating: "---", count: 7))]
                + experiment.metrics.map { metricRow(experiment.id, $0) }).joined(separator: "\n")
        }

        var text: String {
            var lines = ["", "## \(escape(experiment.title)) (`\(experiment.id)`)", "", escape(experiment.summary), "",
                         "Verdict: **\(experiment.verdict.rawValue)** (\(MetricText.counts(experiment.metrics))).", ""]
            let parameters = experiment.parameters.keys.sorted().map { "\(escape($0)) \(escape(experiment.parameters[$0] ?? ""))" }
            if !parameters.isEmpty { lines += ["Parameters: " + parameters.joined(separator: "; ") + ".", ""] }
            for table in experiment.tables {
                lines += ["**\(escape(table.title))**", "", row(table.columns), row(Array(repeating: "---", count: table.columns.count))]
                lines += table.rows.map { row($0) } + [""]
            }
            if let expectations = experiment.expectations {
                lines += ["Expectations applied: the limits for an engine integrating by \(escape(expectations)).", ""]
            }
            lines += experiment.notes.map { "- \(escape($0))" }
            if !experiment.notes.isEmpty { lines.append("") }
            if !experiment.unsupportedCases.isEmpty {
                lines += ["Not supported by this engine (neither passed nor failed):", ""]
                lines += experiment.unsupportedCases.map { "- \(escape($0.caseName)): \(escape($0.feature))" } + [""]
            }
            lines += ["Limits and their reasons:", ""]
            lines += limitReasons(experiment.metrics).map { "- \(escape($0))" }
            lines += ["", "<details><summary>All \(experiment.metrics.count) metrics of \(escape(experiment.id))</summary>", ""]
            lines.append(isCut ? "*(cut to keep this report under \(characterLimit) characters; see results.json or report.html)*"
                               : fullTable)
            lines += ["", "</details>", ""]
            return lines.joined(separator: "\n")
        }
    }

    /// One plain-text line per distinct (metric name, limits, reason), naming how many metrics
    /// share it, so that a reason repeated over many cases is read once.
    static func limitReasons(_ metrics: [Metric]) -> [String] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for metric in metrics {
            let line = "\(metric.name) — \(MetricText.limits(metric)): \(metric.reason)"
            if counts[line] == nil { order.append(line) }
            counts[line, default: 0] += 1
        }
        return order.map { line in counts[line, default: 1] > 1 ? "\(line) (\(counts[line, default: 1]) cases)" : line }
    }

    static let metricHeader = row(["experiment", "case", "metric", "value", "limits", "baseline", "verdict"])

    static func metricRow(_ experiment: String, _ metric: Metric) -> String {
        row([experiment, metric.caseName, metric.name, MetricText.value(metric), MetricText.limits(metric),
             MetricText.change(metric) ?? "—", metric.verdictText])
    }

    static func metadataLines(_ metadata: RunMetadata) -> [String] {
        let dirty = metadata.gitDirty.map { $0 ? " (with uncommitted changes)" : " (clean)" } ?? ""
        var lines = [
            "- date: \(escape(metadata.date))",
            "- commit: \(escape(metadata.gitCommit ?? "unknown"))\(dirty)",
            "- engine: \(escape(metadata.engine))",
            "- suite: \(metadata.quick ? "quick" : "full")",
        ]
        if let machine = metadata.machine { lines.append("- machine: \(escape(machine))") }
        for key in metadata.engineSettings.keys.sorted() {
            lines.append("- \(escape(key)): \(escape(metadata.engineSettings[key] ?? ""))")
        }
        return lines
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
