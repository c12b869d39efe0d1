import ArgumentParser
import Foundation
import DynamicsAdapter
import Harness

/// `harness run`: runs experiments, compares their metrics with the golden baselines, prints the
/// summary, writes `results.json`, `report.md` and `report.html`, and exits 1 if any metric misses
/// its tolerance or regressed (2 if the reports cannot be written). With `--engine all` each
/// engine's files go to a subfolder named after it and the top-level `report.md` and `report.html`
/// put the engines' values side by side; the exit status is this engine's (Chipmunk is a column to
/// read, judged by its own expectations, not a gate on a change to this engine).
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run canonical experiments, compare them with Golden/, and write reports.")

    @Option(name: .customLong("experiment"), help: "An experiment identifier (repeatable); default: all.")
    var experimentIDs: [String] = []

    @Flag(help: "Run the quick suite (fewer cases and time steps, same code path).")
    var quick = false

    @Option(help: "Folder for results.json, report.md and report.html.")
    var output = "Reports/latest"

    @Option(help: "Folder of golden metric baselines (default: the package's Golden/metrics).")
    var golden: String?

    @Flag(help: "Do not compare with golden baselines.")
    var noGolden = false

    @Flag(help: "Print every metric, not only those that did not pass.")
    var verbose = false

    @Option(help: "dynamics (its default contact solver, the soft step), dynamics-rigid (its rigid contact solver), chipmunk or all (dynamics and chipmunk, side by side).")
    var engine: EngineChoice = .dynamics

    func validate() throws {
        try ExperimentSelection.validate(experimentIDs)
    }

    func run() throws {
        let experiments = ExperimentSelection.experiments(experimentIDs)
        let engines = try engine.engines()
        let provenance = RunProvenance.current(packageRoot: PackageRoot.url)
        var runs: [RunResults] = []
        var failed = false
        for engine in engines {
            if engines.count > 1 { print("==> \(engine.name)") }
            var results = SuiteRunner(options: ExperimentOptions(quick: quick, engine: engine)).run(experiments, provenance: provenance)
            // Golden baselines record this engine; another engine is judged by its limits alone.
            var baselineError: String?
            if !noGolden && engine is DynamicsEngine {
                let folder = golden ?? PackageRoot.path(GoldenMetrics.relativeFolder)
                do {
                    try GoldenMetrics.compare(&results, withBaselinesIn: URL(fileURLWithPath: folder, isDirectory: true),
                                              source: golden ?? GoldenMetrics.relativeFolder)
                } catch {
                    baselineError = "error: \(error)"
                }
            }
            print(ConsoleSummary.render(results, verbose: verbose))
            if let baselineError { printError(baselineError) }
            let gates = engines.count == 1 || engine is DynamicsEngine
            if gates && (results.verdict.failsRun || baselineError != nil) { failed = true }
            let folder = engines.count == 1 ? output : URL(fileURLWithPath: output).appendingPathComponent(EngineColumns.folderName(of: engine.name)).path
            try write(folder, ReportWriter.fileNames) { try ReportWriter.write(results, to: $0) }
            runs.append(results)
        }
        if runs.count > 1 {
            try write(output, EngineColumns.fileNames) { try EngineColumns.write(runs, to: $0) }
        }
        if failed { throw ExitCode.failure }
    }

    private func write(_ folder: String, _ names: [String], _ body: (URL) throws -> Void) throws {
        let directory = URL(fileURLWithPath: folder, isDirectory: true)
        do {
            try body(directory)
            print("reports: \(names.map { directory.appendingPathComponent($0).path }.joined(separator: ", "))")
        } catch {
            printError("error: cannot write the reports to \(folder): \(error.localizedDescription)")
            throw ExitCode(2)
        }
    }
}
