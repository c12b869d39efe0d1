import Foundation
@testable import Harness
import Testing

/// `harness compare`'s core on crafted before/after results.
@Suite struct RunComparisonTests {
    static func run(_ values: [String: Double], commit: String, engine: String = "E", quick: Bool = true) -> RunResults {
        let metrics = values.keys.sorted().map { name in
            Metric(caseName: "<case>", name: name, value: values[name] ?? .nan, unit: "pt",
                   tolerance: name.hasPrefix("count") ? .atLeast(0) : .atMost(100), reason: "r")
        }
        let result = ExperimentResult(id: "exp", title: "T", summary: "s", parameters: [:], metrics: metrics, series: [])
        return RunResults(metadata: RunMetadata(date: "d", gitCommit: commit, gitDirty: false, engine: engine, engineSettings: [:],
                                                quick: quick), experiments: [result])
    }

    static let before = run(["a": 1, "b": 1, "c": 1, "count": 10, "gone": 1], commit: "before")
    static let after = run(["a": 1.5, "b": 3, "c": 0.5, "count": 5, "added": 1], commit: "after")

    @Test func regressionsAndImprovementsAreSeparatedAndSortedByRelativeChange() throws {
        let comparison = try RunComparison(before: Self.before, after: Self.after)
        #expect(comparison.regressions.map(\.name) == ["b", "a", "count"])
        #expect(comparison.regressions.map(\.delta.worsening) == [2, 0.5, 0.5])
        #expect(comparison.improvements.map(\.name) == ["c"])
        #expect(comparison.onlyBefore.map(\.key) == ["exp / <case> / gone"])
        #expect(comparison.onlyAfter.map(\.key) == ["exp / <case> / added"])
        #expect(comparison.hasRegressions && comparison.fails)
        #expect(comparison.verdictLine.hasPrefix("worse: 3 of 4 metrics regressed (largest: exp / <case> / b, 200 % worse), 1 lost"))
    }

    @Test func identicalRunsHaveNoChange() throws {
        let comparison = try RunComparison(before: Self.before, after: Self.before)
        #expect(!comparison.hasRegressions && !comparison.fails)
        #expect(comparison.outcome == .noChange)
        #expect(comparison.verdictLine.hasPrefix("no change: no metric regressed or was lost"))
    }

    /// Between versions, a move below a billionth of the value (the last digits of a reordered
    /// sum) is no move, whatever the metric's band; a move of a millionth of a bit-exact metric
    /// is. Across random values and both directions.
    @Test func lastDigitMovesAreNotRegressionsButSmallRealOnesAre() throws {
        var dice = Dice(source: SeededGenerator(seed: 44))
        for _ in 0..<200 {
            let value = dice.uniform(1e-3, 1e3), sign = dice.uniform(0, 1) < 0.5 ? -1.0 : 1.0
            let rounding = try RunComparison(before: Self.run(["a": value], commit: "b"),
                                             after: Self.run(["a": value * (1 + sign * dice.uniform(1e-15, 0.9e-9))], commit: "c"))
            #expect(rounding.outcome == .noChange, "\(rounding.verdictLine)")
            let real = try RunComparison(before: Self.run(["a": value], commit: "b"),
                                         after: Self.run(["a": value * (1 + sign * dice.uniform(1e-6, 1e-3))], commit: "c"))
            #expect(sign > 0 ? real.regressions.count == 1 : real.improvements.count == 1, "\(real.verdictLine)")
        }
    }

    @Test func aMetricMeasuredBeforeAndMissingAfterIsLostUnlessRetired() throws {
        let dropped = Self.run(["a": 1, "b": 1, "c": 1, "count": 10], commit: "after")
        let lost = try RunComparison(before: Self.before, after: dropped)
        #expect(lost.lost.map(\.key) == ["exp / <case> / gone"])
        #expect(lost.regressions.isEmpty)
        #expect(lost.hasRegressions && lost.fails && lost.outcome == .worse)
        #expect(lost.verdictLine.hasPrefix("worse: 0 of 4 metrics regressed, 1 lost (measured before, missing after, not retired)"))
        let markdown = ComparisonReport.markdown(lost)
        #expect(markdown.contains("## Lost (1)"))
        #expect(markdown.contains("| exp | \\<case\\> | gone | 1 pt | pass |"), "the lost metric with its value before")

        let list = RetiredMetrics([.init(experiment: "exp", caseName: "<case>", metric: "gone", reason: "merged into a")])
        let retired = try RunComparison(before: Self.before, after: dropped, retired: list)
        #expect(retired.lost.isEmpty && retired.retired.map(\.reason) == ["merged into a"])
        #expect(!retired.fails && retired.outcome == .noChange)
        #expect(retired.verdictLine.contains("1 retired, 0 new"))
        #expect(ComparisonReport.markdown(retired).contains("| exp | \\<case\\> | gone | 1 pt | merged into a |"))
        // A retirement for another metric does not cover this one.
        let other = RetiredMetrics([.init(experiment: "exp", caseName: "<case>", metric: "a", reason: "r")])
        #expect(try RunComparison(before: Self.before, after: dropped, retired: other).fails)
    }

    @Test func acrossEnginesAMissingMetricIsOnlyInOneEngineNotLost() throws {
        let other = Self.run(["a": 1], commit: "after", engine: "Other 2")
        let comparison = try RunComparison(before: Self.before, after: other)
        #expect(comparison.crossesEngines && comparison.lost.isEmpty && !comparison.fails)
        #expect(comparison.onlyBefore.count == 4)
    }

