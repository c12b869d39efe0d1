import ArgumentParser
import Foundation
import DynamicsAdapter
import Harness

/// `harness run`: runs experiments, compares their metrics with the golden baselines, prints the
/// summary, writes `results.json`, `report.md` and `report.html`, and exits 1 if any metric misses
/// its tolerance or regressed (2 if the work cannot be done: the reports cannot be written, a
/// baseline cannot be read). With `--engine all` each engine's files go to a subfolder named
/// after it, the top-level `report.md` and `report.html` put the engines' values side by side,
/// and the top-level `results.json` is this engine's (the one the exit status and the golden
/// baselines are about; Chipmunk and Box2D are columns to read, judged by its own expectations, not a gate
/// on a change to this engine), so that it is always the latest run's.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run canonical experiments, compare them with Golden/, and write reports.",
        discussion: """
            The output folder is checked before the experiments run and created when missing; its \
            files are written together after them, all or none. With --engine all, DIR/results.json \
            is this engine's results (as DIR/dynamics/results.json), DIR/report.md and report.html \
            compare the engines, and DIR/ENGINE/ holds each engine's own files. Exit status: 0 every \
            metric passed; 1 a metric missed its tolerance or regressed; 2 the work could not be done \
            (a usage error, Chipmunk or Box2D not built in, a golden baseline that cannot be read, reports \
            that cannot be written).
            """)

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

    @Option(help: "dynamics (its default contact solver, the soft step), dynamics-rigid (its rigid contact solver), chipmunk, box2d or all (dynamics, chipmunk and box2d, side by side).")
    var engine: EngineChoice = .dynamics

    /// What each report file is, for messages.
    private static let descriptions = ["results.json": "the results", "report.md": "the Markdown report", "report.html": "the HTML report"]

    func validate() throws {
        try ExperimentSelection.validate(experimentIDs)
    }

    func run() throws {
        let experiments = ExperimentSelection.experiments(experimentIDs)
        let engines = try engine.engines()
        let folders = engines.count == 1 ? [output] : [output] + engines.map { subfolder(for: $0) }
        try checkOutputs(folders)
        let provenance = RunProvenance.current(packageRoot: PackageRoot.url)
        var runs: [RunResults] = []
        var failed = false, unreadableBaseline = false
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
            if gates && results.verdict.failsRun { failed = true }
            if gates && baselineError != nil { unreadableBaseline = true }
            runs.append(results)
        }
        var outputs = CommandOutputs()
        outputs.createFolder(output)
        if runs.count == 1 {
            try add(ReportWriter.files(runs[0]), in: output, to: &outputs)
        } else {
            for (engine, results) in zip(engines, runs) {
                outputs.createFolder(subfolder(for: engine))
                try add(ReportWriter.files(results), in: subfolder(for: engine), to: &outputs)
            }
            add(EngineColumns.files(runs), in: output, to: &outputs)
            if let index = engines.firstIndex(where: { $0 is DynamicsEngine }) {
                outputs.add(try ResultsCoding.encode(runs[index]), to: path(output, "results.json"), what: "this engine's results")
            }
        }
        try outputs.write()
        if unreadableBaseline { throw ExitCode.cannotRun }
        if failed { throw ExitCode.verdictFailed }
    }

    private func subfolder(for engine: any SimulationEngine) -> String {
        path(output, EngineColumns.folderName(of: engine.name))
    }

    private func path(_ folder: String, _ name: String) -> String {
        URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(name).path
    }

    /// Checks every folder and, where a folder exists already, every file the run will write.
    private func checkOutputs(_ folders: [String]) throws {
        for folder in folders {
            try CommandOutputs.check(folder: folder, what: "the reports")
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            try CommandOutputs.check(files: ReportWriter.fileNames.map { (path(folder, $0), Self.descriptions[$0] ?? $0) })
        }
    }

    private func add(_ files: [(name: String, data: Data)], in folder: String, to outputs: inout CommandOutputs) {
        for file in files { outputs.add(file.data, to: path(folder, file.name), what: Self.descriptions[file.name] ?? file.name) }
    }
}
