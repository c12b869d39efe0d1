import ArgumentParser
import DynamicsAdapter
import Foundation
import Harness

/// `harness fuzz`: random scenes checked against every invariant in worker processes, failures
/// saved, shrunk and reported; `harness fuzz merge` joins shards.
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz", abstract: "Fuzz the engine with random scenes checked against physics-law invariants.",
        subcommands: [FuzzRunCommand.self, FuzzMergeCommand.self, FuzzCompareCommand.self, FuzzKnownCommand.self], defaultSubcommand: FuzzRunCommand.self)
}

/// The fuzz run itself (the default of `harness fuzz`).
struct FuzzRunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run random scenes in worker processes; exit 1 when a failure is not of a known open class.",
        discussion: """
            The output folder (created when missing) and the failure database are checked before \
            any scene runs. Findings are saved as they are found, each file atomically, so that an \
            interrupted or crashed run keeps them; the reports are rewritten at the end. Exit status: \
            0 no failure with a new signature; 1 a new one; 2 the known list cannot be read, a \
            finding cannot be written, or a usage error.
            """)

    @Option(help: "The run's seed: scene k is generated from (seed, k) alone.")
    var seed: UInt64 = 1

    @Option(help: "Run this many scenes (indices 0..<N, this shard's share).")
    var scenes: Int?

    @Option(name: .customLong("time-budget"), help: "Run until this much time has passed: 90s, 10m, 1h.")
    var timeBudget: String?

    @Option(help: "Run shard i of n (1-based): the scene indices k with k % n == i − 1.")
    var shard: String = "1/1"

    @Option(help: "Worker processes (default: the number of cores).")
    var jobs: Int?

    @Option(help: "Where the report, scenes and summary go.")
    var output: String = "Reports/fuzz/latest"

    @Option(help: "Processor seconds a worker may spend on one scene before it counts as a hang (a worker blocked without spinning: ten times that by the clock).")
    var timeout: Double = 20

    @Option(help: "Folder of known open failures: scenes named <signature>--<what>.json and known-signatures.txt.")
    var known: String = "Golden/fuzz/open"

    @Option(help: "The failure database: its scenes are replayed first, and this run's failures are added.")
    var database: String = ".fuzz-database"

    @Flag(help: "Neither replay nor add to the failure database.")
    var noDatabase = false

    @Option(help: "Known signatures shrunk per invariant (each new signature is shrunk once, up to --new-shrinks).")
    var shrinks: Int = 3

    @Option(name: .customLong("new-shrinks"), help: "The most new signatures shrunk in one run.")
    var newShrinks: Int = 20

    @Flag(help: "Fuzz the engine with its rigid contact solver instead of the default soft step (as --engine dynamics-rigid).")
    var rigid = false

    @Option(help: "The engine to fuzz: dynamics (default), dynamics-rigid, chipmunk or box2d. Another engine's run skips the scenes it cannot express and counts them by feature.")
    var engine: SingleEngineChoice?

    @Option(name: .customLong("same-scenes-as"), help: "Also skip the scenes this engine cannot express, so that two engines' runs on one seed check the same scenes (compare them with `harness fuzz compare`).")
    var sameScenesAs: SingleEngineChoice?

    func validate() throws {
        _ = try CheckedEngine.engine(engine, rigid: rigid, recordsSubsteps: false)
        _ = try sameScenesAs.map { try $0.engine() }
        if scenes != nil && timeBudget != nil { throw ValidationError("give --scenes or --time-budget, not both") }
        if let scenes, scenes < 1 { throw ValidationError("--scenes must be at least 1") }
        if let timeBudget, FuzzOptions.seconds(parsing: timeBudget) == nil {
            throw ValidationError("--time-budget \"\(timeBudget)\" is not a duration such as 90s, 10m or 1h")
        }
        if FuzzOptions.shard(parsing: shard) == nil { throw ValidationError("--shard \"\(shard)\" is not i/n with 1 ≤ i ≤ n") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if shrinks < 0 || newShrinks < 0 { throw ValidationError("--shrinks and --new-shrinks must not be negative") }
        if !(timeout > 0) { throw ValidationError("--timeout must be positive") }
    }

    func run() throws {
        let (index, count) = FuzzOptions.shard(parsing: shard)!
        let budget = timeBudget.flatMap(FuzzOptions.seconds(parsing:))
        try CommandOutputs.check(folder: output, what: "the fuzz report")
        if !noDatabase { try CommandOutputs.check(folder: database, what: "the failure database") }
        let knownFailures: KnownFailures
        do {
            knownFailures = try KnownFailures.load(from: URL(fileURLWithPath: known))
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
        let options = FuzzOptions(
            seed: seed, sceneCount: budget == nil ? (scenes ?? 100) : nil, timeBudget: budget, shard: index, shardCount: count,
            jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, output: URL(fileURLWithPath: output), timeout: timeout,
            workerCommand: [WorkerExecutable.path, "fuzz-worker"] + CheckedEngine.arguments(engine, rigid: rigid)
                + (sameScenesAs.map { ["--same-scenes-as", $0.rawValue] } ?? []),
            known: knownFailures, database: noDatabase ? nil : URL(fileURLWithPath: database), shrinksPerInvariant: shrinks,
            newShrinks: newShrinks,
            engineName: try CheckedEngine.engine(engine, rigid: rigid, recordsSubsteps: false).name,
            replayOptions: CheckedEngine.arguments(engine, rigid: rigid), showsProgress: true,
            skipsUnsupported: sameScenesAs != nil || !(engine == nil || engine == .dynamics || engine == .dynamicsRigid))
        FuzzStop.installSignalHandlers()
        let summary: FuzzSummary
        do {
            summary = try FuzzCampaign(options: options).run()
        } catch let failure as FuzzCampaign.SaveFailure {
            printError("error: \(failure)")
            throw ExitCode.cannotRun
        } catch {
            printError("error: the fuzz run could not write to \(output): \(error.localizedDescription)")
            throw ExitCode.cannotRun
        }
        print(FuzzReport.headline(summary).joined(separator: "\n"))
        for (name, failing) in summary.failing.sorted(by: { $0.key < $1.key }) { print("  \(name): \(failing) failing") }
        for tally in summary.tallies.filter({ !$0.known }).prefix(10) {
            print("  new: \(tally.signature.slug) (\(tally.scenes) scene\(tally.scenes == 1 ? "" : "s"), first scenes/\(tally.firstIndex).json)")
        }
        print("Report: \(output)/fuzz-report.md, \(output)/fuzz-report.html")
        if summary.allCounts.new > 0 { throw ExitCode.verdictFailed }
    }
}

/// `harness fuzz merge DIR... --output DIR`.
struct FuzzMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge", abstract: "Merge the output folders of fuzz shards into one report; exit 1 on new failures.",
        discussion: """
            Exit status: 0 no failure with a new signature; 1 a new one; 2 a shard's summary.json \
            cannot be read (its line, column and JSON path named), the output cannot be written, or \
            a usage error.
            """)

    @Argument(help: "The shards' output folders.")
    var folders: [String]

    @Option(help: "Where the merged report goes.")
    var output: String

    func run() throws {
        try CommandOutputs.check(folder: output, what: "the merged fuzz report")
        let summary: FuzzSummary
        do {
            summary = try FuzzMerge.merge(folders.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: output))
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
        print(FuzzReport.headline(summary).joined(separator: "\n"))
        print("Report: \(output)/fuzz-report.md, \(output)/fuzz-report.html")
        if summary.allCounts.new > 0 { throw ExitCode.verdictFailed }
    }
}

