import Foundation

/// The history page (`history.html`), its Markdown summary (`history.md`) and its data
/// (`history.json`): the step changes first, then the benchmark's same-run ratio over runs, then
/// one plot per metric over commits, the metrics that moved before those that never did.
public enum HistoryReport {
    /// The file names written.
    public static let fileNames = ["history.json", "history.md", "history.html"]

    /// Writes the three files into `directory` (which must exist), all or none (``OutputBatch``).
    public static func write(_ history: History, to directory: URL) throws {
        var batch = OutputBatch()
        batch.add(try ResultsCoding.encode(history), to: directory.appendingPathComponent(fileNames[0]), what: "the history's data")
        batch.add(Data(markdown(history).utf8), to: directory.appendingPathComponent(fileNames[1]), what: "the Markdown history")
        batch.add(Data(html(history).utf8), to: directory.appendingPathComponent(fileNames[2]), what: "the HTML history")
        try batch.write()
    }

    /// "abc1234567 (2026-11-27): subject", the subject cut at 72 characters (the full subject is
    /// in the list of points and in history.json).
    static func describe(_ commit: HistoryCommit) -> String {
        let subject = commit.subject.count > 72 ? commit.subject.prefix(71) + "…" : Substring(commit.subject)
        return "\(commit.shortHash) (\(commit.date.prefix(10))): \(subject)"
    }

    static func format(_ value: Double) -> String { NumberFormat.short(value) }

    /// A step's two values, with as many digits as it takes for them to read differently.
    static func shown(_ step: StepChange) -> (before: String, after: String) {
        (NumberFormat.distinguishing(step.before, from: [step.after]), NumberFormat.distinguishing(step.after, from: [step.before]))
    }

    /// One sentence: how many points from where, how many metrics moved and how often.
    static func summary(_ history: History) -> String {
        var text = "\(history.commits.count) points from \(history.source)"
        if let first = history.commits.first, let last = history.commits.last {
            text += ", \(first.shortHash) (\(first.date.prefix(10))) to \(last.shortHash) (\(last.date.prefix(10)))"
        }
        return text + ". \(history.metrics.count) metrics, \(history.changed.count) of them changed at least once; \(history.steps.count) step changes."
    }

    /// The Markdown summary: counts, the steps, the benchmark's runs.
    public static func markdown(_ history: History) -> String {
        var text = "# History\n\n" + summary(history) + "\n\n"
        if !history.steps.isEmpty {
            text += "## Step changes\n\n| commit | metric | before | after | unit | direction |\n|---|---|---:|---:|---|---|\n"
            for (metric, step) in history.steps {
                text += "| \(MarkdownReport.escape(describe(history.commits[step.commit]))) | \(MarkdownReport.escape(metric.key)) | "
                    + "\(shown(step).before) | \(shown(step).after) | \(MarkdownReport.escape(metric.unit)) | \(step.direction) |\n"
            }
            text += "\n"
        }
        if !history.benchmark.isEmpty {
            text += "## Benchmark\n\n| series | commit | date | ms per frame | ratio (range over rounds) | step |\n|---|---|---|---:|---|---|\n"
            for series in history.benchmark {
                let steps = Dictionary(series.steps.map { ($0.index, $0.faster) }, uniquingKeysWith: { first, _ in first })
                for (index, point) in series.points.enumerated() {
                    let step = steps[index].map { $0 ? "faster" : "slower" } ?? ""
                    text += "| \(MarkdownReport.escape(series.title)) | \(point.commit.prefix(10)) | \(point.date.prefix(10)) | "
                        + "\(format(point.milliseconds)) | \(format(point.ratio)) (\(format(point.ratioLow))–\(format(point.ratioHigh))) | \(step) |\n"
                }
            }
            text += "\n"
        }
        return text
    }

