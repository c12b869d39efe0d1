import ArgumentParser
import Foundation
import Harness

/// `harness history`: every metric of the Golden baselines and the throughput benchmark across
/// the commits of a branch, on one HTML page with a plot per metric, each step change flagged
/// with the commit that made it (see ``History``).
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Plot every Golden metric and the benchmark across a branch's commits; flag each step change with its commit.",
        discussion: """
            Reads Golden/metrics/dynamics/<suite>/ at every commit on the first-parent line of --ref that changed it, \
            then the runs given with --run (results.json files of the same suite), and the benchmark files \
            (Benchmarks/results/*.csv, written by scripts/bench --record). Writes history.json, history.md and \
            history.html into --output. Exits 0 when written, 2 when the history cannot be read or written.
            """)

    @Option(help: "The branch or commit whose history is read.")
    var ref: String = "HEAD"

    @Option(help: "The suite: full or quick.")
    var suite: String = "full"

    @Option(name: .customLong("run"), help: "A run's results.json to add after the commits (repeatable).")
    var runs: [String] = []

    @Option(name: .customLong("bench"), help: "A benchmark CSV (repeatable; default: every Benchmarks/results/*.csv).")
    var benchmarks: [String] = []

    @Option(help: "The folder to write into.")
    var output: String = PackageRoot.path("Reports/history")

    func validate() throws {
        guard ["full", "quick"].contains(suite) else { throw ValidationError("--suite must be full or quick, not \(suite)") }
    }

    func run() throws {
        let folder = URL(fileURLWithPath: output, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            printError("error: cannot create the output folder \(output): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        do {
            let runs = try self.runs.map { path in
                (label: path, results: try ResultsCoding.decode(RunResults.self, from: Data(contentsOf: URL(fileURLWithPath: path))))
            }
            let files = benchmarks.isEmpty ? BenchTableCommand.defaultFiles : benchmarks
            let benchmark = try files.flatMap { try BenchmarkHistory.read($0) }
            let history = try GoldenHistory.read(packageRoot: PackageRoot.url, ref: ref, suite: suite, runs: runs, benchmark: benchmark)
            try HistoryReport.write(history, to: folder)
            print("history: \(history.commits.count) points, \(history.metrics.count) metrics, \(history.changed.count) changed, "
                  + "\(history.steps.count) step changes, \(history.benchmark.count) benchmark series")
            for (what, name) in zip(["the history's data", "the Markdown history", "the HTML history"], HistoryReport.fileNames) {
                print("wrote \(what): \(folder.appendingPathComponent(name).path)")
            }
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
    }
}
