/// Renders run results as one self-contained HTML page (no scripts, no external assets) with
/// inline SVG plots. A pure function of the results; all text is escaped.
public enum HTMLReport {
    /// The HTML text of `results`.
    public static func render(_ results: RunResults) -> String {
        let metrics = results.experiments.flatMap(\.metrics)
        var html = pageHead(title: "Dynamics harness report")
        html += "<ul>" + MarkdownReport.metadataLines(results.metadata).map { line in
            "<li>\(escape(String(line.dropFirst(2))))</li>"
        }.joined() + "</ul>\n"
        html += "<p>Overall verdict: \(verdictSpan(results.verdict)) (\(escape(MetricText.counts(metrics))))</p>\n"
        if let baseline = results.baseline {
            html += "<p>Compared with the golden baselines in <code>\(escape(baseline.source))</code>.</p>\n"
            html += ConsoleSummary.coverageLines(baseline).dropFirst().map { "<p>\(escape($0))</p>\n" }.joined()
        }
        html += "<h2>Summary</h2>\n"
        html += table(columns: ["experiment", "verdict", "pass", "missed target", "regressed", "fail", "worst metric"],
                      rows: results.experiments.map { experiment in
                          let count = { (verdict: Verdict) in String(experiment.metrics.filter { $0.verdict == verdict }.count) }
                          let worst = MetricText.worst(experiment.metrics)
                              .map { "\($0.caseName) / \($0.name): \(MetricText.value($0))" } ?? "—"
                          return ["<a href=\"#\(escape(experiment.id))\">\(escape(experiment.id))</a>", verdictSpan(experiment.verdict),
                                  count(.pass), count(.missedTarget), count(.regressed), count(.fail), escape(worst)]
                      })
        let notPassing = results.metrics(where: { $0.verdict != .pass }).sorted { $0.metric.verdict > $1.metric.verdict }
        if !notPassing.isEmpty {
            html += "<h3>Metrics that did not pass</h3>\n"
            html += metricTable(notPassing)
        }
        let improved = results.metrics(where: { $0.change?.status == .improved })
        if !improved.isEmpty {
            html += "<h3>Improved on the golden baseline</h3>\n<p>Record them with <code>harness golden update</code>.</p>\n"
            html += metricTable(improved)
        }
        for experiment in results.experiments {
            html += "<h2 id=\"\(escape(experiment.id))\">\(escape(experiment.title)) (<code>\(escape(experiment.id))</code>)</h2>\n"
            html += "<p>\(escape(experiment.summary))</p>\n<p>Verdict: \(verdictSpan(experiment.verdict))</p>\n"
            html += table(columns: ["parameter", "value"], rows: experiment.parameters.keys.sorted().map { key in
                [escape(key), escape(experiment.parameters[key] ?? "")]
            })
            for reportTable in experiment.tables {
                html += "<h3>\(escape(reportTable.title))</h3>\n"
                html += table(columns: reportTable.columns.map(escape), rows: reportTable.rows.map { $0.map(escape) })
            }
            if let expectations = experiment.expectations {
                html += "<p>Expectations applied: the limits for an engine integrating by \(escape(expectations)).</p>\n"
            }
            for note in experiment.notes { html += "<p>\(escape(note))</p>\n" }
            if !experiment.unsupportedCases.isEmpty {
                html += "<h3>Not supported by this engine</h3>\n<ul>"
                    + experiment.unsupportedCases.map { "<li>\(escape($0.caseName)): \(escape($0.feature))</li>" }.joined() + "</ul>\n"
            }
            html += "<div>" + ExperimentPlots.render(experiment) + "</div>\n"
            html += "<h3>Limits and their reasons</h3>\n<ul>"
                + MarkdownReport.limitReasons(experiment.metrics).map { "<li>\(escape($0))</li>" }.joined()
                + "</ul>\n"
            html += "<details><summary>All \(experiment.metrics.count) metrics (\(escape(MetricText.counts(experiment.metrics))))</summary>\n"
                + metricTable(experiment.metrics.map { (experiment.id, $0) }) + "</details>\n"
        }
        html += "</body></html>\n"
        return html
    }

    /// The start of a page: doctype, Content-Security-Policy, the shared style sheet, and `title`
    /// (escaped) as title and first heading.
    static func pageHead(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <title>\(escape(title))</title>
        <style>
        body{font-family:system-ui,sans-serif;margin:2em;max-width:80em;color:#222}
        table{border-collapse:collapse;margin:1em 0;font-size:0.9em}
        th,td{border:1px solid #ccc;padding:0.25em 0.6em;text-align:left;vertical-align:top}
        th{background:#f3f3f3}
        .pass{color:#16660f}.fail,.regressed{color:#b00020;font-weight:bold}.missed{color:#a65f00}.improved{color:#16660f}
        svg{background:#fafafa;border:1px solid #ddd;margin:0.5em 1em 0.5em 0}
        details{margin:0.5em 0}summary{cursor:pointer}
        </style></head><body>
        <h1>\(escape(title))</h1>

        """
    }

    /// No script, no plug-in, no outside resource: styles and images inline only.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// One row per metric: case, metric, value, limits, baseline and verdict (reasons are listed
    /// once per experiment above the table).
    static func metricTable(_ metrics: [(experiment: String, metric: Metric)]) -> String {
        table(columns: ["experiment", "case", "metric", "value", "limits", "baseline", "verdict"],
              rows: metrics.map { experiment, metric in
                  [escape(experiment), escape(metric.caseName), escape(metric.name), escape(MetricText.value(metric)),
                   escape(MetricText.limits(metric)), changeSpan(metric), verdictSpan(metric.verdict, text: metric.verdictText)]
              })
    }

    static func changeSpan(_ metric: Metric) -> String {
        guard let text = MetricText.change(metric), let change = metric.change else { return "—" }
        let style = switch change.status {
        case .improved: "improved"
        case .regressed: "regressed"
        case .unchanged, .changed: ""
        }
        return style.isEmpty ? escape(text) : "<span class=\"\(style)\">\(escape(text))</span>"
    }

    static func table(columns: [String], rows: [[String]]) -> String {
        var html = "<table><tr>" + columns.map { "<th>\($0)</th>" }.joined() + "</tr>\n"
        for row in rows { html += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
        return html + "</table>\n"
    }

    static func verdictSpan(_ verdict: Verdict, text: String? = nil) -> String {
        let style = switch verdict {
        case .pass: "pass"
        case .missedTarget: "missed"
        case .regressed: "regressed"
        case .fail: "fail"
        }
        return "<span class=\"\(style)\">\(escape(text ?? verdict.rawValue))</span>"
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` for HTML text and attribute values.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
