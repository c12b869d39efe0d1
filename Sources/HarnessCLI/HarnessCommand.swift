import ArgumentParser

/// The `harness` command-line tool: runs the canonical experiments and lists them.
@main
struct HarnessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "harness",
        abstract: "Measures the Dynamics engine against analytic and GSL references.",
        subcommands: [RunCommand.self, CompareCommand.self, ListCommand.self, GoldenCommand.self, SimulateCommand.self, ValidateCommand.self,
                      FuzzCommand.self, ReplayCommand.self, HistoryCommand.self, FuzzWorkerCommand.self]
    )
}
