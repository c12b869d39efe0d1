import Foundation
@testable import Harness
import Testing

/// Writing per-experiment metric baselines and comparing runs with them.
@Suite struct GoldenMetricsTests {
    /// Values whose decimal text must round-trip to the same bits.
    static let awkwardValues = [0.1 + 0.2, 4.440892098500626e-16, 1e-300, 123456.789e10, -0.0, 2.0 / 3]

    static func results(values: [Double] = awkwardValues, experiment: String = "x") -> RunResults {
        let metrics = values.enumerated().map { index, value in
            Metric(caseName: "case \(index)", name: "error", value: value, unit: "pt", tolerance: .atMost(1e300), reason: "r")
        }
        let result = ExperimentResult(id: experiment, title: "T", summary: "s", parameters: [:], metrics: metrics, series: [])
        return RunResults(metadata: RunMetadata(date: "d", gitCommit: nil, engine: "E", engineSettings: ["h": "1/120 s"], quick: true),
                          experiments: [result])
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)", isDirectory: true)
    }

    @Test func aRunComparedWithItsOwnBaselineIsUnchangedToTheBit() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try GoldenMetrics.write(Self.results(), to: folder)
        #expect(written.map(\.path) == [folder.appendingPathComponent("e/quick/x.json").path])
        var results = Self.results()
        try GoldenMetrics.compare(&results, withBaselinesIn: folder, source: "golden")
        for metric in results.experiments[0].metrics {
            #expect(metric.change?.status == .unchanged, "\(metric.caseName): \(metric.value) vs \(metric.change?.before ?? .nan)")
            #expect(metric.change?.before.bitPattern == metric.value.bitPattern)
        }
        #expect(results.baseline == BaselineSummary(source: "golden"))
        #expect(results.verdict == .pass)
    }

    @Test func aWorseValueRegressesAndFailsTheRun() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try GoldenMetrics.write(Self.results(values: [1, 2]), to: folder)
        var results = Self.results(values: [1, 2.0.nextUp])
        try GoldenMetrics.compare(&results, withBaselinesIn: folder, source: "golden")
        #expect(results.experiments[0].metrics.map(\.verdict) == [.pass, .regressed])
        #expect(results.verdict.failsRun)
        var better = Self.results(values: [0.5, 2])
        try GoldenMetrics.compare(&better, withBaselinesIn: folder, source: "golden")
        #expect(better.experiments[0].metrics[0].change?.status == .improved)
        #expect(!better.verdict.failsRun)
    }

    @Test func whatTheBaselineDoesNotCoverIsListedNotFailed() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try GoldenMetrics.write(Self.results(values: [1, 2]), to: folder)
        var results = Self.results(values: [1])
        results.experiments[0].metrics.append(Metric(caseName: "new case", name: "error", value: 3, unit: "pt",
                                                     tolerance: .atMost(10), reason: "r"))
        results.experiments.append(Self.results(experiment: "y").experiments[0])
        try GoldenMetrics.compare(&results, withBaselinesIn: folder, source: "golden")
        let summary = try #require(results.baseline)
        #expect(summary.experimentsWithoutBaseline == ["y"])
        #expect(summary.metricsWithoutBaseline == ["x / new case / error"])
        #expect(summary.metricsNoLongerMeasured == ["x / case 1 / error"])
        #expect(results.verdict == .pass)
    }

    @Test func anUnreadableBaselineIsATypedErrorNamingTheFile() throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = GoldenMetrics.file(in: folder, engine: "E", quick: true, experiment: "x")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: url)
        var results = Self.results()
        #expect {
            try GoldenMetrics.compare(&results, withBaselinesIn: folder, source: "golden")
        } throws: { error in
            (error as? GoldenMetrics.UnreadableBaseline)?.path == url.path
        }
    }

    @Test func oldResultsFilesStillDecode() throws {
        let json = """
            {"caseName": "c", "name": "n", "value": 0.2, "unit": "pt", "tolerance": {"upper": 1},
             "target": {"upper": 0.1}, "reason": "r", "verdict": "below target"}
            """
        let metric = try ResultsCoding.decode(Metric.self, from: Data(json.utf8))
        #expect(metric.verdict == .missedTarget)
        #expect(metric.noiseBand == 0)
        #expect(metric.change == nil)
    }
}
