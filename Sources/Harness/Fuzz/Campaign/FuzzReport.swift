import Foundation

/// The fuzz run's reports: `fuzz-report.md`, `fuzz-report.html` (self-contained: the minimal
/// scenes' animations inline, no script) and `summary.json`, written atomically.
public enum FuzzReport {
    /// Writes all three into the output folder.
    static func write(_ summary: FuzzSummary, to files: FuzzFiles) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try files.write(try encoder.encode(summary), to: "summary.json")
        try files.write(markdown(summary), to: "fuzz-report.md")
        let animations = Dictionary(summary.minimal.compactMap { minimal in
            minimal.animation.flatMap { path in (try? Data(contentsOf: files.url(path))).map { (path, $0) } }
        }, uniquingKeysWith: { first, _ in first })
        try files.write(html(summary, animations: animations), to: "fuzz-report.html")
    }

    /// One row per invariant: scenes checked, failing, and the tolerance's reason.
    static func invariantRows(_ summary: FuzzSummary) -> [[String]] {
        Invariant.allCases.compactMap { invariant in
            let checked = summary.checked[invariant.rawValue] ?? 0, failing = summary.failing[invariant.rawValue] ?? 0
            guard checked > 0 || failing > 0 else { return nil }
            return [invariant.rawValue, "\(checked)", "\(failing)", invariant.reason]
        }
    }

    /// The run in three lines: engine and seed, scenes and rate, failures.
    public static func headline(_ summary: FuzzSummary) -> [String] {
        [
            "Engine: \(summary.engine); seed \(summary.seed); shard\(summary.shards.count > 1 ? "s" : "") \(summary.shards.joined(separator: ", "))",
            "Scenes run: \(summary.scenesRun) in \(String(format: "%.1f", summary.seconds)) s with \(summary.jobs) worker\(summary.jobs == 1 ? "" : "s") (\(String(format: "%.1f", summary.ratePerJob)) scenes/s per worker)",
            "Failing scenes: \(summary.failures.count) (\(summary.newFailures.count) not of a known open class)"
                + (summary.interrupted ? "; the run was interrupted and reports what it found so far" : ""),
        ]
    }

    /// The command that replays a minimal scene on the run's engine, from the report's folder.
    static func replayCommand(_ minimal: FuzzSummary.Minimal, in summary: FuzzSummary) -> String {
        (["harness", "replay", minimal.scene] + (summary.replayOptions ?? [])).joined(separator: " ")
    }

    /// The Markdown report.
    public static func markdown(_ summary: FuzzSummary) -> String {
        var text = "# Fuzz report\n\n" + headline(summary).map { "- \($0)\n" }.joined() + "\n## Invariants\n\n"
        text += "| invariant | scenes checked | failing | tolerance and reason |\n|---|---:|---:|---|\n"
        text += invariantRows(summary).map { "| " + $0.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |\n" }.joined()
        text += "\n## Minimal failing scenes\n\n"
        if summary.minimal.isEmpty { text += "None.\n" }
        for minimal in summary.minimal {
            text += "### \(minimal.invariant.rawValue), from scene \(minimal.index)\n\n"
            text += "- \(minimal.items) items, \(minimal.behaviors) behaviors, \(minimal.events) events (\(minimal.shrinkTries) candidates tried)\n"
            text += "- \(minimal.detail.isEmpty ? "(no detail)" : minimal.detail)\n"
            text += "- Scene: `\(minimal.scene)`" + (minimal.animation.map { "; animation: `\($0)`" } ?? "") + "\n"
            text += "- Replay: `\(replayCommand(minimal, in: summary))` (from the report's folder)\n\n"
        }
        text += "## Failing scenes\n\n"
        if summary.failures.isEmpty { text += "None.\n" }
        for failure in summary.failures.prefix(200) {
            let what = failure.violations.map { "\($0.invariant.rawValue): \($0.detail)" }.joined(separator: "; ")
            text += "- `\(failure.scene)`\(failure.known ? " (known class)" : ""): \(what.prefix(300))\n"
        }
        if summary.failures.count > 200 { text += "- … and \(summary.failures.count - 200) more (see `summary.json`)\n" }
        return text
    }

    /// The HTML report.
    public static func html(_ summary: FuzzSummary, animations: [String: Data]) -> String {
        let escape = HTMLReport.escape
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <title>Fuzz report</title>
            <style>
            body{font-family:system-ui,sans-serif;margin:2em;max-width:80em;color:#222}
            table{border-collapse:collapse;margin:1em 0;font-size:0.9em}
            th,td{border:1px solid #ccc;padding:0.25em 0.6em;text-align:left;vertical-align:top}
            th{background:#f3f3f3}
            img{border:1px solid #ddd;max-width:100%}
            code{background:#f3f3f3;padding:0 0.2em}
            </style></head><body>
            <h1>Fuzz report</h1>

            """
        html += "<ul>" + headline(summary).map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n<h2>Invariants</h2>\n"
        html += HTMLReport.table(columns: ["invariant", "scenes checked", "failing", "tolerance and reason"],
                                 rows: invariantRows(summary).map { $0.map(escape) })
        html += "<h2>Minimal failing scenes</h2>\n"
        if summary.minimal.isEmpty { html += "<p>None.</p>\n" }
        for minimal in summary.minimal {
            html += "<h3>\(escape(minimal.invariant.rawValue)), from scene \(minimal.index)</h3>\n"
            html += "<p>\(minimal.items) items, \(minimal.behaviors) behaviors, \(minimal.events) events. \(escape(minimal.detail))</p>\n"
            html += "<p>Scene <code>\(escape(minimal.scene))</code>; replay: <code>\(escape(replayCommand(minimal, in: summary)))</code></p>\n"
            if let path = minimal.animation, let data = animations[path] {
                html += "<img alt=\"animation of \(escape(minimal.scene))\" width=\"640\" src=\"data:image/svg+xml;base64,\(data.base64EncodedString())\">\n"
            }
        }
        html += "<h2>Failing scenes</h2>\n"
        html += HTMLReport.table(columns: ["scene", "known class", "what broke"], rows: summary.failures.prefix(200).map { failure in
            [escape(failure.scene), failure.known ? "yes" : "no",
             escape(String(failure.violations.map { "\($0.invariant.rawValue): \($0.detail)" }.joined(separator: "; ").prefix(300)))]
        })
        if summary.failures.count > 200 { html += "<p>… and \(summary.failures.count - 200) more (see summary.json).</p>\n" }
        return html + "</body></html>\n"
    }
}
