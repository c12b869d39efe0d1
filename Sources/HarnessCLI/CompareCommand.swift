import ArgumentParser
import Foundation
import Harness

/// `harness compare BEFORE.json AFTER.json`: every metric that moved beyond its noise band between
/// two runs' `results.json` (two commits or two engines), regressions and improvements apart,
/// with a one-line verdict; exits 1 on any regression. Across two engines the lists say where each
/// is closer to the reference, and nothing is a regression.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Compare two runs' results.json; exit 1 on any regression.",
        discussion: """
            Exit status: 0 no metric regressed; 1 a metric regressed; 2 a results.json cannot be \
            read (its line, column and JSON path named), the --output file cannot be written, or a usage error.
            """)

    /// Report formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case md, html
    }

    @Argument(help: "The earlier run's results.json.")
    var before: String

    @Argument(help: "The later run's results.json.")
    var after: String

    @Option(help: "md or html.")
    var format: Format = .md

    @Option(help: "Write the report to this file (default: standard output).")
    var output: String?

    func run() throws {
        try CommandOutputs.check(files: [(output, "the comparison")])
        let earlier = try load(before), later = try load(after)
        let comparison = RunComparison(before: earlier, after: later)
        let text = format == .md
            ? ComparisonReport.markdown(comparison) : ComparisonReport.html(comparison, before: earlier, after: later)
        if let output {
            print(comparison.verdictLine)
            var outputs = CommandOutputs()
            outputs.add(Data(text.utf8), to: output, what: "the comparison")
            try outputs.write()
        } else {
            print(text, terminator: "")
        }
        if comparison.hasRegressions { throw ExitCode.verdictFailed }
    }

    private func load(_ path: String) throws -> RunResults {
        do {
            return try ResultsCoding.decode(RunResults.self, fromFile: path, expected: "a harness results.json")
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
    }
}
