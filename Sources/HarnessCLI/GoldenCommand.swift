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
            abstract: "Compare the determinism hashes of Golden/ with this build (metrics: harness run).",
            discussion: """
                Exit status: 0 every hash matches; 1 a hash changed; 2 the baseline file cannot be \
                read (its line, column and JSON path named) or a usage error.
                """)

        @Option(help: "The determinism baseline file (default: the package's).")
        var file: String?

        func run() throws {
            let path = file ?? PackageRoot.path(DeterminismBaseline.relativePath)
            let committed: DeterminismBaseline
            do {
                committed = try ResultsCoding.decode(DeterminismBaseline.self, fromFile: path, expected: "a determinism baseline")
            } catch {
                printError("error: \(error)")
                throw ExitCode.cannotRun
            }
            let measured = try DeterminismBaseline.measure(engine: DynamicsEngine())
            var differ = false
            for entry in measured.entries {
                let old = committed.entries.first { $0.scene == entry.scene }?.stateHash ?? "missing"
                print("\(entry.scene): \(entry.stateHash) \(old == entry.stateHash ? "ok" : "CHANGED (was \(old))")")
                differ = differ || old != entry.stateHash
            }
            if differ { throw ExitCode.verdictFailed }
        }
    }

    /// `harness golden update [--experiment ID]`.
    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rewrite the metric baselines (quick and full suites) and the determinism hashes from this build.",
            discussion: """
                The baseline folder (and, for a whole update, the determinism file) is checked \
                before the suites run; every file is written together after both, all or none. \
                Exit status: 0 written; 1 not written because a metric misses its tolerance; 2 the \
                baselines cannot be written, or a usage error.
                """)

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
            let hashes = PackageRoot.path(DeterminismBaseline.relativePath)
            try CommandOutputs.check(folder: folder.path, what: "the golden baselines")
            if experimentIDs.isEmpty { try CommandOutputs.check(files: [(hashes, "the determinism hashes")]) }
            var outputs = CommandOutputs()
            for quick in [true, false] {
                var results = SuiteRunner(options: ExperimentOptions(quick: quick, engine: DynamicsEngine())).run(experiments)
                let failing = results.failures
                guard failing.isEmpty else {
                    for (experiment, metric) in failing {
                        printError("\(experiment) / \(metric.caseName) / \(metric.name) misses its tolerance \(metric.tolerance)")
                    }
                    printError("error: not updating: a baseline records an engine that passes its tolerances")
                    throw ExitCode.verdictFailed
                }
                do {
                    try GoldenMetrics.compare(&results, withBaselinesIn: folder, source: folder.path)
                } catch {
                    printError("note: \(error); it is written anew, every value counted as new")
                }
                for (id, url, data) in try GoldenMetrics.files(results, in: folder, experiments: Set(experiments.map(\.id))) {
                    let moved = results.experiments.first { $0.id == id }?.metrics
                        .filter { $0.change.map { $0.status != .unchanged } ?? true }.count ?? 0
                    outputs.createFolder(url.deletingLastPathComponent().path)
                    outputs.add(data, to: url.path,
                                what: "the \(GoldenMetrics.suiteName(quick: quick)) baseline of \(id) (\(moved) values new or moved)")
                }
            }
            if experimentIDs.isEmpty {
                outputs.add(try ResultsCoding.encode(try DeterminismBaseline.measure(engine: DynamicsEngine())), to: hashes,
                            what: "the determinism hashes")
            }
            try outputs.write()
        }
    }
}
