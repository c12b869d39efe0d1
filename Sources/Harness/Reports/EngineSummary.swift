/// The side-by-side report's opening table: for each experiment and metric (over all its cases),
/// each engine's worst case by the metric's direction, the value the metric aims at, and which
/// engine is closer to it beyond the noise band. Worst, not typical: the case that decides
/// whether an engine meets the metric is the one to read first.
enum EngineSummary {
    /// One row: a metric of an experiment and each engine's worst case of it.
    struct Row {
        var experiment: String
        var name: String
        /// Each engine's worst case, `nil` where it did not measure the metric.
        var worst: [Metric?]
        /// The index of the closer engine (see ``EngineColumns/Row/best``).
        var best: Int?
    }

    /// Every experiment's metrics, in the order of ``EngineColumns/experiments(_:)``.
    static func rows(_ runs: [RunResults]) -> [Row] {
        EngineColumns.experiments(runs).flatMap { experiment -> [Row] in
            var names: [String] = []
            for row in experiment.rows where !names.contains(row.name) { names.append(row.name) }
            return names.map { name in
                let cases = experiment.rows.filter { $0.name == name }
                let worst = runs.indices.map { engine in
                    cases.compactMap { $0.metrics[engine] }.max { badness($0) < badness($1) }
                }
                return Row(experiment: experiment.id, name: name, worst: worst, best: closer(worst))
            }
        }
    }

    /// The index of the engine whose worst case is closer to its ideal beyond the widest noise
    /// band, `nil` on a tie or without a direction. Worst cases of different cases may aim at
    /// different values (two-sided limits centred on each case's reference), so they are
    /// compared by their distance from their own ideal when the directions differ.
    static func closer(_ worst: [Metric?]) -> Int? {
        let measured = worst.compactMap { $0 }
        guard let first = measured.first else { return nil }
        if measured.allSatisfy({ $0.preference == first.preference }) {
            return EngineColumns.judged(EngineColumns.Row(caseName: "", name: "", unit: "", metrics: worst)).best
        }
        let distances = worst.map { metric in
            metric.map { Metric(caseName: $0.caseName, name: $0.name, value: badness($0), unit: $0.unit, tolerance: .atMost(.infinity),
                                reason: $0.reason, noiseBand: $0.noiseBand, resolution: $0.resolution) }
        }
        return EngineColumns.judged(EngineColumns.Row(caseName: "", name: "", unit: "", metrics: distances)).best
    }

    /// How far `metric` is from its ideal, larger is worse; a value that is not a number is the
    /// worst, and a metric without a direction ranks by nothing (the first case is kept).
    static func badness(_ metric: Metric) -> Double {
        guard let badness = metric.preference.badness(of: metric.value) else { return -.infinity }
        return badness.isNaN ? .infinity : badness
    }

    /// The value `metric`'s direction aims at: 0 where lower is better (an error), the middle of
    /// a two-sided limit, "≥ bound" where higher is better.
    static func ideal(_ metric: Metric) -> String {
        let unit = metric.unit == "1" ? "" : " \(metric.unit)"
        switch metric.preference {
        case .lowerIsBetter: return "0\(unit)"
        case .closerTo(let center): return "\(NumberFormat.short(center))\(unit)"
        case .higherIsBetter: return "higher, ≥ \(NumberFormat.short(metric.tolerance.lower ?? 0))\(unit)"
        case .none: return "—"
        }
    }

    /// The reference column of a row: the ideal its engines' worst cases share, or each
    /// engine's where their cases aim at different values.
    static func reference(_ row: Row, engines: [String]) -> String {
        let ideals = row.worst.map { $0.map(ideal) }
        let distinct = Set(ideals.compactMap { $0 })
        if distinct.count <= 1 { return distinct.first ?? "—" }
        return zip(engines, ideals).compactMap { engine, ideal in ideal.map { "\(engine): \($0)" } }.joined(separator: "; ")
    }

    /// An engine's cell: its worst value and the case it came from.
    static func cell(_ metric: Metric?) -> String {
        guard let metric else { return "—" }
        return "\(MetricText.value(metric)) (\(metric.caseName))"
    }

    /// The table's column titles for `engines`.
    static func columns(_ engines: [String]) -> [String] {
        ["experiment", "metric"] + engines.map { "\($0): worst case" } + ["reference (ideal)", "closer"]
    }

    /// One line under the table: how the rows were made.
    static let explanation = "One row per metric of each experiment: each engine's worst case of it (by the metric's "
        + "direction), the value the metric aims at (0 for an error, the middle of a two-sided limit), and the engine "
        + "closer to it beyond the metric's noise band (— when they tie or the metric has no direction)."

    /// "closer in Dynamics: 40 of 77 metrics, in Chipmunk 7: 5; tied or without a direction: 32."
    static func tally(_ rows: [Row], engines: [String]) -> String {
        "Over \(rows.count) metrics: " + EngineColumns.closerLine(rows.map {
            EngineColumns.Row(caseName: "", name: $0.name, unit: "", metrics: $0.worst, best: $0.best)
        }, engines: engines)
    }

    /// The table as Markdown lines.
    static func markdown(_ runs: [RunResults]) -> [String] {
        let engines = runs.map(\.metadata.engine), rows = rows(runs)
        var lines = ["## Summary", "", MarkdownReport.escape(explanation), "", MarkdownReport.escape(tally(rows, engines: engines)), "",
                     MarkdownReport.row(columns(engines)),
                     MarkdownReport.row(Array(repeating: "---", count: engines.count + 4))]
        for row in rows {
            lines.append(MarkdownReport.row([row.experiment, row.name] + row.worst.map(cell)
                                            + [reference(row, engines: engines), row.best.map { engines[$0] } ?? "—"]))
        }
        return lines + [""]
    }

    /// The table as HTML, each value coloured by its verdict.
    static func html(_ runs: [RunResults]) -> String {
        let engines = runs.map(\.metadata.engine), rows = rows(runs)
        let body = rows.map { row in
            [HTMLReport.escape(row.experiment), HTMLReport.escape(row.name)]
                + row.worst.map { metric in metric.map { HTMLReport.verdictSpan($0.verdict, text: cell($0)) } ?? "—" }
                + [HTMLReport.escape(reference(row, engines: engines)),
                   row.best.map { "<b>\(HTMLReport.escape(engines[$0]))</b>" } ?? "—"]
        }
        return "<h2 id=\"summary\">Summary</h2>\n<p>\(HTMLReport.escape(explanation))</p>\n<p>\(HTMLReport.escape(tally(rows, engines: engines)))</p>\n"
            + HTMLReport.table(columns: columns(engines).map(HTMLReport.escape), rows: body)
    }
}
