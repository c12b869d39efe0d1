import ArgumentParser
import Foundation
import DynamicsAdapter
import Harness

/// `harness golden`: the committed baselines under `Golden/`. `check` compares the determinism
/// hashes with this build; `update` rewrites the metric baselines (quick and full suites) and,
/// for a whole update, the hashes, for review in the diff.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden", abstract: "Check or update the committed baselines (Golden/).",
        subcommands: [Check.self, Update.self], defaultSubcommand: Check.self)

    /// `harness golden check`.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare the determinism hashes of Golden/ with this build (metrics: harness run).")

        @Option(help: "The determinism baseline file (default: the package's).")
        var file: String?

        func run() throws {
            let measured = try DeterminismBaseline.measure(engine: DynamicsEngine())
            let path = file ?? PackageRoot.path(DeterminismBaseline.relativePath)
            let committed = try ResultsCoding.decode(DeterminismBaseline.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            var differ = false
            for entry in measured.entries {
                let old = committed.entries.first { $0.scene == entry.scene }?.stateHash ?? "missing"
                print("\(entry.scene): \(entry.stateHash) \(old == entry.stateHash ? "ok" : "CHANGED (was \(old))")")
                differ = differ || old != entry.stateHash
            }
            if differ { throw ExitCode.failure }
        }
    }

    /// `harness golden update [--experiment ID]`.
    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rewrite the metric baselines (quick and full suites) and the determinism hashes from this build.")

        @Option(name: .customLong("experiment"), help: "Only this experiment's metric baselines (repeatable); the hashes stay.")
        var experimentIDs: [String] = []

        @Option(help: "Folder of golden metric baselines (default: the package's Golden/metrics).")
        var golden: String?

        func validate() throws {
            try ExperimentSelection.validate(experimentIDs)
        }

        func run() throws {
            let experiments = ExperimentSelection.experiments(experimentIDs)
            let folder = URL(fileURLWithPath: golden ?? PackageRoot.path(GoldenMetrics.relativeFolder), isDirectory: true)
            for quick in [true, false] {
                var results = SuiteRunner(options: ExperimentOptions(quick: quick, engine: DynamicsEngine())).run(experiments)
                let failing = results.failures
                guard failing.isEmpty else {
                    for (experiment, metric) in failing {
                        printError("\(experiment) / \(metric.caseName) / \(metric.name) misses its tolerance \(metric.tolerance)")
                    }
                    printError("error: not updating: a baseline records an engine that passes its tolerances")
                    throw ExitCode.failure
                }
                do {
                    try GoldenMetrics.compare(&results, withBaselinesIn: folder, source: folder.path)
                } catch {
                    printError("note: \(error); it is written anew, every value counted as new")
                }
                for url in try GoldenMetrics.write(results, to: folder, experiments: Set(experiments.map(\.id))) {
                    let id = url.deletingPathExtension().lastPathComponent
                    let moved = results.experiments.first { $0.id == id }?.metrics
                        .filter { $0.change.map { $0.status != .unchanged } ?? true }.count ?? 0
                    print("wrote \(url.path) (\(moved) values new or moved)")
                }
            }
            if experimentIDs.isEmpty {
                let path = PackageRoot.path(DeterminismBaseline.relativePath)
                try AtomicFile.write(ResultsCoding.encode(try DeterminismBaseline.measure(engine: DynamicsEngine())),
                                     to: URL(fileURLWithPath: path))
                print("wrote \(path)")
            }
        }
    }
}
