import Foundation
@testable import Harness
import Testing

/// `harness compare`'s core on crafted before/after results.
@Suite struct RunComparisonTests {
    static func run(_ values: [String: Double], commit: String) -> RunResults {
        let metrics = values.keys.sorted().map { name in
            Metric(caseName: "<case>", name: name, value: values[name] ?? .nan, unit: "pt",
                   tolerance: name.hasPrefix("count") ? .atLeast(0) : .atMost(100), reason: "r")
        }
        let result = ExperimentResult(id: "exp", title: "T", summary: "s", parameters: [:], metrics: metrics, series: [])
        return RunResults(metadata: RunMetadata(date: "d", gitCommit: commit, gitDirty: false, engine: "E", engineSettings: [:],
                                                quick: true), experiments: [result])
    }

    static let before = run(["a": 1, "b": 1, "c": 1, "count": 10, "gone": 1], commit: "before")
    static let after = run(["a": 1.5, "b": 3, "c": 0.5, "count": 5, "added": 1], commit: "after")

    @Test func regressionsAndImprovementsAreSeparatedAndSortedByRelativeChange() {
        let comparison = RunComparison(before: Self.before, after: Self.after)
        #expect(comparison.regressions.map(\.name) == ["b", "a", "count"])
        #expect(comparison.regressions.map(\.delta.worsening) == [2, 0.5, 0.5])
        #expect(comparison.improvements.map(\.name) == ["c"])
        #expect(comparison.onlyBefore == ["exp / <case> / gone"])
        #expect(comparison.onlyAfter == ["exp / <case> / added"])
        #expect(comparison.hasRegressions)
        #expect(comparison.verdictLine.hasPrefix("worse: 3 of 4 metrics regressed (largest: exp / <case> / b, 200 % worse)"))
    }

    @Test func identicalRunsHaveNoChange() {
        let comparison = RunComparison(before: Self.before, after: Self.before)
        #expect(!comparison.hasRegressions)
        #expect(comparison.verdictLine.hasPrefix("no change"))
    }

    @Test func reportsNameEveryMoveAndEscapeNames() {
        let comparison = RunComparison(before: Self.before, after: Self.after)
        let markdown = ComparisonReport.markdown(comparison)
        #expect(markdown.contains("## Regressions (3)"))
        #expect(markdown.contains("## Improvements (1)"))
        #expect(markdown.contains("| exp | \\<case\\> | b | 1 pt | 3 pt | 200 % worse | pass |"))
        #expect(markdown.contains("commit before"))
        let html = ComparisonReport.html(comparison)
        #expect(!html.contains("<case>"))
        #expect(html.contains("&lt;case&gt;"))
        #expect(html.contains("Content-Security-Policy"))
        #expect(!html.contains("<script"))
    }

    @Test func htmlOverlaysTheMovedCasesBeforeAndAfter() {
        func withSeries(_ run: RunResults, error: Double) -> RunResults {
            var copy = run
            copy.experiments[0].series = [Series(caseName: "<case>", name: "y", unit: "pt", time: [0, 1, 2],
                                                 observed: [0, 1 + error, 2 + error], reference: [0, 1, 2])]
            return copy
        }
        let before = withSeries(Self.before, error: 1e-3), after = withSeries(Self.after, error: 1e-1)
        let html = ComparisonReport.html(RunComparison(before: before, after: after), before: before, after: after)
        #expect(html.contains("<h2>exp: before and after</h2>"))
        #expect(html.components(separatedBy: "class=\"plot\"").count - 1 == 1)
        // One plot per series: the case in its title, the runs in its legend.
        #expect(html.contains(">Error over time: y, &lt;case&gt;</text>"))
        #expect(html.contains(">before</text>") && html.contains(">after</text>"))
        // Without the runs, or with nothing moved, there is no overlay.
        #expect(!ComparisonReport.html(RunComparison(before: before, after: after)).contains("before and after"))
        #expect(!ComparisonReport.html(RunComparison(before: before, after: before), before: before, after: before)
            .contains("before and after"))
    }
}
