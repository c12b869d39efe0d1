import ArgumentParser
import Foundation
import DynamicsAdapter
import Harness

/// `harness run`: runs experiments, writes `results.json`, `report.md` and `report.html`,
/// prints the summary table, and exits non-zero if any metric misses its tolerance.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run canonical experiments and write reports.")

    @Option(name: .customLong("experiment"), help: "An experiment identifier (repeatable); default: all.")
    var experimentIDs: [String] = []

    @Flag(help: "Run the quick suite (fewer cases and time steps, same code path).")
    var quick = false

    @Option(help: "Folder for results.json, report.md and report.html.")
    var output = "Reports/latest"

    func validate() throws {
        let known = Set(ExperimentCatalog.all.map(\.id))
        for id in experimentIDs where !known.contains(id) {
            throw ValidationError("unknown experiment '\(id)'; known: \(known.sorted().joined(separator: ", "))")
        }
    }

    func run() throws {
        let experiments = experimentIDs.isEmpty
            ? ExperimentCatalog.all : experimentIDs.compactMap(ExperimentCatalog.experiment(withID:))
        let results = SuiteRunner(options: ExperimentOptions(quick: quick, engine: DynamicsEngine()))
            .run(experiments, gitCommit: GitCommit.current())
        let directory = URL(fileURLWithPath: output, isDirectory: true)
        try ReportWriter.write(results, to: directory)
        print(ConsoleSummary.render(results))
        print("reports: \(ReportWriter.fileNames.map { directory.appendingPathComponent($0).path }.joined(separator: ", "))")
        for failure in results.failures {
            let metric = failure.metric
            print("FAIL \(failure.experiment) / \(metric.caseName) / \(metric.name): \(metric.value) \(metric.unit), tolerance \(metric.tolerance)")
        }
        if results.verdict == .fail { throw ExitCode.failure }
    }
}

/// The commit of the current directory's git work tree, if git and a repository are there.
enum GitCommit {
    static func current() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "HEAD"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
