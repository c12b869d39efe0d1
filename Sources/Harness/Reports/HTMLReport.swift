/// Renders run results as one self-contained HTML page (no scripts, no external assets) with
/// inline SVG plots. A pure function of the results; all text is escaped.
public enum HTMLReport {
    /// The HTML text of `results`.
    public static func render(_ results: RunResults) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Dynamics harness report</title>
            <style>
            body{font-family:system-ui,sans-serif;margin:2em;max-width:80em;color:#222}
            table{border-collapse:collapse;margin:1em 0;font-size:0.9em}
            th,td{border:1px solid #ccc;padding:0.25em 0.6em;text-align:left}
            th{background:#f3f3f3}
            .pass{color:#16660f}.fail{color:#b00020;font-weight:bold}.below{color:#a65f00}
            svg{background:#fafafa;border:1px solid #ddd;margin:0.5em 1em 0.5em 0}
            </style></head><body>
            <h1>Dynamics harness report</h1>

            """
        html += "<ul>" + MarkdownReport.metadataLines(results.metadata).map { line in
            "<li>\(escape(String(line.dropFirst(2))))</li>"
        }.joined() + "</ul>\n"
        html += "<p>Overall verdict: \(verdictSpan(results.verdict)) (\(escape(MarkdownReport.verdictCounts(results))))</p>\n"
        html += "<h2>Summary</h2>\n"
        html += table(columns: ["experiment", "verdict", "pass", "below target", "fail"],
                      rows: results.experiments.map { experiment in
                          let count = { (verdict: Verdict) in String(experiment.metrics.filter { $0.verdict == verdict }.count) }
                          return ["<a href=\"#\(escape(experiment.id))\">\(escape(experiment.id))</a>", verdictSpan(experiment.verdict),
                                  count(.pass), count(.belowTarget), count(.fail)]
                      })
        let notPassing = results.experiments.flatMap { experiment in
            experiment.metrics.filter { $0.verdict != .pass }.map { (experiment.id, $0) }
        }
        if !notPassing.isEmpty {
            html += "<h3>Metrics that did not pass</h3>\n"
            html += metricTable(notPassing)
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
            for note in experiment.notes { html += "<p>\(escape(note))</p>\n" }
            html += "<div>" + ExperimentPlots.render(experiment) + "</div>\n"
            html += "<h3>Metrics</h3>\n" + metricTable(experiment.metrics.map { (experiment.id, $0) })
        }
        html += "</body></html>\n"
        return html
    }

    /// One row per metric: case, metric, value, limits, verdict and reason.
    static func metricTable(_ metrics: [(experiment: String, metric: Metric)]) -> String {
        table(columns: ["experiment", "case", "metric", "value", "tolerance", "target", "verdict", "reason"],
              rows: metrics.map { experiment, metric in
                  [escape(experiment), escape(metric.caseName), escape(metric.name),
                   escape(MarkdownReport.valueText(metric)), escape(metric.tolerance.description),
                   escape(metric.target?.description ?? "—"), verdictSpan(metric.verdict), escape(metric.reason)]
              })
    }

    static func table(columns: [String], rows: [[String]]) -> String {
        var html = "<table><tr>" + columns.map { "<th>\($0)</th>" }.joined() + "</tr>\n"
        for row in rows { html += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
        return html + "</table>\n"
    }

    static func verdictSpan(_ verdict: Verdict) -> String {
        let style = switch verdict {
        case .pass: "pass"
        case .belowTarget: "below"
        case .fail: "fail"
        }
        return "<span class=\"\(style)\">\(escape(verdict.rawValue))</span>"
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
