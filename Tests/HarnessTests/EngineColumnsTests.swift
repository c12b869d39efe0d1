import Foundation
@testable import Harness
import Testing

/// The side-by-side report of several engines, from made-up results: rows merged by metric, the
/// closer engine by the metric's direction and noise band, and what an engine could not run.
@Suite struct EngineColumnsTests {
    static func run(_ engine: String, _ values: [String: Double], unsupported: [UnsupportedCase] = []) -> RunResults {
        let metrics = values.keys.sorted().map { name in
            Metric(caseName: "case", name: name, value: values[name]!, unit: "pt", tolerance: .atMost(10), reason: "r", noiseBand: 0.01)
        }
        let experiment = ExperimentResult(id: "x", title: "X", summary: "", parameters: [:], metrics: metrics, series: [],
                                          unsupportedCases: unsupported, expectations: engine == "A" ? "exact" : "first order")
        return RunResults(metadata: RunMetadata(date: "d", gitCommit: nil, engine: engine, engineSettings: [:], quick: true),
                          experiments: [experiment])
    }

    @Test func theCloserEngineIsTheOneWithTheBetterValueBeyondTheNoiseBand() throws {
        let runs = [Self.run("A", ["error": 1, "tie": 2, "only A": 3]),
                    Self.run("B", ["error": 0.5, "tie": 2.005], unsupported: [UnsupportedCase(caseName: "case", feature: "snaps")])]
        let rows = try #require(EngineColumns.experiments(runs).first).rows
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0) })
        #expect(byName["error"]?.best == 1)
        #expect(byName["tie"]?.best == nil)
        #expect(byName["only A"]?.best == nil && byName["only A"]?.metrics[1] == nil)
        let text = EngineColumns.markdown(runs)
        #expect(text.contains("| case | metric | A | B | closer |"))
        #expect(text.contains("closer in A: 0, closer in B: 1; tied or without a direction: 2."))
        #expect(text.contains("not supported by B: case (snaps)"))
        #expect(text.contains("B: limits for first order"))
        #expect(EngineColumns.html(runs).contains("closer in B: 1"))
    }

    @Test func eachEngineGetsAFolderNamedAfterIt() {
        #expect(EngineColumns.folderName(of: "Dynamics") == "dynamics")
        #expect(EngineColumns.folderName(of: "Chipmunk 7") == "chipmunk")
        #expect(EngineColumns.folderName(of: "") == "engine")
    }
}

/// The side-by-side report opens with each engine's worst case of every metric, and overlays the
/// engines' error and convergence curves, one plot per series or sweep.
@Suite struct EngineSummaryTests {
    static func metric(_ caseName: String, _ name: String, _ value: Double, _ tolerance: Limit) -> Metric {
        Metric(caseName: caseName, name: name, value: value, unit: "pt", tolerance: tolerance, reason: "r", noiseBand: 0.01)
    }

    static func run(_ engine: String, _ metrics: [Metric], series: [Series] = [], sweeps: [SweepSeries] = []) -> RunResults {
        RunResults(metadata: RunMetadata(date: "d", gitCommit: nil, engine: engine, engineSettings: [:], quick: true),
                   experiments: [ExperimentResult(id: "x", title: "X", summary: "", parameters: [:], metrics: metrics, series: series,
                                                  sweeps: sweeps)])
    }

    static let runs = [
        run("A", [metric("c1", "error", 0.5, .atMost(10)), metric("c2", "error", 2, .atMost(10)),
                  // Rebound counts aim at each case's own reference: 3 and 5.
                  metric("c1", "count", 3, .within(0, of: 3)), metric("c2", "count", 4, .within(0, of: 5))]),
        run("B", [metric("c1", "error", 1, .atMost(10)), metric("c2", "error", 0.1, .atMost(10)),
                  metric("c1", "count", 4.5, .within(0, of: 3)), metric("c2", "count", 5, .within(0, of: 5))]),
    ]

    @Test func eachEnginesWorstCaseIsSetBesideTheIdealAndTheCloserEngineIsNamed() throws {
        let rows = EngineSummary.rows(Self.runs)
        #expect(rows.map(\.name) == ["error", "count"])
        #expect(rows[0].worst.map { $0?.caseName } == ["c2", "c1"] && rows[0].best == 1)
        // A's worst misses its reference by 1, B's by 1.5: A is closer, although B's 4.5 is
        // nearer A's reference of 5.
        #expect(rows[1].worst.map { $0?.caseName } == ["c2", "c1"] && rows[1].best == 0)
        let markdown = EngineColumns.markdown(Self.runs)
        #expect(markdown.contains("| experiment | metric | A: worst case | B: worst case | reference (ideal) | closer |"))
        #expect(markdown.contains("| x | error | 2 pt (c2) | 1 pt (c1) | 0 pt | B |"))
        #expect(markdown.contains("| x | count | 4 pt (c2) | 4.5 pt (c1) | A: 5 pt; B: 3 pt | A |"))
        let html = EngineColumns.html(Self.runs)
        let summary = try #require(html.range(of: "<h2 id=\"summary\">Summary</h2>"))
        let firstExperiment = try #require(html.range(of: "<h2>X"))
        #expect(summary.upperBound < firstExperiment.lowerBound, "the summary opens the report")
        #expect(html.contains("Over 2 metrics: closer in A: 1, closer in B: 1; tied or without a direction: 0."))
    }

    @Test func theEnginesCurvesShareOnePlotPerSeriesAndSweep() {
        let time = [0.0, 1, 2, 3]
        let steps = [1.0 / 60, 1.0 / 120, 1.0 / 240]
        func series(_ slope: Double) -> Series {
            Series(caseName: "c", name: "y", unit: "pt", time: time, observed: time.map { slope * $0 }, reference: time.map { _ in 0 })
        }
        func sweep(_ order: Double) -> SweepSeries {
            SweepSeries(caseName: "c", quantity: "max error", unit: "pt", steps: steps, errors: steps.map { pow($0, order) },
                        cpuSecondsPerSimulatedSecond: [1, 2, 4], expectedOrder: order, roundingFloor: 1e-15)
        }
        let runs = [Self.run("A", [], series: [series(1e-3)], sweeps: [sweep(2)]), Self.run("B", [], series: [series(1)], sweeps: [sweep(1)])]
        let plots = EngineOverlayPlots.plots(runs, experiment: "x")
        #expect(plots.count == 2)
        let html = EngineColumns.html(runs)
        #expect(html.components(separatedBy: "<svg ").count - 1 == 2)
        #expect(html.contains(">Error over time: y, c</text>") && html.contains(">Convergence: max error, c</text>"))
        // Each engine's curve is in its own legend entry, the sweeps with their fitted slopes.
        #expect(html.contains(">A — fitted slope 2.00 over 3 points (expected 2)</text>"))
        #expect(html.contains(">B — fitted slope 1.00 over 3 points (expected 1)</text>"))
        #expect(html.contains(">A</text>") && html.contains(">B</text>"))
    }
}
