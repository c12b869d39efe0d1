import Foundation
import Testing

/// One exit-status scheme for every command: 0 the work was done and passed, 1 the work was done
/// and its verdict failed, 2 the work could not be done (usage, unreadable or invalid input,
/// unwritable output). swift-argument-parser's own 64 for a usage error is not used. Statuses 0
/// and 1 of `run`, `compare`, `golden` and `replay` are also checked where their verdicts are
/// (`GoldenAndCompareToolTests`, `HarnessToolTests`, `ReplayCommandTests`).
@Suite struct ExitStatusTests {
    static let examples = SceneCommandTests.examples
    static let golden = ReplayCommandTests.golden

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// (arguments, the status expected): usage errors of every command are 2.
    static let usageErrors: [[String]] = [
        ["--bogus"], ["list", "--bogus"], ["run", "--experiment", "no-such-thing"], ["run", "--engine", "turbo"],
        ["compare", "only-one.json"], ["golden", "update", "--experiment", "no-such-thing"], ["simulate"],
        ["simulate", "--scenario", "no-such-thing"], ["validate"], ["fuzz", "run", "--jobs", "0"], ["fuzz", "merge"],
        ["fuzz", "known", "folder"], ["replay"], ["replay", "x.json", "--from=-1"],
    ]

    @Test(arguments: usageErrors)
    func aUsageErrorIsTwo(_ arguments: [String]) throws {
        let outcome = try HarnessToolTests.run(arguments)
        #expect(outcome.status == 2, "\(arguments): \(outcome.status) \(outcome.error)")
        #expect(!outcome.error.isEmpty)
    }

    @Test func helpAndListAreZero() throws {
        for arguments in [["--help"], ["help", "run"], ["run", "--help"], ["list"], ["list", "--scenarios"]] {
            let outcome = try HarnessToolTests.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
        }
    }

    @Test func validateIsZeroForValidOneForInvalidTwoForUnreadable() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let invalid = folder.appendingPathComponent("invalid.json")
        try Data(#"{"schemaVersion": 2, "timing": {"substep": 0}}"#.utf8).write(to: invalid)
        let valid = Self.examples.appendingPathComponent("gravity.json").path
        #expect(try HarnessToolTests.run(["validate", valid]).status == 0)
        #expect(try HarnessToolTests.run(["validate", valid, invalid.path]).status == 1)
        // A file that cannot be read outranks an invalid one: the work was not all done.
        let both = try HarnessToolTests.run(["validate", invalid.path, folder.appendingPathComponent("missing.json").path])
        #expect(both.status == 2)
        #expect(both.output.contains("timing.substep") && both.error.contains("missing.json: no such file"))
    }

    @Test func simulateIsZeroWhenItRanAndTwoWhenItCouldNot() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let gravity = Self.examples.appendingPathComponent("gravity.json").path
        #expect(try HarnessToolTests.run(["simulate", gravity, "--duration", "0.1"]).status == 0)
        #expect(try HarnessToolTests.run(["simulate", folder.appendingPathComponent("missing.json").path]).status == 2)
        #expect(try HarnessToolTests.run(["simulate", gravity, "--json", "/proc/record.json"]).status == 2)
    }

    @Test func replayIsTwoForAnUnreadableSceneOrAnUnwritableOutput() throws {
        let passing = Self.golden.appendingPathComponent("runs-behavior-added-back-under-its-id.json").path
        let unwritable = try HarnessToolTests.run(["replay", passing, "--svg", "/proc/replay.svg"])
        #expect(unwritable.status == 2)
        #expect(!unwritable.output.contains("checked"), "checked before the run")
        #expect(try HarnessToolTests.run(["replay", FileManager.default.temporaryDirectory.path]).status == 2)
    }

    @Test func compareIsTwoForAnUnwritableOutput() throws {
        let outcome = try HarnessToolTests.run(["compare", "a.json", "b.json", "--output", "/proc/compare.md"])
        #expect(outcome.status == 2)
        #expect(outcome.error == "error: cannot write the comparison to /proc/compare.md: the folder /proc is not writable\n", "\(outcome.error)")
    }

    /// `golden update` checks its folder before running both suites.
    @Test func goldenUpdateIsTwoForAnUnwritableFolder() throws {
        let outcome = try HarnessToolTests.run(["golden", "update", "--experiment", "bounce", "--golden", "/proc/golden"])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("cannot write the golden baselines to /proc/golden"), "\(outcome.error)")
    }

    @Test func fuzzCommandsAreTwoWhenTheyCannotWork() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try HarnessToolTests.run(["fuzz", "run", "--scenes", "1", "--no-database", "--output", "/proc/fuzz"])
        #expect(run.status == 2 && run.error.contains("cannot write the fuzz report to /proc/fuzz"), "\(run.error)")
        let database = try HarnessToolTests.run(["fuzz", "run", "--scenes", "1", "--output", folder.appendingPathComponent("out").path,
                                                 "--database", "/proc/database"])
        #expect(database.status == 2 && database.error.contains("cannot write the failure database to /proc/database"))
        let merge = try HarnessToolTests.run(["fuzz", "merge", folder.path, "--output", folder.appendingPathComponent("merged").path])
        #expect(merge.status == 2 && merge.error.contains("\(folder.path)/summary.json: no such file"), "\(merge.error)")
        let known = try HarnessToolTests.run(["fuzz", "known", folder.path, "--reason", "r", "--known", folder.path])
        #expect(known.status == 2 && known.error.contains("summary.json: no such file"), "\(known.error)")
    }

    /// A fuzz run, its merge and the known list agree: the merge of one run has its status (1 when
    /// a failure is new, else 0), and once its signatures are known, neither finds anything new.
    @Test func fuzzRunMergeAndKnownAgreeOnZeroAndOne() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let known = folder.appendingPathComponent("known")
        try FileManager.default.createDirectory(at: known, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("run").path
        // Seed 1's first eight scenes include a failing one (scene 5), new to an empty known list.
        let options = ["--seed", "1", "--scenes", "8", "--shrinks", "0", "--new-shrinks", "0", "--no-database", "--known", known.path]
        let run = try HarnessToolTests.run(["fuzz", "run"] + options + ["--output", output])
        #expect(run.status == 1, "\(run.output)\(run.error)")
        let merged = try HarnessToolTests.run(["fuzz", "merge", output, "--output", folder.appendingPathComponent("merged").path])
        #expect(merged.status == run.status)
        let recorded = try HarnessToolTests.run(["fuzz", "known", output, "--reason", "test", "--known", known.path])
        #expect(recorded.status == 0, "\(recorded.error)")
        #expect(recorded.output.hasPrefix("wrote the known list ("), "\(recorded.output)")
        let again = try HarnessToolTests.run(["fuzz", "run"] + options + ["--output", output])
        #expect(again.status == 0, "\(again.output)")
    }
}