    @Test func quickAndFullRunsAreNotCompared() {
        let full = Self.run(["a": 1], commit: "after", quick: false)
        #expect(throws: ComparisonError.suitesDiffer(beforeQuick: true, afterQuick: false)) {
            try RunComparison(before: Self.before, after: full)
        }
        #expect(throws: ComparisonError.suitesDiffer(beforeQuick: false, afterQuick: true)) {
            try RunComparison(before: full, after: Self.before)
        }
        #expect(ComparisonError.suitesDiffer(beforeQuick: false, afterQuick: true).description
            .hasPrefix("cannot compare the full suite (before) with the quick suite (after)"))
    }

    @Test func twoConfigurationsOfOneEngineAreComparedAsVersions() throws {
        let soft = Self.run(["a": 1], commit: "c", engine: "Dynamics")
        let rigid = Self.run(["a": 2], commit: "c", engine: "Dynamics (rigid)")
        let comparison = try RunComparison(before: soft, after: rigid)
        #expect(!comparison.crossesEngines && comparison.comparesConfigurations)
        #expect(comparison.fails && comparison.regressions.map(\.name) == ["a"])
        #expect(ComparisonReport.markdown(comparison).contains("compared as two configurations of Dynamics (Dynamics → Dynamics (rigid))"))
        #expect(EngineFamily.of("Dynamics (rigid)") == "Dynamics")
        #expect(EngineFamily.of("Chipmunk 7") == "Chipmunk 7")
        #expect(EngineFamily.of("(odd)") == "(odd)")
        #expect(!EngineFamily.same("Dynamics", "Chipmunk 7"))
    }

    @Test func newMetricsAreListedWithTheirValues() throws {
        let comparison = try RunComparison(before: Self.before, after: Self.after)
        let markdown = ComparisonReport.markdown(comparison)
        #expect(markdown.contains("## New (1)"))
        #expect(markdown.contains("| exp | \\<case\\> | added | 1 pt | pass |"))
        let html = ComparisonReport.html(comparison)
        #expect(html.contains("<h2>New (1)</h2>"))
        #expect(html.contains("<td>added</td><td>1 pt</td><td>pass</td>"))
    }

    @Test func reportsNameEveryMoveAndEscapeNames() throws {
        let comparison = try RunComparison(before: Self.before, after: Self.after)
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

    @Test func theHTMLOfAComparisonWithoutMovesStillSummarizesIt() throws {
        let comparison = try RunComparison(before: Self.before, after: Self.before)
        let html = ComparisonReport.html(comparison, before: Self.before, after: Self.before)
        #expect(html.contains("compared as two versions of E"))
        #expect(html.contains("<h2>Summary</h2>"))
        #expect(html.contains("<tr><td>unchanged</td><td>5</td></tr>"))
        #expect(html.contains("<h2>Unchanged (5)</h2>"))
        #expect(html.contains("<details><summary>All 5</summary>"))
        #expect(html.contains("<td>gone</td><td>1 pt</td><td>1 pt</td><td>unchanged</td>"))
        let markdown = ComparisonReport.markdown(comparison)
        #expect(markdown.contains("| unchanged | 5 |") && markdown.contains("| exp | 5 |"))
    }

    @Test func theJSONHoldsTheOutcomeAndEveryList() throws {
        let comparison = try RunComparison(before: Self.before, after: Self.after)
        let json = try #require(try JSONSerialization.jsonObject(with: ComparisonJSON.encode(comparison)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(json["outcome"] as? String == "worse" && json["fails"] as? Bool == true)
        #expect(json["comparedAs"] as? String == "versions")
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts["regressed"] == 3 && counts["lost"] == 1 && counts["new"] == 1 && counts["compared"] == 4)
        let new = try #require(json["new"] as? [[String: Any]])
        #expect(new.first?["metric"] as? String == "added" && new.first?["value"] as? Double == 1)
        let lost = try #require(json["lost"] as? [[String: Any]])
        #expect(lost.first?["metric"] as? String == "gone")
        #expect((json["metrics"] as? [[String: Any]])?.count == 4)
        #expect(json["throughput"] == nil)
    }

    @Test func htmlOverlaysTheMovedCasesBeforeAndAfter() throws {
        func withSeries(_ run: RunResults, error: Double) -> RunResults {
            var copy = run
            copy.experiments[0].series = [Series(caseName: "<case>", name: "y", unit: "pt", time: [0, 1, 2],
                                                 observed: [0, 1 + error, 2 + error], reference: [0, 1, 2])]
            return copy
        }
        let before = withSeries(Self.before, error: 1e-3), after = withSeries(Self.after, error: 1e-1)
        let html = ComparisonReport.html(try RunComparison(before: before, after: after), before: before, after: after)
        #expect(html.contains("<h2>exp: before and after</h2>"))
        #expect(html.components(separatedBy: "class=\"plot\"").count - 1 == 1)
        // One plot per series: the case in its title, the runs in its legend.
        #expect(html.contains(">Error over time: y, &lt;case&gt;</text>"))
        #expect(html.contains(">before</text>") && html.contains(">after</text>"))
        // Without the runs, or with nothing moved, there is no overlay.
        #expect(!ComparisonReport.html(try RunComparison(before: before, after: after)).contains("before and after"))
        #expect(!ComparisonReport.html(try RunComparison(before: before, after: before), before: before, after: before)
            .contains("before and after"))
    }
}
