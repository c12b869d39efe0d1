import ArgumentParser
import Foundation
import Harness

/// `harness compare BEFORE.json AFTER.json`: every metric that moved beyond its noise band between
/// two runs' `results.json`, regressions and improvements apart, the metrics lost, retired and
/// new, and, given the benchmark's rounds, the throughput verdict; a one-line verdict. Two
/// versions or configurations of one engine: exits 1 on a regression, a lost metric (one measured
/// before, missing after and not in the retired list) or a slower throughput. Two engines: the
/// lists say where each is closer to the reference, and nothing fails. Runs of different suites
/// are refused (exit 2), as are unreadable inputs.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two runs' results.json; exit 1 on a regression, a lost metric or a slower throughput.",
        discussion: """
            Exit status: 0 nothing regressed, was lost or got slower; 1 a metric regressed, a metric was lost (measured \
            before, missing after and not retired) or the throughput got slower (two versions or configurations of one \
            engine); 2 a results.json, the retired list or the throughput rounds cannot be read (a results.json's line, \
            column and JSON path named), runs of different suites, the --output file cannot be written, or a usage error.
            """)

    /// Report formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case md, html, json
    }

    @Argument(help: "The earlier run's results.json.")
    var before: String

    @Argument(help: "The later run's results.json.")
    var after: String

    @Option(help: "md, html or json.")
    var format: Format = .md

    @Option(help: "Write the report to this file (default: standard output).")
    var output: String?

    @Option(help: "The retired-metrics list (default: this package's \(RetiredMetrics.relativePath)).")
    var retired: String?

    @Option(help: "The throughput rounds, as scripts/compare-ref writes them (\(ThroughputComparison.csvHeader)).")
    var throughput: String?

    func run() throws {
        try CommandOutputs.check(files: [(output, "the comparison")])
        let earlier = try load(before), later = try load(after)
        let comparison: RunComparison
        do {
            comparison = try RunComparison(before: earlier, after: later, retired: try retiredList(),
                                           throughput: try throughput.map(readThroughput))
        } catch let error as ComparisonError {
            printError("error: \(error.description)")
            throw ExitCode.cannotRun
        }
        let data: Data
        switch format {
        case .md: data = Data(ComparisonReport.markdown(comparison).utf8)
        case .html: data = Data(ComparisonReport.html(comparison, before: earlier, after: later).utf8)
        case .json:
            do {
                data = try ComparisonJSON.encode(comparison) + Data("\n".utf8)
            } catch {
                printError("error: cannot encode the comparison as JSON: \(error.localizedDescription)")
                throw ExitCode.cannotRun
            }
        }
        if let output {
            print(comparison.verdictLine)
            var outputs = CommandOutputs()
            outputs.add(data, to: output, what: "the comparison")
            try outputs.write()
        } else {
            FileHandle.standardOutput.write(data)
        }
        if comparison.fails { throw ExitCode.verdictFailed }
    }

    private func load(_ path: String) throws -> RunResults {
        do {
            return try ResultsCoding.decode(RunResults.self, fromFile: path, expected: "a harness results.json")
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
    }

    /// The list given, or the package's own; none when the package's is absent (a tool moved
    /// away from its sources), so that every missing metric counts as lost.
    private func retiredList() throws -> RetiredMetrics {
        let path = retired ?? PackageRoot.path(RetiredMetrics.relativePath)
        if retired == nil && !FileManager.default.fileExists(atPath: path) { return RetiredMetrics() }
        do {
            return try RetiredMetrics.load(from: URL(fileURLWithPath: path))
        } catch {
            printError("error: \(error.description)")
            throw ExitCode.cannotRun
        }
    }

    private func readThroughput(_ path: String) throws -> ThroughputComparison {
        let text: String
        do {
            text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        } catch {
            printError("error: cannot read the throughput rounds \(path): \(error.localizedDescription)")
            throw ExitCode.cannotRun
        }
        do {
            return try ThroughputComparison.parse(csv: text)
        } catch {
            printError("error: \(path): \(error.description)")
            throw ExitCode.cannotRun
        }
    }
}
