import Foundation
import Testing

/// The small things a new user meets first: `--version`, help that shows one default and only
/// the choices a command accepts, and the exit statuses in every command's help.
@Suite struct HelpAndVersionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The package's commit, as git gives it.
    static func commit() throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "rev-parse", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func versionNamesThePackageVersionAndTheCommit() throws {
        let outcome = try HarnessToolTests.run(["--version"])
        #expect(outcome.status == 0)
        let commit = try Self.commit()
        #expect(commit.count == 40)
        #expect(outcome.output == "harness 0.1.0 (commit \(commit))\n", "\(outcome.output)")
        // The same every time: nothing of the moment or the machine.
        #expect(try HarnessToolTests.run(["--version"]).output == outcome.output)
        #expect(try HarnessToolTests.run(["--help"]).output.contains("--version"))
    }

    @Test func fuzzJobsShowsOneDefault() throws {
        let help = try HarnessToolTests.run(["fuzz", "run", "--help"]).output
        let jobs = try #require(help.range(of: "--jobs")).upperBound
        let entry = help[jobs...].prefix { $0 != "-" }
        #expect(entry.components(separatedBy: "default").count == 2, "\(entry)")
        #expect(entry.contains("the number of cores"))
    }

    /// `simulate --engine` lists what it runs, not `all`, which it refuses.
    @Test func simulateListsOnlyTheEnginesItAccepts() throws {
        let help = try HarnessToolTests.run(["simulate", "--help"]).output.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").joined(separator: " ")
        #expect(help.contains("values: dynamics, dynamics-rigid, chipmunk, box2d;"), "\(help)")
        #expect(!help.contains("box2d, all"))
        let all = try HarnessToolTests.run(["simulate", SceneCommandTests.examples.appendingPathComponent("gravity.json").path, "--engine", "all"])
        #expect(all.status == 2 && all.error.contains("'all'"))
        let rigid = try HarnessToolTests.run(["simulate", SceneCommandTests.examples.appendingPathComponent("gravity.json").path,
                                              "--engine", "dynamics-rigid", "--duration", "0.1"])
        #expect(rigid.status == 0, "\(rigid.error)")
    }

    /// Every command's help states its exit statuses.
    @Test(arguments: [["run"], ["compare"], ["golden", "check"], ["golden", "update"], ["simulate"], ["validate"],
                      ["fuzz", "run"], ["fuzz", "merge"], ["fuzz", "known"], ["replay"], []])
    func everyCommandsHelpStatesItsExitStatus(_ command: [String]) throws {
        let outcome = try HarnessToolTests.run(command + ["--help"])
        #expect(outcome.status == 0)
        let help = outcome.output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("Exit status") && help.contains("2"), "\(command): \(help)")
    }
}
