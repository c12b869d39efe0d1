import ArgumentParser
import Harness

/// `harness list`: the experiments `run` knows, one per line (identifier, then title).
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the canonical experiments.")

    func run() {
        for experiment in ExperimentCatalog.all {
            print("\(experiment.id)\t\(experiment.title)")
        }
    }
}
