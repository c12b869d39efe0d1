import ArgumentParser
import Foundation
import Harness

/// `harness compare BEFORE.json AFTER.json`: every metric that moved beyond its noise band between
/// two runs' `results.json` (two commits or two engines), regressions and improvements apart,
/// with a one-line verdict; exits 1 on any regression. Across two engines the lists say where each
/// is closer to the reference, and nothing is a regression.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare", abstract: "Compare two runs' results.json; exit 1 on any regression.")

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
        let earlier = try load(before), later = try load(after)
        let comparison = RunComparison(before: earlier, after: later)
        let text = format == .md
            ? ComparisonReport.markdown(comparison) : ComparisonReport.html(comparison, before: earlier, after: later)
        if let output {
            guard writeOutput(Data(text.utf8), to: output, what: "comparison") else { throw ExitCode(2) }
            print(comparison.verdictLine)
        } else {
            print(text, terminator: "")
        }
        if comparison.hasRegressions { throw ExitCode.failure }
    }

    private func load(_ path: String) throws -> RunResults {
        do {
            return try ResultsCoding.decode(RunResults.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            printError("error: cannot read \(path) as a harness results.json: \(error.localizedDescription)")
            throw ExitCode(2)
        }
    }
}