/// `harness fuzz compare DIR DIR... [--output FILE]`.
struct FuzzCompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Set the fuzz runs of several engines on one seed side by side: failure rates per invariant.",
        discussion: """
            The runs must share their seed and scene indices. For rates that compare scene for \
            scene, run this project's engine with --same-scenes-as the other engine. Exit status: \
            0 the table was printed (and written); 2 a summary.json cannot be read, the runs differ \
            in seed or scenes, the output cannot be written, or a usage error.
            """)

    @Argument(help: "The runs' output folders (each with its summary.json).")
    var folders: [String]

    @Option(help: "Also write the table here (Markdown).")
    var output: String?

    func run() throws {
        try CommandOutputs.check(files: [(output, "the comparison")])
        let comparison: FuzzComparison
        do {
            comparison = try FuzzComparison(folders.map { folder in
                try JSONFile.decode(FuzzSummary.self, from: URL(fileURLWithPath: folder).appendingPathComponent("summary.json").path,
                                    expected: "a fuzz summary.json")
            })
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
        print(comparison.markdown, terminator: "")
        if let output {
            var outputs = CommandOutputs()
            outputs.add(Data(comparison.markdown.utf8), to: output, what: "the comparison")
            try outputs.write()
        }
    }
}

/// `harness fuzz known REPORT-FOLDER... --reason TEXT`: records the new signatures of fuzz runs as
/// known open failures, so that later runs count them as known and only newer ones fail.
struct FuzzKnownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "known",
        abstract: "Add the new failure signatures of fuzz runs to the known list (Golden/fuzz/open/known-signatures.txt).",
        discussion: """
            Exit status: 0 the list was updated or had every signature already; 2 a summary.json or \
            the list cannot be read (the line, column and JSON path named), the list cannot be \
            written, or a usage error.
            """)

    @Argument(help: "Output folders of fuzz runs (each with its summary.json).")
    var folders: [String]

    @Option(help: "Why these failures are left open (written beside them).")
    var reason: String

    @Option(help: "Folder of known open failures.")
    var known: String = "Golden/fuzz/open"

    func run() throws {
        let folder = URL(fileURLWithPath: known)
        let list = folder.appendingPathComponent(KnownFailures.listName)
        try CommandOutputs.check(files: [(list.path, "the known list")])
        var added: [String] = []
        do {
            let current = try KnownFailures.load(from: folder)
            for path in folders {
                let file = URL(fileURLWithPath: path).appendingPathComponent("summary.json").path
                let summary = try JSONFile.decode(FuzzSummary.self, from: file, expected: "a fuzz summary.json")
                for tally in summary.tallies where !current.slugs.contains(tally.signature.slug) && !added.contains(tally.signature.slug) {
                    added.append(tally.signature.slug)
                }
            }
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
        guard !added.isEmpty else {
            print("no new signatures in \(folders.joined(separator: ", "))")
            return
        }
        var text = (try? String(contentsOf: list, encoding: .utf8)) ?? ""
        if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
        text += "\n# \(reason.replacingOccurrences(of: "\n", with: " "))\n" + added.sorted().map { $0 + "\n" }.joined()
        var outputs = CommandOutputs()
        outputs.add(Data(text.utf8), to: list.path, what: "the known list (\(added.count) signature\(added.count == 1 ? "" : "s") added)")
        try outputs.write()
    }
}

/// The hidden worker the fuzzer starts: checks scenes read from standard input on this engine.
struct FuzzWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz-worker", abstract: "Internal: a fuzz worker process.", shouldDisplay: false)

    @Flag(help: "Check scenes on the engine's rigid contact solver.")
    var rigid = false

    @Option(help: "The engine to check scenes on.")
    var engine: SingleEngineChoice?

    @Option(name: .customLong("same-scenes-as"), help: "Skip the scenes this engine cannot express too.")
    var sameScenesAs: SingleEngineChoice?

    func run() throws {
        let engine = try CheckedEngine.engine(engine, rigid: rigid, recordsSubsteps: true)
        FuzzWorker.serve(checker: PropertyChecker(engine: engine, alternatesTreeVariants: true,
                                                  sameScenesAs: try sameScenesAs.map { try $0.engine() }))
    }
}

/// This executable's absolute path, for starting workers.
enum WorkerExecutable {
    static var path: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
    }
}
