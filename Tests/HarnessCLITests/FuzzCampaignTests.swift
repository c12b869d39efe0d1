import Foundation
import Harness
import Testing

/// The fuzz run with real worker processes: crashes and hangs are recorded without ending the
/// run, an interrupted run keeps its findings, and shards merge to the counts of one run.
/// Serialized: the stop flag is process-wide.
@Suite(.serialized) struct FuzzCampaignTests {
    static let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

    static func options(_ output: URL, worker: String = "harness", scenes: Int = 20, shard: Int = 1, of count: Int = 1,
                        shrinks: Int = 0, timeout: Double = 20) -> FuzzOptions {
        let command = worker == "harness" ? [folder.appendingPathComponent("harness").path, "fuzz-worker"]
            : [folder.appendingPathComponent(worker).path]
        return FuzzOptions(seed: 11, sceneCount: scenes, shard: shard, shardCount: count, jobs: 2, output: output, timeout: timeout,
                           workerCommand: command, shrinksPerInvariant: shrinks, shrinkBudget: 60)
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
    }

    @Test func aCrashAndAHangAreRecordedAndTheRunGoesOn() throws {
        FuzzStop.reset()
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        // The other 16 scenes run the real engine in a debug build while the rest of the tests
        // load both cores: each takes 0.2 s on average alone, and one took over 3 s under that
        // load and was counted as a hang. 10 s keeps them clear of the hang scenes' timeout.
        let summary = try FuzzCampaign(options: Self.options(output, worker: "FaultyWorker", timeout: 10)).run()
        #expect(summary.scenesRun == 20)
        #expect(summary.failing["crash"] == 2 && summary.failing["hang"] == 2, "\(summary.failing)")
        let crashed = summary.failures.filter { $0.violations.contains { $0.invariant == .crash } }.map(\.index)
        #expect(crashed == [3, 13])
        for failure in summary.failures {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(failure.scene).path), "saved: \(failure.scene)")
        }
        let report = try String(contentsOf: output.appendingPathComponent("fuzz-report.md"), encoding: .utf8)
        #expect(report.contains("| crash |") && report.contains("| hang |"))
    }

    @Test func aStoppedRunKeepsWhatItFound() throws {
        FuzzStop.reset()
        defer { FuzzStop.reset() }
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let stopper = Thread {
            let log = output.appendingPathComponent("failures.jsonl")
            while !FileManager.default.fileExists(atPath: log.path) { Thread.sleep(forTimeInterval: 0.05) }
            FuzzStop.request()
        }
        stopper.start()
        let summary = try FuzzCampaign(options: Self.options(output, scenes: 100_000, shrinks: 1)).run()
        #expect(summary.interrupted)
        #expect(summary.scenesRun < 100_000 && !summary.failures.isEmpty)
        let saved = try JSONDecoder().decode(FuzzSummary.self, from: Data(contentsOf: output.appendingPathComponent("summary.json")))
        #expect(saved == summary)
        for failure in summary.failures {
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(failure.scene).path))
        }
    }

    @Test func shardsMergeToTheCountsOfOneRun() throws {
        FuzzStop.reset()
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let whole = try FuzzCampaign(options: Self.options(root.appendingPathComponent("whole"), scenes: 30)).run()
        let shards = try (1...3).map { shard in
            try FuzzCampaign(options: Self.options(root.appendingPathComponent("shard-\(shard)"), scenes: 30, shard: shard, of: 3)).run()
        }
        #expect(shards.map(\.scenesRun) == [10, 10, 10])
        let merged = try FuzzMerge.merge((1...3).map { root.appendingPathComponent("shard-\($0)") }, into: root.appendingPathComponent("merged"))
        #expect(merged.scenesRun == whole.scenesRun && merged.ranges == whole.ranges)
        #expect(merged.failing == whole.failing && merged.checked == whole.checked)
        #expect(merged.failures.map(\.index) == whole.failures.map(\.index))
        #expect(throws: FuzzMerge.Failure.self) {
            try FuzzMerge.merge([root.appendingPathComponent("shard-1"), root.appendingPathComponent("shard-1")], into: root.appendingPathComponent("twice"))
        }
    }
}
