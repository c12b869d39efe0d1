/// What `harness run` prints, in lines of at most 100 columns: one line per experiment (verdict,
/// counts, worst metric), then only the metrics that did not pass (wrapped), those that improved
/// on their baseline, and a closing verdict; `verbose` lists every metric.
public enum ConsoleSummary {
    /// The widest line printed.
    public static let width = 100

    /// The summary text for `results`.
    public static func render(_ results: RunResults, verbose: Bool = false) -> String {
        var lines: [String] = []
        let idWidth = max(10, results.experiments.map(\.id.count).max() ?? 0)
        lines.append(pad("experiment", idWidth) + "  " + pad("verdict", 13) + "  pass  miss  regr  fail  worst metric")
        for experiment in results.experiments {
            let metrics = experiment.metrics
            let count = { (verdict: Verdict) in pad(String(metrics.filter { $0.verdict == verdict }.count), 4, right: true) }
            let worst = MetricText.worst(metrics).map { "\($0.name): \(MetricText.value($0))" } ?? "—"
            lines.append(pad(experiment.id, idWidth) + "  " + pad(experiment.verdict.rawValue, 13) + "  "
                         + [Verdict.pass, .missedTarget, .regressed, .fail].map(count).joined(separator: "  ") + "  " + worst)
        }
        let shown = results.metrics(where: { verbose || $0.verdict != .pass })
        if !shown.isEmpty {
            lines.append("")
            lines.append(verbose ? "every metric:" : "metrics that did not pass:")
            for (experiment, metric) in shown { lines += metricLines(experiment, metric) }
        }
        let unsupported = results.experiments.flatMap { experiment in experiment.unsupportedCases.map { (experiment.id, $0) } }
        if !unsupported.isEmpty {
            lines.append("")
            lines.append("not supported by \(results.metadata.engine) (\(unsupported.count) cases):")
            for (experiment, entry) in unsupported { lines += wrap("  \(experiment) / \(entry.caseName): ", entry.feature, indent: "      ") }
        }
        let improved = results.metrics(where: { $0.change?.status == .improved })
        if !improved.isEmpty {
            lines.append("")
            lines.append("improved on the golden baseline (\(improved.count)); to record: harness golden update")
            for (experiment, metric) in improved.prefix(verbose ? improved.count : 10) {
                lines.append("  \(experiment) / \(metric.caseName) / \(metric.name): \(MetricText.value(metric)), "
                             + (MetricText.change(metric) ?? ""))
            }
            if !verbose && improved.count > 10 { lines.append("  … \(improved.count - 10) more (--verbose)") }
        }
        if let baseline = results.baseline {
            lines += coverageLines(baseline)
        }
        lines.append("")
        lines.append("verdict: \(results.verdict.rawValue) (\(MetricText.counts(results.experiments.flatMap(\.metrics))))")
        return lines.map(fit).joined(separator: "\n")
    }

    static func metricLines(_ experiment: String, _ metric: Metric) -> [String] {
        var detail = "\(MetricText.value(metric)); \(MetricText.limits(metric))"
        if let change = MetricText.change(metric) { detail += "; \(change)" }
        let indent = String(repeating: " ", count: 17)
        return wrap("  " + pad(metric.verdictText, 13) + "  ", "\(experiment) / \(metric.caseName) / \(metric.name)", indent: indent)
            + wrap(indent, detail, indent: indent)
    }

    /// `prefix` then `text` broken at spaces into lines of at most ``width`` columns, each further
    /// line starting with `indent`.
    static func wrap(_ prefix: String, _ text: String, indent: String) -> [String] {
        var lines: [String] = []
        var current = prefix
        for word in text.split(separator: " ") {
            if current.count + 1 + word.count > width, current.count > indent.count {
                lines.append(current)
                current = indent + word
            } else {
                current += (current == prefix ? "" : " ") + word
            }
        }
        return lines + [current]
    }

    static func coverageLines(_ baseline: BaselineSummary) -> [String] {
        var lines: [String] = []
        if !baseline.experimentsWithoutBaseline.isEmpty {
            lines.append("no golden baseline in \(baseline.source) for: \(baseline.experimentsWithoutBaseline.joined(separator: ", "))")
        }
        if !baseline.metricsWithoutBaseline.isEmpty {
            lines.append("\(baseline.metricsWithoutBaseline.count) metrics have no baseline yet (harness golden update)")
        }
        if !baseline.metricsNoLongerMeasured.isEmpty {
            lines.append("\(baseline.metricsNoLongerMeasured.count) baseline metrics are no longer measured (harness golden update)")
        }
        return lines.isEmpty ? [] : [""] + lines
    }

    static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }

    /// `line` cut to ``width`` columns, ending in "…" where it was cut.
    static func fit(_ line: String) -> String {
        line.count <= width ? line : String(line.prefix(width - 1)) + "…"
    }
}
