import ArgumentParser
import Foundation

/// The `harness` command-line tool: runs the canonical experiments and lists them.
@main
struct HarnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harness",
        abstract: "Measures the Dynamics engine against analytic and GSL references.",
        discussion: """
            Exit status, every command: 0 it did its work and what it judges passed; 1 it did its \
            work and the verdict failed (a tolerance missed, a regression, an invariant violated, \
            a new fuzz failure, an invalid scene under validate); 2 it could not do its work (a \
            usage error, an input that cannot be read or is invalid, an output that cannot be written).
            """,
        version: HarnessVersion.number,
        subcommands: [RunCommand.self, CompareCommand.self, ListCommand.self, GoldenCommand.self, SimulateCommand.self, ValidateCommand.self,
                      FuzzCommand.self, ReplayCommand.self, HistoryCommand.self, BenchTableCommand.self, FuzzWorkerCommand.self]
    )

    /// Parses and runs the command, giving every error its status in the one scheme
    /// (``ExitCode/status(for:of:)``); `--version` also names the commit.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print(HarnessVersion.line(packageRoot: PackageRoot.url))
            return
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let status = ExitCode.status(for: error, of: self)
            if status == ExitCode.success.rawValue { exit(withError: error) }
            let message = fullMessage(for: error)
            if !message.isEmpty { printError(message) }
            Foundation.exit(status)
        }
    }
}
