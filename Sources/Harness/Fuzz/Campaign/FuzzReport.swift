import Foundation

/// The fuzz run's reports: `fuzz-report.md`, `fuzz-report.html` (self-contained: the minimal
/// scenes' animations and the plots of their violated quantity against its bound inline, no
/// script) and `summary.json`, written atomically. Failures are
/// listed by signature, new ones first, inside the operating envelope before outside.
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

    /// Per invariant: scenes checked, failing, failing inside and outside the envelope, and the
    /// tolerance's reason.
    static func invariantRows(_ summary: FuzzSummary) -> [[String]] {
        Invariant.allCases.compactMap { invariant in
            let checked = summary.checked[invariant.rawValue] ?? 0, failing = summary.failing[invariant.rawValue] ?? 0
            guard checked > 0 || failing > 0 else { return nil }
            let counts = summary.allCounts
            let inside = counts.insideByInvariant[invariant.rawValue] ?? 0, outside = counts.outsideByInvariant[invariant.rawValue] ?? 0
            return [invariant.rawValue, "\(checked)", "\(failing)", "\(inside)", "\(outside)", invariant.reason]
        }
    }

    /// Per signature: new or known, where, how many scenes, the first and what it showed.
    static func signatureRows(_ tallies: [FuzzSummary.Tally]) -> [[String]] {
        tallies.map { tally in
            [tally.signature.slug, tally.signature.insideEnvelope ? "inside" : "outside", "\(tally.scenes)",
             "scenes/\(tally.firstIndex).json", tally.minimal?.scene ?? "", String(tally.detail.prefix(240))]
        }
    }

    /// The run in four lines: engine and seed, scenes and rate, failures inside and outside the
    /// envelope, signatures.
    public static func headline(_ summary: FuzzSummary) -> [String] {
        let tallies = summary.tallies
        let new = tallies.filter { !$0.known }
        let skipped = summary.unsupported.map { kinds in
            ["Scenes skipped as not supported: \(summary.unsupportedCount) of \(summary.scenesRun) (the failure counts are of the other \(summary.scenesChecked))"
             + (kinds.isEmpty ? "" : ": " + kinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: "; "))]
        } ?? []
        return [
            "Engine: \(summary.engine); seed \(summary.seed); shard\(summary.shards.count > 1 ? "s" : "") \(summary.shards.joined(separator: ", "))",
            "Scenes run: \(summary.scenesRun) in \(String(format: "%.1f", summary.seconds)) s with \(summary.jobs) worker\(summary.jobs == 1 ? "" : "s") (\(String(format: "%.1f", summary.ratePerJob)) scenes/s per worker)",
            "Failing scenes: \(summary.allCounts.failing) (inside the operating envelope: \(summary.allCounts.inside); outside: \(summary.allCounts.outside); \(summary.allCounts.new) with a new signature)"
                + (summary.interrupted ? "; the run was interrupted and reports what it found so far" : ""),
            "Signatures: \(tallies.count) (\(new.count) new: \(new.filter(\.signature.insideEnvelope).count) inside the envelope, \(new.filter { !$0.signature.insideEnvelope }.count) outside)"
                + (summary.replayed.map { replayed in
                    "; failure database: \(replayed.count) replayed, \(replayed.filter { !$0.failing.isEmpty }.count) still failing, \(replayed.filter(\.failing.isEmpty).count) pass now and were dropped"
                } ?? ""),
        ] + skipped
    }

    /// "distance of a's center outside the reference bounds: largest 31 pt at t = 0.85 s; slop 1 pt".
    static func profileLine(_ profile: MeasuredCurve) -> String? {
        guard let index = profile.y.indices.max(by: { profile.y[$0] < profile.y[$1] }) else { return nil }
        let bounds = profile.limits.map { "\($0.label) \(NumberFormat.short($0.value)) \(profile.unit)" }.joined(separator: ", ")
        return "\(profile.quantity): largest \(NumberFormat.short(profile.y[index])) \(profile.unit) at t = "
            + "\(NumberFormat.short(profile.x[index])) s" + (bounds.isEmpty ? "" : "; \(bounds)")
    }

    /// The command that replays a minimal scene on the run's engine, from the report's folder.
    static func replayCommand(_ minimal: FuzzSummary.Minimal, in summary: FuzzSummary) -> String {
        (["harness", "replay", minimal.scene] + (summary.replayOptions ?? [])).joined(separator: " ")
    }

    private static func markdownTable(_ columns: [String], _ rows: [[String]]) -> String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ") }
        return "| " + columns.joined(separator: " | ") + " |\n|" + columns.map { _ in "---" }.joined(separator: "|") + "|\n"
            + rows.map { "| " + $0.map(cell).joined(separator: " | ") + " |\n" }.joined()
    }

    static let signatureColumns = ["signature", "envelope", "scenes", "first", "minimal scene", "what the first showed"]

    /// The Markdown report.
    public static func markdown(_ summary: FuzzSummary) -> String {
        let tallies = summary.tallies
        var text = "# Fuzz report\n\n" + headline(summary).map { "- \($0)\n" }.joined()
        text += "\nA signature is the invariant, what broke, the kinds of shapes, joints and fields involved, whether the run was inside the engine's operating envelope before it failed, and the decade of the mass ratio (`mN`: up to 10^(N+1)). Inside the envelope a failure is a bug; outside it only accuracy may degrade.\n"
        let new = tallies.filter { !$0.known }, known = tallies.filter(\.known)
        text += "\n## New signatures\n\n" + (new.isEmpty ? "None.\n" : markdownTable(signatureColumns, signatureRows(new)))
        text += "\n## Known signatures\n\n" + (known.isEmpty ? "None.\n" : markdownTable(signatureColumns, signatureRows(known)))
        text += "\n## Invariants\n\n"
        text += markdownTable(["invariant", "scenes checked", "failing", "inside the envelope", "outside", "tolerance and reason"], invariantRows(summary))
        text += "\n## Minimal failing scenes\n\n"
        if summary.minimal.isEmpty { text += "None.\n" }
        for minimal in summary.minimal {
            text += "### \(minimal.signature?.slug ?? minimal.invariant.rawValue), from scene \(minimal.index)\n\n"
            text += "- \(minimal.items) items, \(minimal.behaviors) behaviors, \(minimal.events) events (\(minimal.shrinkTries) candidates tried)\n"
            text += "- \(minimal.detail.isEmpty ? "(no detail)" : minimal.detail)\n"
            text += "- Scene: `\(minimal.scene)`" + (minimal.animation.map { "; animation: `\($0)`" } ?? "") + "\n"
            if let profile = minimal.profile, let line = profileLine(profile) { text += "- \(line)\n" }
            text += "- Replay: `\(replayCommand(minimal, in: summary))` (from the report's folder)\n\n"
        }
        if let replayed = summary.replayed {
            text += "## Replayed from the failure database\n\n"
            text += replayed.isEmpty ? "Nothing stored.\n"
                : markdownTable(["scene", "stored as", "fails now with"], replayed.map { [$0.file, $0.recorded, $0.failing.isEmpty ? "passes (dropped)" : $0.failing.joined(separator: ", ")] })
        }
        text += "\n## Failing scenes recorded\n\nThe first \(FuzzSummary.recordsPerSignature) of each signature, saved in `scenes/`; `harness fuzz run --seed \(summary.seed) --scenes N+1` makes scene N again.\n\n"
        if summary.failures.isEmpty { text += "None.\n" }
        for failure in summary.failures.prefix(200) {
            let what = failure.violations.map { "\($0.signature?.slug ?? $0.invariant.rawValue): \($0.detail)" }.joined(separator: "; ")
            text += "- `\(failure.scene)`\(failure.known ? " (known)" : " (new)"): \(what.prefix(300))\n"
        }
        if summary.failures.count > 200 { text += "- … and \(summary.failures.count - 200) more (see `summary.json`)\n" }
        return text
    }

    /// The HTML report.
    public static func html(_ summary: FuzzSummary, animations: [String: Data]) -> String {
        let escape = HTMLReport.escape
        let tallies = summary.tallies
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
            tr.inside td:nth-child(2){font-weight:bold}
            img{border:1px solid #ddd;max-width:100%}
            code{background:#f3f3f3;padding:0 0.2em}
            </style></head><body>
            <h1>Fuzz report</h1>

            """
        html += "<ul>" + headline(summary).map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        let new = tallies.filter { !$0.known }, known = tallies.filter(\.known)
        html += "<h2>New signatures</h2>\n" + (new.isEmpty ? "<p>None.</p>\n" : HTMLReport.table(columns: signatureColumns, rows: signatureRows(new).map { $0.map(escape) }))
        html += "<h2>Known signatures</h2>\n" + (known.isEmpty ? "<p>None.</p>\n" : HTMLReport.table(columns: signatureColumns, rows: signatureRows(known).map { $0.map(escape) }))
        html += "<h2>Invariants</h2>\n"
        html += HTMLReport.table(columns: ["invariant", "scenes checked", "failing", "inside the envelope", "outside", "tolerance and reason"],
                                 rows: invariantRows(summary).map { $0.map(escape) })
        html += "<h2>Minimal failing scenes</h2>\n"
        if summary.minimal.isEmpty { html += "<p>None.</p>\n" }
        for minimal in summary.minimal {
            html += "<h3>\(escape(minimal.signature?.slug ?? minimal.invariant.rawValue)), from scene \(minimal.index)</h3>\n"
            html += "<p>\(minimal.items) items, \(minimal.behaviors) behaviors, \(minimal.events) events. \(escape(minimal.detail))</p>\n"
            html += "<p>Scene <code>\(escape(minimal.scene))</code>; replay: <code>\(escape(replayCommand(minimal, in: summary)))</code></p>\n"
            if let path = minimal.animation, let data = animations[path] {
                html += "<img alt=\"animation of \(escape(minimal.scene))\" width=\"640\" src=\"data:image/svg+xml;base64,\(data.base64EncodedString())\">\n"
            }
            if let profile = minimal.profile {
                html += "<div>" + CurvePlots.plots([profile]).map { $0.svg() }.joined() + "</div>\n"
            }
        }
        if let replayed = summary.replayed {
            html += "<h2>Replayed from the failure database</h2>\n"
            html += replayed.isEmpty ? "<p>Nothing stored.</p>\n"
                : HTMLReport.table(columns: ["scene", "stored as", "fails now with"], rows: replayed.map {
                    [escape($0.file), escape($0.recorded), escape($0.failing.isEmpty ? "passes (dropped)" : $0.failing.joined(separator: ", "))]
                })
        }
        html += "<h2>Failing scenes recorded</h2>\n<p>The first \(FuzzSummary.recordsPerSignature) of each signature, saved in <code>scenes/</code>.</p>\n"
        html += HTMLReport.table(columns: ["scene", "signature known", "what broke"], rows: summary.failures.prefix(200).map { failure in
            [escape(failure.scene), failure.known ? "yes" : "no",
             escape(String(failure.violations.map { "\($0.signature?.slug ?? $0.invariant.rawValue): \($0.detail)" }.joined(separator: "; ").prefix(300)))]
        })
        if summary.failures.count > 200 { html += "<p>… and \(summary.failures.count - 200) more (see summary.json).</p>\n" }
        return html + "</body></html>\n"
    }
}
