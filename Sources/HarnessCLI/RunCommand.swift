import ArgumentParser
import Foundation
import DynamicsAdapter
import Harness

/// `harness run`: runs experiments, compares their metrics with the golden baselines, prints the
/// summary, writes `results.json`, `report.md` and `report.html`, and exits 1 if any metric misses
/// its tolerance or regressed (2 if the reports cannot be written).
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

    func validate() throws {
        try ExperimentSelection.validate(experimentIDs)
    }

    func run() throws {
        let experiments = ExperimentSelection.experiments(experimentIDs)
        var results = SuiteRunner(options: ExperimentOptions(quick: quick, engine: DynamicsEngine()))
            .run(experiments, provenance: RunProvenance.current(packageRoot: PackageRoot.url))
        var baselineError: String?
        if !noGolden {
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
        let directory = URL(fileURLWithPath: output, isDirectory: true)
        do {
            try ReportWriter.write(results, to: directory)
            print("reports: \(ReportWriter.fileNames.map { directory.appendingPathComponent($0).path }.joined(separator: ", "))")
        } catch {
            printError("error: cannot write the reports to \(output): \(error.localizedDescription)")
            throw ExitCode(2)
        }
        if results.verdict.failsRun || baselineError != nil { throw ExitCode.failure }
    }
}
