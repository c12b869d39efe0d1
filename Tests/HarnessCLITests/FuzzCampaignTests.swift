import Foundation
import Harness
import Testing

/// The fuzz run with real worker processes: crashes and hangs are recorded without ending the
/// run, an interrupted run keeps its findings, and shards merge to the counts of one run.
/// Serialized: the stop flag is process-wide.
@Suite(.serialized, .tags(.slow), .enabled(if: SlowTests.run, SlowTests.skipped)) struct FuzzCampaignTests {
    static let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()

    /// The worker timeout (processor seconds) of runs whose results a test compares: far above
    /// any scene of these seeds in a debug build (the slowest took 38 s in a debug replay, which
    /// checks more than a worker), so that every scene finishes in every run.
    static let comparedRunTimeout = 600.0

    static func options(_ output: URL, worker: String = "harness", scenes: Int = 20, shard: Int = 1, of count: Int = 1,
                        shrinks: Int = 0, timeout: Double = 20, database: URL? = nil, jobs: Int = 2, workerArguments: [String] = [],
                        skipsUnsupported: Bool = false) -> FuzzOptions {
        let command = (worker == "harness" ? [folder.appendingPathComponent("harness").path, "fuzz-worker"]
            : [folder.appendingPathComponent(worker).path]) + workerArguments
        return FuzzOptions(seed: 11, sceneCount: scenes, shard: shard, shardCount: count, jobs: jobs, output: output, timeout: timeout,
                           workerCommand: command, database: database, shrinksPerInvariant: shrinks, newShrinks: shrinks, shrinkBudget: 60,
                           skipsUnsupported: skipsUnsupported)
    }

    /// Another engine's run skips the scenes it cannot express and counts them by kind, outside
    /// the failure counts; this project's engine, which must run every generated scene, fails a
    /// scene it refuses.
    @Test func anotherEnginesRunSkipsWhatItCannotExpressWhileThisEngineFailsIt() throws {
        FuzzStop.reset()
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let skipping = try FuzzCampaign(options: Self.options(root.appendingPathComponent("skip"), worker: "FaultyWorker", scenes: 30,
                                                              timeout: 2, workerArguments: ["--refuse-fives"], skipsUnsupported: true)).run()
        #expect(skipping.scenesRun == 30 && skipping.unsupportedCount == 3 && skipping.scenesChecked == 27)
        #expect(skipping.unsupported == ["faulty: snap behaviors": 3])
        #expect(skipping.failing["runs"] == nil, "\(skipping.failing)")
        let report = try String(contentsOf: root.appendingPathComponent("skip/fuzz-report.md"), encoding: .utf8)
        #expect(report.contains("Scenes skipped as not supported: 3 of 30"), "\(report)")
        let failing = try FuzzCampaign(options: Self.options(root.appendingPathComponent("fail"), worker: "FaultyWorker", scenes: 30,
                                                             timeout: 2, workerArguments: ["--refuse-fives"])).run()
        #expect(failing.unsupported == nil && failing.failing["runs"] == 3, "\(failing.failing)")
        #expect(throws: FuzzMerge.Failure.self, "shards of different engines do not merge") {
            var other = skipping
            other.engine = "another"
            let folder = root.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONEncoder().encode(other).write(to: folder.appendingPathComponent("summary.json"))
            try FuzzMerge.merge([root.appendingPathComponent("fail"), folder], into: root.appendingPathComponent("merged"))
        }
    }

    /// Hypothesis's rule: the stored failures are replayed before anything new; one that still
    /// fails stays, one that passes now is dropped, and the run's own failures are added.
    @Test func theFailureDatabaseIsReplayedFirstAndForgetsWhatPasses() throws {
        FuzzStop.reset()
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let database = FailureDatabase(root: root.appendingPathComponent("database"))
        let bounds = SceneRect(x: 0, y: 0, width: 400, height: 400)
        // A known open failure: a tiny pin chain whipped by a heavy item comes apart.
        let chain = try SceneFile.load(ReplayCommandTests.golden
            .appendingPathComponent("open/constraints.pin.plain.inside.m3--tiny-pin-chain-whipped-by-a-heavy-item-with-a-spring-on-a-link.json").path)
        let resting = Scene(name: "resting", referenceBounds: bounds,
                            items: [SceneItem(id: "box", center: ScenePoint(x: 200, y: 200), size: SceneSize(width: 20, height: 20))],
                            behaviors: [.collision(CollisionSpec(items: ["box"], referenceBoundsAreBoundary: true), id: "walls")],
                            timing: SceneTiming(duration: 0.2))
        try database.save(chain, as: "constraints.pin.plain.inside.m3")
        try database.save(resting, as: "motion.held.box.inside.m0")
        let summary = try FuzzCampaign(options: Self.options(root.appendingPathComponent("out"), scenes: 4, database: database.root)).run()
        let replayed = try #require(summary.replayed)
        #expect(replayed.count == 2)
        #expect(replayed.first { $0.recorded.hasPrefix("constraints") }?.failing.contains { $0.hasPrefix("constraints.pin") } == true)
        #expect(replayed.first { $0.recorded.hasPrefix("motion") }?.failing == [])
        let left = database.entries()
        #expect(left.contains { $0.slug == "constraints.pin.plain.inside.m3" })
        #expect(!left.contains { $0.slug == "motion.held.box.inside.m0" }, "a scene that passes now is dropped")
        let report = try String(contentsOf: root.appendingPathComponent("out/fuzz-report.md"), encoding: .utf8)
        #expect(report.contains("## Replayed from the failure database") && report.contains("passes (dropped)"))
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID().uuidString)")
    }

    @Test func aCrashAndAHangAreRecordedAndTheRunGoesOn() throws {
        FuzzStop.reset()
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        // The worker answers the other 16 scenes at once without running an engine, and the hang
        // scenes never answer: however loaded the machine, no answer comes near the time limit,
        // and the hangs pass it.
        let summary = try FuzzCampaign(options: Self.options(output, worker: "FaultyWorker", timeout: 5)).run()
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

    /// A failing scene the run cannot write stops the run with an error naming the file, the
    /// seed and the index, instead of going on without it. The scene's path is taken by a folder
    /// as soon as the run creates `scenes/`: scene 13 traps in this worker, long after that.
    @Test func aFailureThatCannotBeSavedStopsTheRunWithAnError() throws {
        FuzzStop.reset()
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let blocker = Thread {
            let scenes = output.appendingPathComponent("scenes")
            while !FileManager.default.fileExists(atPath: scenes.path) { Thread.sleep(forTimeInterval: 0.001) }
            try? FileManager.default.createDirectory(at: scenes.appendingPathComponent("13.json"), withIntermediateDirectories: false)
        }
        blocker.start()
        #expect {
            try FuzzCampaign(options: Self.options(output, worker: "FaultyWorker", scenes: 40, timeout: 2)).run()
        } throws: { error in
            guard let failure = error as? FuzzCampaign.SaveFailure else { return false }
            return failure.path == "scenes/13.json" && failure.index == 13 && failure.seed == 11
                && failure.description.contains("--seed 11 --scenes 14")
        }
        let saved = try JSONDecoder().decode(FuzzSummary.self, from: Data(contentsOf: output.appendingPathComponent("summary.json")))
        #expect(saved.interrupted && saved.scenesRun < 40)
        #expect(saved.failures.map(\.index).contains(13), "the unsaved failure is still in the summary")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("scenes/3.json").path))
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
        // A timeout no scene reaches: these runs compare counts, and a scene near the limit (seed
        // 11's scene 19 takes about 20 processor seconds in a debug worker on a slow machine) can
        // time out in one run and not in another.
        let timeout = Self.comparedRunTimeout
        let whole = try FuzzCampaign(options: Self.options(root.appendingPathComponent("whole"), scenes: 30, timeout: timeout)).run()
        let shards = try (1...3).map { shard in
            try FuzzCampaign(options: Self.options(root.appendingPathComponent("shard-\(shard)"), scenes: 30, shard: shard, of: 3,
                                                   timeout: timeout)).run()
        }
        #expect(shards.map(\.scenesRun) == [10, 10, 10])
        let merged = try FuzzMerge.merge((1...3).map { root.appendingPathComponent("shard-\($0)") }, into: root.appendingPathComponent("merged"))
        #expect(merged.scenesRun == whole.scenesRun && merged.ranges == whole.ranges)
        #expect(merged.failing == whole.failing && merged.checked == whole.checked)
        #expect(merged.allCounts == whole.allCounts)
        // Each shard records the first few failures of each signature, so the merge holds the
        // whole run's and perhaps more.
        #expect(Set(whole.failures.map(\.index)).isSubset(of: Set(merged.failures.map(\.index))))
        #expect(throws: FuzzMerge.Failure.self) {
            try FuzzMerge.merge([root.appendingPathComponent("shard-1"), root.appendingPathComponent("shard-1")], into: root.appendingPathComponent("twice"))
        }
    }

    /// Outcomes are taken in index order, so one worker and two record the same failing scenes
    /// (the first few of each signature), shrink the same ones and keep the same for the
    /// database.
    @Test func whatIsRecordedDoesNotDependOnTheWorkers() throws {
        FuzzStop.reset()
        let root = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let runs = try [1, 2].map { jobs in
            try FuzzCampaign(options: Self.options(root.appendingPathComponent("jobs-\(jobs)"), scenes: 60, shrinks: 1,
                                                   timeout: Self.comparedRunTimeout,
                                                   database: root.appendingPathComponent("database-\(jobs)"), jobs: jobs)).run()
        }
        #expect(runs[0].failures.count > 0)
        #expect(runs[0].failures == runs[1].failures)
        #expect(runs[0].minimal.map(\.index) == runs[1].minimal.map(\.index))
        #expect(runs[0].minimal.map(\.signature) == runs[1].minimal.map(\.signature))
        let kept = [1, 2].map { jobs in
            FailureDatabase(root: root.appendingPathComponent("database-\(jobs)")).entries().map { $0.slug + "/" + $0.file.lastPathComponent }.sorted()
        }
        #expect(kept[0] == kept[1] && !kept[0].isEmpty)
    }
}