    /// The HTML page.
    public static func html(_ history: History) -> String {
        var html = HTMLReport.pageHead(title: "History")
        html += "<p>" + HTMLReport.escape(summary(history)) + "</p>\n"
        html += "<p>Each plot shows one metric that changed, its value at every point (x: the point's number, oldest first; the commits are listed "
            + "at the end). A step change, a change beyond the metric's noise band and resolution, is marked with the commit "
            + "that made it.</p>\n"
        if !history.steps.isEmpty {
            html += "<h2>Step changes</h2>\n"
            html += HTMLReport.table(columns: ["commit", "metric", "before", "after", "unit", "direction"], rows: history.steps.map { metric, step in
                let style = step.direction == "worse" ? "regressed" : step.direction == "better" ? "improved" : ""
                return [HTMLReport.escape(describe(history.commits[step.commit])), HTMLReport.escape(metric.key), shown(step).before,
                        shown(step).after, HTMLReport.escape(metric.unit), "<span class=\"\(style)\">\(step.direction)</span>"]
            })
        }
        if !history.benchmark.isEmpty {
            html += "<h2>Benchmark</h2>\n<p>This engine's frame time over the baseline engine's, timed in the same interleaved rounds: "
                + "the median round's ratio, and the range over rounds as dashed lines. A run whose range lies wholly above or below "
                + "the previous run's is marked faster or slower.</p>\n"
            for series in history.benchmark { html += benchmarkPlot(series).svg() + "\n" }
        }
        var byExperiment: [String: [MetricHistory]] = [:], experiments: [String] = []
        for metric in history.metrics {
            if byExperiment[metric.experiment] == nil { experiments.append(metric.experiment) }
            byExperiment[metric.experiment, default: []].append(metric)
        }
        for experiment in experiments {
            let metrics = byExperiment[experiment] ?? []
            let moved = metrics.filter { !$0.steps.isEmpty }, still = metrics.filter(\.steps.isEmpty)
            html += "<h2>\(HTMLReport.escape(experiment))</h2>\n<p>\(metrics.count) metrics, \(moved.count) changed.</p>\n"
            for metric in moved { html += metricPlot(metric, history.commits).svg() + "\n" }
            if !still.isEmpty {
                // A metric that never moved would draw a flat line: its value and how many points
                // held it say the same in a table row, and keep the page small enough to open.
                html += "<details><summary>\(still.count) metrics that never changed</summary>\n"
                html += HTMLReport.table(columns: ["case", "metric", "value at every point", "unit", "points"], rows: still.map {
                    [HTMLReport.escape($0.caseName), HTMLReport.escape($0.metric), format($0.points.last?.value ?? .nan),
                     HTMLReport.escape($0.unit), "\($0.points.count)"]
                })
                html += "</details>\n"
            }
        }
        html += "<h2>Points</h2>\n" + HTMLReport.table(columns: ["#", "commit", "date", "subject"], rows: history.commits.enumerated().map { index, commit in
            ["\(index + 1)", HTMLReport.escape(commit.shortHash), HTMLReport.escape(String(commit.date.prefix(10))), HTMLReport.escape(commit.subject)]
        })
        return html + "</body></html>\n"
    }

    /// One metric's values over the points, its steps labelled with their commits.
    static func metricPlot(_ metric: MetricHistory, _ commits: [HistoryCommit]) -> LinePlot {
        let steps = Dictionary(metric.steps.map { ($0.commit, $0) }, uniquingKeysWith: { first, _ in first })
        let labels = metric.points.map { point in
            steps[point.commit].map { "\(commits[$0.commit].shortHash.prefix(7)) \($0.direction)" } ?? ""
        }
        let values = metric.points.map(\.value)
        let line = PlotLine(label: "value (better: \(metric.better))", points: metric.points.map { PlotPoint(x: Double($0.commit + 1), y: $0.value) },
                            color: "#1f5fa8", style: LineStyle(marker: .circle), pointLabels: labels)
        return LinePlot(title: "\(metric.caseName): \(metric.metric)", xTitle: "point (oldest first)", yTitle: metric.unit,
                        xScale: .linear, yScale: PlotScale.forErrors(values).orLinear(for: values), lines: [line],
                        notes: metric.steps.isEmpty ? ["unchanged over \(metric.points.count) points"]
                            : metric.steps.map { "\(commits[$0.commit].shortHash): \(shown($0).before) → \(shown($0).after) \(metric.unit), \($0.direction)" })
    }

    /// The benchmark ratio over runs with its round-to-round range.
    static func benchmarkPlot(_ series: BenchmarkHistory) -> LinePlot {
        let steps = Dictionary(series.steps.map { ($0.index, $0.faster) }, uniquingKeysWith: { first, _ in first })
        let x = series.points.indices.map { Double($0 + 1) }
        return LinePlot(
            title: series.title, xTitle: "run (oldest first)", yTitle: "frame time ratio", xScale: .linear, yScale: .linear,
            lines: [
                PlotLine(label: "median round", points: zip(x, series.points).map { PlotPoint(x: $0, y: $1.ratio) }, color: "#1f5fa8", style: LineStyle(marker: .circle),
                         pointLabels: series.points.indices.map { index in
                             steps[index].map { "\(series.points[index].commit.prefix(7)) \($0 ? "faster" : "slower")" } ?? "" }),
                PlotLine(label: "fastest round", points: zip(x, series.points).map { PlotPoint(x: $0, y: $1.ratioLow) }, color: "#7a9cc6", style: LineStyle(dash: "4 3")),
                PlotLine(label: "slowest round", points: zip(x, series.points).map { PlotPoint(x: $0, y: $1.ratioHigh) }, color: "#7a9cc6", style: LineStyle(dash: "4 3")),
            ],
            notes: ["ratio below 1: this engine is faster than \(series.baseline)"])
    }
}

extension PlotScale {
    /// A logarithmic scale only where every value can be placed on it; else linear.
    func orLinear(for values: [Double]) -> PlotScale {
        self == .logarithmic && values.allSatisfy({ $0 > 0 }) ? .logarithmic : .linear
    }
}
