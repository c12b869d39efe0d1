/// Renders a ``RunComparison`` as Markdown or as a self-contained HTML page: the one-line verdict,
/// the regressions and the improvements (each sorted by relative change), the moves of metrics
/// without a direction, and what only one run measured.
public enum ComparisonReport {
    /// The Markdown text.
    public static func markdown(_ comparison: RunComparison) -> String {
        var lines = ["# Comparison", "", "- before: \(MarkdownReport.escape(describe(comparison.before)))",
                     "- after: \(MarkdownReport.escape(describe(comparison.after)))", "",
                     "**\(MarkdownReport.escape(comparison.verdictLine))**"]
        for (title, entries) in sections(comparison) where !entries.isEmpty {
            lines += ["", "## \(title) (\(entries.count))", "",
                      MarkdownReport.row(["experiment", "case", "metric", "before", "after", "change", "after's verdict"]),
                      MarkdownReport.row(Array(repeating: "---", count: 7))]
            lines += entries.map { MarkdownReport.row(cells($0)) }
        }
        for (title, keys) in [("Only before", comparison.onlyBefore), ("Only after", comparison.onlyAfter)] where !keys.isEmpty {
            lines += ["", "## \(title) (\(keys.count))", ""] + keys.prefix(50).map { "- \(MarkdownReport.escape($0))" }
            if keys.count > 50 { lines.append("- … \(keys.count - 50) more") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The HTML page; with both runs' results, the moved experiments' errors and sweeps are drawn
    /// before and after on the same axes, above the lists (each list's first ``shownRows`` rows
    /// shown, the whole list collapsed below them).
    public static func html(_ comparison: RunComparison, before: RunResults? = nil, after: RunResults? = nil) -> String {
        var html = HTMLReport.pageHead(title: "Dynamics harness comparison")
        html += "<ul><li>before: \(HTMLReport.escape(describe(comparison.before)))</li>"
            + "<li>after: \(HTMLReport.escape(describe(comparison.after)))</li></ul>\n"
        let style = comparison.hasRegressions ? "regressed" : (comparison.improvements.isEmpty ? "" : "improved")
        html += "<p class=\"verdict \(style)\">\(HTMLReport.escape(comparison.verdictLine))</p>\n"
        // The plots first: what moved, seen; then the numbers, the longest lists collapsed.
        if let before, let after {
            html += ComparisonPlots.render(comparison, before: before, after: after)
        }
        let columns = ["experiment", "case", "metric", "before", "after", "change", "after's verdict"]
        for (title, entries) in sections(comparison) where !entries.isEmpty {
            html += "<h2>\(HTMLReport.escape(title)) (\(entries.count))</h2>\n"
            let rows = entries.map { cells($0).map(HTMLReport.escape) }
            html += HTMLReport.table(columns: columns, rows: Array(rows.prefix(shownRows)))
            if rows.count > shownRows {
                html += "<details><summary>All \(rows.count)</summary>\n" + HTMLReport.table(columns: columns, rows: rows) + "</details>\n"
            }
        }
        for (title, keys) in [("Only before", comparison.onlyBefore), ("Only after", comparison.onlyAfter)] where !keys.isEmpty {
            html += "<h2>\(title) (\(keys.count))</h2>\n<ul>" + keys.map { "<li>\(HTMLReport.escape($0))</li>" }.joined() + "</ul>\n"
        }
        return html + "</body></html>\n"
    }

    /// Rows of a list shown before the rest is collapsed.
    static let shownRows = 10

    static func sections(_ comparison: RunComparison) -> [(String, [RunComparison.Entry])] {
        if comparison.crossesEngines {
            return [("Closer in \(comparison.before.engine)", comparison.regressions),
                    ("Closer in \(comparison.after.engine)", comparison.improvements),
                    ("Different, without a better direction", comparison.otherChanges)]
        }
        return [("Regressions", comparison.regressions), ("Improvements", comparison.improvements),
                ("Changed, without a better direction", comparison.otherChanges)]
    }

    static func cells(_ entry: RunComparison.Entry) -> [String] {
        let unit = entry.unit == "1" ? "" : " \(entry.unit)"
        let delta = entry.delta
        let change = MetricText.movement(delta)
        return [entry.experiment, entry.caseName, entry.name,
                NumberFormat.distinguishing(delta.before, from: [delta.after]) + unit,
                NumberFormat.distinguishing(delta.after, from: [delta.before]) + unit, change, entry.afterVerdict.rawValue]
    }

    /// "Dynamics, commit 1a2b3c4d (with uncommitted changes), quick suite, 2026-11-23T17:00:00Z".
    static func describe(_ metadata: RunMetadata) -> String {
        let commit = metadata.gitCommit.map { "commit \($0.prefix(10))" } ?? "commit unknown"
        let dirty = metadata.gitDirty == true ? " (with uncommitted changes)" : ""
        return "\(metadata.engine), \(commit)\(dirty), \(metadata.quick ? "quick" : "full") suite, \(metadata.date)"
    }
}
