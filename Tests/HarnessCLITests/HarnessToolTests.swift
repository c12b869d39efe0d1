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

    static func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
                       error: String(decoding: errData, as: UTF8.self))
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
        #expect(json?["schemaVersion"] as? Int == 1)
        let experiments = json?["experiments"] as? [[String: Any]]
        #expect(experiments?.first?["id"] as? String == "gravity-push")
        let metadata = json?["metadata"] as? [String: Any]
        #expect(metadata?["quick"] as? Bool == true)
    }

    @Test func anUnknownExperimentIsRejectedWithItsName() throws {
        let outcome = try Self.run(["run", "--experiment", "no-such-thing", "--output", "/tmp/never-written"])
        #expect(outcome.status != 0)
        #expect(outcome.error.contains("no-such-thing"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written"))
    }
}
