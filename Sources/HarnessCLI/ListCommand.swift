import ArgumentParser
import Harness
import SeedScenarios

/// `harness list`: the experiments `run` knows, one per line (identifier, then title); with
/// `--scenarios`, the built-in scenarios `simulate --scenario` runs.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list",
                                                    abstract: "List the canonical experiments, or the built-in scenarios.")

    @Flag(help: "List the built-in scenarios (the seed interactions that need code) instead.")
    var scenarios = false

    func run() {
        if scenarios {
            for scenario in BuiltInScenario.all { print("\(scenario.name)\t\(scenario.summary)") }
            return
        }
        for experiment in ExperimentCatalog.all {
            print("\(experiment.id)\t\(experiment.title)")
        }
    }
}
