import Foundation
import Harness
import Testing

/// `harness compare` end to end on crafted results: lost and retired metrics, mixed suites,
/// configurations of one engine, the throughput rounds and the JSON report.
@Suite struct CompareToolTests {
    /// A folder with a crafted results.json per run, and the paths to them.
    struct Files {
        var folder: URL
        func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

        func write(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            return path(name)
        }

        func write(_ name: String, engine: String = "Dynamics", quick: Bool = true, values: [String: Double]) throws -> String {
            let metrics = values.keys.sorted().map { name in
                Metric(caseName: "case", name: name, value: values[name] ?? .nan, unit: "pt", tolerance: .atMost(10), reason: "r")
            }
            let result = ExperimentResult(id: "exp", title: "T", summary: "", parameters: [:], metrics: metrics, series: [])
            let results = RunResults(metadata: RunMetadata(date: "d", gitCommit: "c", engine: engine, engineSettings: [:], quick: quick),
                                     experiments: [result])
            try ResultsCoding.encode(results).write(to: folder.appendingPathComponent(name))
            return path(name)
        }
    }

    static func files() throws -> Files {
        Files(folder: try GoldenAndCompareToolTests.temporaryFolder())
    }

    @Test func aLostMetricFailsUnlessTheRetiredListNamesIt() throws {
        let files = try Self.files()
        defer { try? FileManager.default.removeItem(at: files.folder) }
        let before = try files.write("before.json", values: ["a": 1, "gone": 1])
        let after = try files.write("after.json", values: ["a": 1])
        let empty = try files.write("empty.json", #"{"retired": []}"#)
        let lost = try HarnessToolTests.run(["compare", before, after, "--retired", empty])
        #expect(lost.status == 1, "\(lost.output)\(lost.error)")
        #expect(lost.output.contains("**worse: 0 of 1 metrics regressed, 1 lost"))
        #expect(lost.output.contains("| exp | case | gone | 1 pt | pass |"))

        let list = try files.write("retired.json", #"{"retired": [{"experiment": "exp", "case": "case", "metric": "gone", "reason": "folded into a"}]}"#)
        let retired = try HarnessToolTests.run(["compare", before, after, "--retired", list])
        #expect(retired.status == 0, "\(retired.output)\(retired.error)")
        #expect(retired.output.contains("| exp | case | gone | 1 pt | folded into a |"))

        let bad = try files.write("bad.json", #"{"retired": [{"experiment": "exp", "case": "case", "metric": "gone", "reason": ""}]}"#)
        let refused = try HarnessToolTests.run(["compare", before, after, "--retired", bad])
        #expect(refused.status == 2)
        #expect(refused.error == "error: \(bad): retired entry 1 has an empty \"reason\"\n")
    }

    @Test func theQuickAndTheFullSuiteAreNotCompared() throws {
        let files = try Self.files()
        defer { try? FileManager.default.removeItem(at: files.folder) }
        let full = try files.write("full.json", quick: false, values: ["a": 1, "b": 1])
        let quick = try files.write("quick.json", values: ["a": 1])
        let outcome = try HarnessToolTests.run(["compare", full, quick])
        #expect(outcome.status == 2)
        #expect(outcome.error.hasPrefix("error: cannot compare the full suite (before) with the quick suite (after)"))
        #expect(outcome.output.isEmpty)
    }

    @Test func twoConfigurationsOfOneEngineFailOnARegression() throws {
        let files = try Self.files()
        defer { try? FileManager.default.removeItem(at: files.folder) }
        let soft = try files.write("soft.json", values: ["a": 1])
        let rigid = try files.write("rigid.json", engine: "Dynamics (rigid)", values: ["a": 2])
        let outcome = try HarnessToolTests.run(["compare", soft, rigid])
        #expect(outcome.status == 1, "\(outcome.output)")
        #expect(outcome.output.contains("**worse: 1 of 1 metrics regressed"))
        // Two engines: the move says which is closer, and nothing fails.
        let other = try files.write("other.json", engine: "Chipmunk 7", values: ["a": 2])
        #expect(try HarnessToolTests.run(["compare", soft, other]).status == 0)
    }

    @Test func theThroughputRoundsReachEveryFormatAndASlowdownFails() throws {
        let files = try Self.files()
        defer { try? FileManager.default.removeItem(at: files.folder) }
        let before = try files.write("before.json", values: ["a": 1])
        let rounds = (1...5).map { "1000,\($0),2.0,\(2.1 + Double($0) / 100)" }.joined(separator: "\n")
        let slower = try files.write("slower.csv", "\(ThroughputComparison.csvHeader)\n\(rounds)\n")
        let json = files.path("compare.json")
        let outcome = try HarnessToolTests.run(["compare", before, before, "--throughput", slower, "--format", "json", "--output", json])
        #expect(outcome.status == 1, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.hasPrefix("worse: 0 of 1 metrics regressed; 0 improved"))
        #expect(outcome.output.contains("throughput slower: N = 1000: slower, median ratio 1.065 (1.055–1.075 over 5 rounds, 94 % confidence)"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(document["outcome"] as? String == "worse")
        #expect((document["throughput"] as? [String: Any])?["verdict"] as? String == "slower")

        let html = files.path("compare.html")
        _ = try HarnessToolTests.run(["compare", before, before, "--throughput", slower, "--format", "html", "--output", html])
        #expect(try String(contentsOf: URL(fileURLWithPath: html), encoding: .utf8).contains("<td>1.055–1.075 (5 rounds)</td>"))

        let mixed = try files.write("mixed.csv", "\(ThroughputComparison.csvHeader)\n1000,1,2,2.1\n1000,2,2,1.9\n1000,3,2,2\n1000,4,2,2.1\n1000,5,2,2.1\n")
        let noise = try HarnessToolTests.run(["compare", before, before, "--throughput", mixed])
        #expect(noise.status == 0)
        #expect(noise.output.contains("## Throughput: within noise"))

        let broken = try files.write("broken.csv", "boxes,round,before_ms,after_ms\n1000,1,2\n")
        let refused = try HarnessToolTests.run(["compare", before, before, "--throughput", broken])
        #expect(refused.status == 2)
        #expect(refused.error.hasPrefix("error: \(broken): throughput table line 2 is not"))
    }
}
