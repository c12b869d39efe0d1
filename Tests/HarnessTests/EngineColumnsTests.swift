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
