import Foundation
import Testing

/// End-to-end tests of the `harness` executable, run as a separate process.
@Suite struct HarnessToolTests {
    struct Outcome {
        var status: Int32
        var output: String
        var error: String
    }

    /// The built `harness` binary, next to the test bundle in the build folder.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("harness")
    }

    /// Runs the tool with its output and error streams in temporary files (pipes could fill up
    /// and block the child while the parent waits).
    static func run(_ arguments: [String]) throws -> Outcome {
        try run(executable: binary, arguments)
    }

    /// Runs `executable` as ``run(_:)`` runs the tool.
    static func run(executable: URL, _ arguments: [String]) throws -> Outcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-io-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputURL = folder.appendingPathComponent("out"), errorURL = folder.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL), error = try FileHandle(forWritingTo: errorURL)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Outcome(status: process.terminationStatus,
                       output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
                       error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    @Test func goldenChecksTheCommittedBaseline() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Golden/determinism.json")
        let outcome = try Self.run(["golden", "--file", golden.path])
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.contains("pile: "))
        // A tampered baseline is reported as changed and fails.
        let tampered = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: tampered) }
        let text = try String(contentsOf: golden, encoding: .utf8)
        try text.replacingOccurrences(of: "\"scene\" : \"pile\",\n      \"stateHash\" : \"", with: "\"scene\" : \"pile\",\n      \"stateHash\" : \"0")
            .write(to: tampered, atomically: true, encoding: .utf8)
        let failing = try Self.run(["golden", "--file", tampered.path])
        #expect(failing.status == 1)
        #expect(failing.output.contains("CHANGED"))
        // A baseline that cannot be read is not a verdict: 2, with its line, column and path.
        try text.replacingOccurrences(of: "\"stateHash\" : \"", with: "\"stateHash\" : NaN, \"x\": \"")
            .write(to: tampered, atomically: true, encoding: .utf8)
        let unreadable = try Self.run(["golden", "--file", tampered.path])
        #expect(unreadable.status == 2)
        #expect(unreadable.error.hasPrefix("error: \(tampered.path):") && unreadable.error.contains(".stateHash: is not valid JSON: NaN is not JSON"),
                "\(unreadable.error)")
    }

    @Test func listNamesEveryExperiment() throws {
        let outcome = try Self.run(["list"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("gravity-push\t"))
    }

    @Test func runWritesTheThreeReportsAndPrintsTheTable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("harness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let outcome = try Self.run(["run", "--experiment", "gravity-push", "--quick", "--output", directory.path])
        #expect(outcome.status == 0, "stderr: \(outcome.error)")
        #expect(outcome.output.contains("experiment"))
        #expect(outcome.output.contains("verdict: pass"))
        for name in ["results.json", "report.md", "report.html"] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path))
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("results.json"))) as? [String: Any]
        #expect(json?["schemaVersion"] as? Int == 2)
        let experiments = json?["experiments"] as? [[String: Any]]
        #expect(experiments?.first?["id"] as? String == "gravity-push")
        let metadata = json?["metadata"] as? [String: Any]
        #expect(metadata?["quick"] as? Bool == true)
    }

    /// `--engine dynamics-rigid` runs the experiments on the engine's rigid contact solver and
    /// names it so in the results.
    @Test func theRigidEngineRunsAndIsNamed() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("harness-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var engines: [String] = []
        for engine in ["dynamics", "dynamics-rigid"] {
            let directory = root.appendingPathComponent(engine)
            let outcome = try Self.run(["run", "--experiment", "bounce", "--quick", "--no-golden", "--engine", engine, "--output", directory.path])
            // 1 is a run whose experiments missed a tolerance, which the rigid solver may; 2 would be a
            // usage or write error.
            #expect(outcome.status == 0 || outcome.status == 1, "stderr: \(outcome.error)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("results.json"))) as? [String: Any]
            let metadata = json?["metadata"] as? [String: Any]
            engines.append(String(describing: metadata?["engine"] ?? "none"))
        }
        #expect(engines == ["Dynamics", "Dynamics (rigid)"], "\(engines)")
    }

    @Test func anUnknownExperimentIsRejectedWithItsName() throws {
        let outcome = try Self.run(["run", "--experiment", "no-such-thing", "--output", "/tmp/never-written"])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("no-such-thing"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }

    /// Each failure is the same line of `failures.jsonl` in every run. Without sorted keys, the
    /// encoder's key order followed the process's random hashing seed and changed between runs.
    @Test func twoFuzzRunsWriteTheSameFailureLines() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-lines-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let logs = try (1...2).map { run in
            let output = root.appendingPathComponent("run-\(run)")
            // Seed 1's first eight scenes include a failing one (scene 5); exit 1 reports it.
            let outcome = try Self.run(["fuzz", "run", "--seed", "1", "--scenes", "8", "--shrinks", "0", "--new-shrinks", "0", "--no-database", "--output", output.path])
            #expect(outcome.status == 0 || outcome.status == 1, "\(outcome.error)")
            let text = try String(contentsOf: output.appendingPathComponent("failures.jsonl"), encoding: .utf8)
            return Set(text.split(separator: "\n"))
        }
        #expect(!logs[0].isEmpty)
        #expect(logs[0] == logs[1])
    }
}
