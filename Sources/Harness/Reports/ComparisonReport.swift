/// Renders a ``RunComparison`` as Markdown or as a self-contained HTML page: what was compared,
/// the one-line verdict, a summary of the counts, the throughput table with its verdict and
/// interval, the regressions and lost metrics, the improvements (each sorted by relative change),
/// the moves of metrics without a direction, the retired and new metrics with their values, and
/// the unchanged metrics summarized per experiment.
public enum ComparisonReport {
    /// The Markdown text.
    public static func markdown(_ comparison: RunComparison) -> String {
        var lines = ["# Comparison", ""] + headLines(comparison).map { "- " + MarkdownReport.escape($0) }
        lines += ["", "**\(MarkdownReport.escape(comparison.verdictLine))**", "", "## Summary", "",
                  MarkdownReport.row(["metrics", "count"]), MarkdownReport.row(["---", "---:"])]
        lines += summaryRows(comparison).map { MarkdownReport.row([$0.label, String($0.count)]) }
        if let throughput = comparison.throughput {
            lines += ["", "## Throughput: \(throughput.verdict.rawValue)", "", MarkdownReport.escape(throughputMethod), ""]
            lines += [MarkdownReport.row(sizeColumns), MarkdownReport.row(["---:", "---", "---:", "---", "---:"])]
            lines += throughput.sizes.map { MarkdownReport.row(sizeCells($0)) }
            lines += ["", MarkdownReport.row(roundColumns), MarkdownReport.row(Array(repeating: "---:", count: 5))]
            lines += throughput.sizes.flatMap(\.rounds).map { MarkdownReport.row(roundCells($0)) }
        }
        for section in sections(comparison) where !section.rows.isEmpty {
            lines += ["", "## \(section.title) (\(section.rows.count))", ""]
            if let note = section.note { lines += [MarkdownReport.escape(note), ""] }
            lines += [MarkdownReport.row(section.columns), MarkdownReport.row(Array(repeating: "---", count: section.columns.count))]
            lines += section.rows.prefix(listedRows).map(MarkdownReport.row)
            if section.rows.count > listedRows {
                lines.append("\n… and \(section.rows.count - listedRows) more (`harness compare --format json` lists every one)")
            }
        }
        let unchanged = unchangedByExperiment(comparison)
        if !unchanged.isEmpty {
            lines += ["", "## \(unchangedTitle(comparison)) (\(comparison.unchanged.count))", "", MarkdownReport.row(["experiment", "metrics"]),
                      MarkdownReport.row(["---", "---:"])]
            lines += unchanged.map { MarkdownReport.row([$0.experiment, String($0.count)]) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The HTML page: the summary, the throughput, the lists (each list's first ``shownRows`` rows
    /// shown, the whole list collapsed below them); with both runs' results, the moved
    /// experiments' errors and sweeps drawn before and after on the same axes; the unchanged
    /// metrics collapsed.
    public static func html(_ comparison: RunComparison, before: RunResults? = nil, after: RunResults? = nil) -> String {
        var html = HTMLReport.pageHead(title: "Dynamics harness comparison")
        html += "<ul>" + headLines(comparison).map { "<li>\(HTMLReport.escape($0))</li>" }.joined() + "</ul>\n"
        let style = switch comparison.outcome {
        case .worse: "regressed"
        case .better: "improved"
        case .noChange, .acrossEngines: ""
        }
        html += "<p class=\"verdict \(style)\">\(HTMLReport.escape(comparison.verdictLine))</p>\n"
        html += "<h2>Summary</h2>\n" + HTMLReport.table(columns: ["metrics", "count"], rows: summaryRows(comparison).map {
            [HTMLReport.escape($0.label), String($0.count)]
        })
        if let throughput = comparison.throughput {
            let verdictStyle = throughput.verdict == .slower ? "regressed" : (throughput.verdict == .faster ? "improved" : "")
            let verdictText = HTMLReport.escape(throughput.verdict.rawValue)
            html += "<h2>Throughput: " + (verdictStyle.isEmpty ? verdictText : "<span class=\"\(verdictStyle)\">\(verdictText)</span>") + "</h2>\n"
            html += "<p>\(HTMLReport.escape(throughputMethod))</p>\n"
            html += HTMLReport.table(columns: sizeColumns.map(HTMLReport.escape),
                                     rows: throughput.sizes.map { sizeCells($0).map(HTMLReport.escape) })
            let rounds = throughput.sizes.flatMap(\.rounds).map { roundCells($0).map(HTMLReport.escape) }
            html += "<details><summary>Every round (\(rounds.count))</summary>\n"
                + HTMLReport.table(columns: roundColumns.map(HTMLReport.escape), rows: rounds) + "</details>\n"
        }
        // The lists next, regressions first (what the verdict is about, the longest lists
        // collapsed); then the moved experiments' curves, to see how they moved.
        for section in sections(comparison) where !section.rows.isEmpty {
            html += "<h2>\(HTMLReport.escape(section.title)) (\(section.rows.count))</h2>\n"
            if let note = section.note { html += "<p>\(HTMLReport.escape(note))</p>\n" }
            let columns = section.columns.map(HTMLReport.escape)
            let rows = section.rows.map { $0.map(HTMLReport.escape) }
            html += HTMLReport.table(columns: columns, rows: Array(rows.prefix(shownRows)))
            if rows.count > shownRows {
                html += "<details><summary>All \(rows.count)</summary>\n" + HTMLReport.table(columns: columns, rows: rows) + "</details>\n"
            }
        }
        if let before, let after {
            html += ComparisonPlots.render(comparison, before: before, after: after)
        }
        let unchanged = unchangedByExperiment(comparison)
        if !unchanged.isEmpty {
            html += "<h2>\(unchangedTitle(comparison)) (\(comparison.unchanged.count))</h2>\n"
            html += HTMLReport.table(columns: ["experiment", "metrics"],
                                     rows: unchanged.map { [HTMLReport.escape($0.experiment), String($0.count)] })
            html += "<details><summary>All \(comparison.unchanged.count)</summary>\n"
                + HTMLReport.table(columns: entryColumns(comparison).map(HTMLReport.escape),
                                   rows: comparison.unchanged.map { cells($0).map(HTMLReport.escape) }) + "</details>\n"
        }
        return html + "</body></html>\n"
    }

    /// Rows of a list shown in HTML before the rest is collapsed.
    static let shownRows = 10
    /// Rows of a list Markdown shows before it says how many more there are.
    static let listedRows = 50

    /// How the throughput verdict is reached, for the reader of the report.
    static let throughputMethod = "Each round times both versions back to back (the first to run alternating between rounds); "
        + "its ratio after / before cancels drift between rounds. The interval is the smallest to the largest of the rounds' "
        + "ratios: it holds their median with the confidence given, whatever their distribution (1 − 2^(1−R) for R rounds). "
        + "\"slower\" or \"faster\" only when the whole interval lies above or below 1; fewer than "
        + "\(ThroughputComparison.minimumRounds) rounds are not judged. A ratio above 1 means the later version is slower."

    static let sizeColumns = ["N", "verdict", "median ratio after / before", "interval (lowest–highest ratio)", "confidence"]
    static let roundColumns = ["N", "round", "before (ms per frame)", "after (ms per frame)", "ratio after / before"]
    /// The columns of a metric both runs measured: across engines named after the engines.
    static func entryColumns(_ comparison: RunComparison) -> [String] {
        guard comparison.crossesEngines else { return ["experiment", "case", "metric", "before", "after", "change", "after's verdict"] }
        let (first, second) = (comparison.before.engine, comparison.after.engine)
        return ["experiment", "case", "metric", first, second, "\(second) against \(first)", "\(second)'s verdict"]
    }

    /// "Unchanged", or across engines "Tied within their noise bands".
    static func unchangedTitle(_ comparison: RunComparison) -> String {
        comparison.crossesEngines ? "Tied within their noise bands" : "Unchanged"
    }

    static func sizeCells(_ size: ThroughputComparison.Size) -> [String] {
        [String(size.boxes), size.verdict.rawValue, ratio(size.medianRatio),
         "\(ratio(size.lowestRatio))–\(ratio(size.highestRatio)) (\(size.rounds.count) rounds)",
         "\(NumberFormat.short(size.confidence * 100)) %"]
    }

    static func roundCells(_ round: ThroughputComparison.Round) -> [String] {
        [String(round.boxes), String(round.round), NumberFormat.short(round.beforeMilliseconds),
         NumberFormat.short(round.afterMilliseconds), ratio(round.ratio)]
    }

    private static func ratio(_ value: Double) -> String { NumberFormat.significant(value, digits: 4) }

    /// What was compared: both runs, and whether as versions or as engines.
    static func headLines(_ comparison: RunComparison) -> [String] {
        let family = EngineFamily.of(comparison.after.engine)
        let kind = if comparison.crossesEngines {
            "two engines: each value judged by its own run's expectations; the lists say which engine is closer, nothing fails"
        } else if comparison.comparesConfigurations {
            "two configurations of \(family) (\(comparison.before.engine) → \(comparison.after.engine)), judged as versions: "
                + "a regression, a lost metric or a slower throughput fails"
        } else {
            "two versions of \(family): a regression, a lost metric or a slower throughput fails"
        }
        return ["before: \(describe(comparison.before))", "after: \(describe(comparison.after))", "compared as \(kind)"]
    }

    /// The summary table's rows.
    static func summaryRows(_ comparison: RunComparison) -> [(label: String, count: Int)] {
        if comparison.crossesEngines {
            let (first, second) = (comparison.before.engine, comparison.after.engine)
            return [("measured by both", comparison.entries.count), ("closer in \(first)", comparison.regressions.count),
                    ("closer in \(second)", comparison.improvements.count),
                    ("without a direction both engines share", comparison.otherChanges.count),
                    ("tied within their noise bands", comparison.unchanged.count),
                    ("only in \(first)", comparison.onlyBefore.count), ("only in \(second)", comparison.onlyAfter.count)]
        }
        return [("measured by both runs", comparison.entries.count), ("regressed", comparison.regressions.count),
                ("lost (measured before, missing after, not retired)", comparison.lost.count),
                ("improved", comparison.improvements.count), ("changed without a direction", comparison.otherChanges.count),
                ("unchanged", comparison.unchanged.count), ("retired", comparison.retired.count), ("new", comparison.onlyAfter.count)]
    }

    /// One list of the report: a title, an optional note, columns and plain-text rows.
    struct Section {
        var title: String
        var note: String?
        var columns: [String]
        var rows: [[String]]
    }

    static func sections(_ comparison: RunComparison) -> [Section] {
        let unpairedColumns = ["experiment", "case", "metric", "value", "verdict"]
        let columns = entryColumns(comparison)
        if comparison.crossesEngines {
            let (first, second) = (comparison.before.engine, comparison.after.engine)
            return [Section(title: "Closer in \(first)", columns: columns, rows: comparison.regressions.map(cells)),
                    Section(title: "Closer in \(second)", columns: columns, rows: comparison.improvements.map(cells)),
                    Section(title: "Different, without a direction both engines share", columns: columns,
                            rows: comparison.otherChanges.map(cells)),
                    Section(title: "Only in \(first)", columns: unpairedColumns, rows: comparison.onlyBefore.map(cells)),
                    Section(title: "Only in \(second)", columns: unpairedColumns, rows: comparison.onlyAfter.map(cells))]
        }
        return [
            Section(title: "Regressions", columns: columns, rows: comparison.regressions.map(cells)),
            Section(title: "Lost", note: "Measured before and missing after: a regression unless the change retires the metric "
                        + "in \(RetiredMetrics.relativePath) with a reason.",
                    columns: ["experiment", "case", "metric", "value before", "verdict before"], rows: comparison.lost.map(cells)),
            Section(title: "Improvements", columns: columns, rows: comparison.improvements.map(cells)),
            Section(title: "Changed, without a better direction", columns: columns, rows: comparison.otherChanges.map(cells)),
            Section(title: "Retired", note: "Measured before, missing after, and listed in \(RetiredMetrics.relativePath).",
                    columns: ["experiment", "case", "metric", "value before", "reason"],
                    rows: comparison.retired.map { retirement in
                        Array(cells(retirement.measured).prefix(4)) + [retirement.reason]
                    }),
            Section(title: "New", columns: unpairedColumns, rows: comparison.onlyAfter.map(cells)),
        ]
    }

    /// The unchanged metrics counted per experiment, in the after run's order.
    static func unchangedByExperiment(_ comparison: RunComparison) -> [(experiment: String, count: Int)] {
        var order: [String] = [], counts: [String: Int] = [:]
        for entry in comparison.unchanged {
            if counts[entry.experiment] == nil { order.append(entry.experiment) }
            counts[entry.experiment, default: 0] += 1
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }

    static func cells(_ entry: RunComparison.Entry) -> [String] {
        let unit = entry.unit == "1" ? "" : " \(entry.unit)"
        let delta = entry.delta
        let change = MetricText.movement(delta)
        return [entry.experiment, entry.caseName, entry.name,
                NumberFormat.distinguishing(delta.before, from: [delta.after]) + unit,
                NumberFormat.distinguishing(delta.after, from: [delta.before]) + unit, change, entry.afterVerdict.rawValue]
    }

    static func cells(_ measured: RunComparison.Unpaired) -> [String] {
        [measured.experiment, measured.metric.caseName, measured.metric.name, MetricText.value(measured.metric),
         measured.metric.verdictText]
    }

    /// "Dynamics, commit 1a2b3c4d (with uncommitted changes), quick suite, 2026-11-23T17:00:00Z".
    static func describe(_ metadata: RunMetadata) -> String {
        let commit = metadata.gitCommit.map { "commit \($0.prefix(10))" } ?? "commit unknown"
        let dirty = metadata.gitDirty == true ? " (with uncommitted changes)" : ""
        return "\(metadata.engine), \(commit)\(dirty), \(metadata.quick ? "quick" : "full") suite, \(metadata.date)"
    }
}
