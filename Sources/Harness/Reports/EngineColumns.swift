import Foundation

/// The same experiments run on several engines, side by side: a summary of each experiment's
/// metrics (``EngineSummary``), then per experiment one row per metric with each engine's value
/// and verdict (judged by that engine's own expectations), which engine is closer to the
/// reference where the metric has a better direction, the cases an engine could not express,
/// and (in HTML) every engine's error and convergence curves overlaid (``EngineOverlayPlots``).
/// Written by `harness run --engine all` as `report.md` and `report.html`.
public enum EngineColumns {
    /// The file names written.
    public static let fileNames = ["report.md", "report.html"]

    /// "A and B", or "A, B and C".
    static func listed(_ names: [String]) -> String {
        names.count <= 2 ? names.joined(separator: " and ") : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// The folder an engine's own results and reports go to: the first word of its name, lowercased
    /// ("Dynamics" → "dynamics", "Chipmunk 7" → "chipmunk", "Box2D v3" → "box2d").
    public static func folderName(of engine: String) -> String {
        let word = engine.split(separator: " ").first.map(String.init) ?? "engine"
        let slug = word.lowercased().filter { $0.isLetter || $0.isNumber }
        return slug.isEmpty ? "engine" : slug
    }

    /// `report.md` and `report.html` for `runs`: each name with its contents, in ``fileNames``' order.
    public static func files(_ runs: [RunResults]) -> [(name: String, data: Data)] {
        [("report.md", Data(markdown(runs).utf8)), ("report.html", Data(html(runs).utf8))]
    }

    /// Writes `report.md` and `report.html` for `runs` into `directory`, both or neither.
    public static func write(_ runs: [RunResults], to directory: URL) throws {
        var batch = OutputBatch()
        batch.createFolder(directory)
        for (name, data) in files(runs) { batch.add(data, to: directory.appendingPathComponent(name), what: name) }
        try batch.write()
    }

    /// One metric row: the metric's key and each engine's metric, `nil` where it did not measure it.
    struct Row {
        var caseName: String
        var name: String
        var unit: String
        var metrics: [Metric?]
        /// The index of the engine closest to the reference, `nil` when they tie within the noise
        /// band or the metric has no better direction the engines share, or fewer than two engines
        /// measured it.
        var best: Int?
    }

    /// Every experiment any run has, in the first run's order, with its rows.
    static func experiments(_ runs: [RunResults]) -> [(id: String, title: String, rows: [Row])] {
        var order: [String] = [], titles: [String: String] = [:]
        for run in runs {
            for experiment in run.experiments where titles[experiment.id] == nil {
                order.append(experiment.id)
                titles[experiment.id] = experiment.title
            }
        }
        return order.map { id in
            let results = runs.map { run in run.experiments.first { $0.id == id } }
            var keys: [String] = [], rows: [String: Row] = [:]
            for (engine, result) in results.enumerated() {
                for metric in result?.metrics ?? [] {
                    let key = "\(metric.caseName) / \(metric.name)"
                    if rows[key] == nil {
                        keys.append(key)
                        rows[key] = Row(caseName: metric.caseName, name: metric.name, unit: metric.unit,
                                        metrics: Array(repeating: nil, count: runs.count))
                    }
                    rows[key]?.metrics[engine] = metric
                }
            }
            return (id, titles[id] ?? id, keys.compactMap { rows[$0] }.map(judged))
        }
    }

    /// `row` with the engine closest to the reference: each engine's value judged by its own
    /// expectation, by ``ReferenceCloseness`` (the rule `harness compare` across engines uses).
    static func judged(_ row: Row) -> Row {
        var row = row
        let measured = row.metrics.enumerated().compactMap { index, metric in metric.map { (index, $0) } }
        guard var best = measured.first, measured.count >= 2 else { return row }
        var tied = false
        for candidate in measured.dropFirst() {
            switch ReferenceCloseness.delta(from: best.1, to: candidate.1).status {
            case .improved: best = candidate; tied = false
            case .regressed: break
            case .unchanged, .changed: tied = true
            }
        }
        row.best = tied ? nil : best.0
        return row
    }

    /// "closer in Dynamics: 42, closer in Chipmunk 7: 0; tied or without a direction: 32."
    static func closerLine(_ rows: [Row], engines: [String]) -> String {
        engines.indices.map { index in "closer in \(engines[index]): \(rows.filter { $0.best == index }.count)" }
            .joined(separator: ", ") + "; tied or without a direction: \(rows.filter { $0.best == nil }.count)."
    }

    static func cell(_ metric: Metric?) -> String {
        guard let metric else { return "—" }
        return "\(MetricText.value(metric)) (\(metric.verdictText))"
    }

    static func unsupported(_ runs: [RunResults], experiment id: String) -> [(engine: String, entry: UnsupportedCase)] {
        runs.flatMap { run in
            (run.experiments.first { $0.id == id }?.unsupportedCases ?? []).map { (run.metadata.engine, $0) }
        }
    }

    static func expectations(_ runs: [RunResults], experiment id: String) -> [String] {
        runs.compactMap { run in
            run.experiments.first { $0.id == id }?.expectations.map { "\(run.metadata.engine): limits for \($0)" }
        }
    }

    /// The Markdown text.
    public static func markdown(_ runs: [RunResults]) -> String {
        let engines = runs.map(\.metadata.engine)
        var lines = ["# Dynamics harness report: \(listed(engines)) side by side", ""]
        for run in runs {
            lines.append("- **\(MarkdownReport.escape(run.metadata.engine))**: \(MarkdownReport.escape(ComparisonReport.describe(run.metadata))); "
                         + "verdict \(run.verdict.rawValue) by its own expectations (\(MetricText.counts(run.experiments.flatMap(\.metrics)))); "
                         + "its own report in `\(folderName(of: run.metadata.engine))/`")
        }
        lines += ["", "Each engine is judged by its own stated expectations (its integration scheme); the value, not the verdict, "
                  + "is the point of the columns. \"Closer\" names the engine nearer the reference beyond the metric's noise band.", ""]
        lines += EngineSummary.markdown(runs)
        for experiment in experiments(runs) {
            lines += ["## \(MarkdownReport.escape(experiment.title)) (`\(experiment.id)`)", ""]
            lines.append(MarkdownReport.escape(closerLine(experiment.rows, engines: engines)))
            lines += expectations(runs, experiment: experiment.id).map { "- \(MarkdownReport.escape($0))" }
            for (engine, entry) in unsupported(runs, experiment: experiment.id) {
                lines.append("- not supported by \(MarkdownReport.escape(engine)): \(MarkdownReport.escape(entry.caseName)) "
                             + "(\(MarkdownReport.escape(entry.feature)))")
            }
            lines += ["", MarkdownReport.row(["case", "metric"] + engines + ["closer"]),
                      MarkdownReport.row(Array(repeating: "---", count: engines.count + 3))]
            for row in experiment.rows {
                lines.append(MarkdownReport.row([row.caseName, row.name] + row.metrics.map(cell)
                                                + [row.best.map { engines[$0] } ?? "—"]))
            }
            lines.append("")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The HTML page.
    public static func html(_ runs: [RunResults]) -> String {
        let engines = runs.map(\.metadata.engine)
        var html = HTMLReport.pageHead(title: "Dynamics harness: \(listed(engines)) side by side")
        html += "<ul>" + runs.map { run in
            "<li><b>\(HTMLReport.escape(run.metadata.engine))</b>: \(HTMLReport.escape(ComparisonReport.describe(run.metadata))); "
                + "verdict \(HTMLReport.verdictSpan(run.verdict)) by its own expectations; its own report in "
                + "<a href=\"\(folderName(of: run.metadata.engine))/report.html\">\(folderName(of: run.metadata.engine))/</a></li>"
        }.joined() + "</ul>\n"
        html += "<p>Each engine is judged by its own stated expectations; \"closer\" names the engine nearer the reference beyond the metric's noise band.</p>\n"
        html += EngineSummary.html(runs)
        for experiment in experiments(runs) {
            html += "<h2>\(HTMLReport.escape(experiment.title)) (<code>\(HTMLReport.escape(experiment.id))</code>)</h2>\n"
            html += "<p>\(HTMLReport.escape(closerLine(experiment.rows, engines: engines)))</p>\n"
            let notes = expectations(runs, experiment: experiment.id)
                + unsupported(runs, experiment: experiment.id).map { "not supported by \($0.engine): \($0.entry.caseName) (\($0.entry.feature))" }
            if !notes.isEmpty { html += "<ul>" + notes.map { "<li>\(HTMLReport.escape($0))</li>" }.joined() + "</ul>\n" }
            let rows = experiment.rows.map { row in
                [HTMLReport.escape(row.caseName), HTMLReport.escape(row.name)]
                    + row.metrics.map { metric in metric.map { HTMLReport.verdictSpan($0.verdict, text: cell($0)) } ?? "—" }
                    + [row.best.map { HTMLReport.escape(engines[$0]) } ?? "—"]
            }
            html += HTMLReport.table(columns: ["case", "metric"] + engines.map(HTMLReport.escape) + ["closer"], rows: rows)
            let plots = EngineOverlayPlots.render(runs, experiment: experiment.id)
            if !plots.isEmpty { html += "<div>" + plots + "</div>\n" }
        }
        return html + "</body></html>\n"
    }
}
