import ArgumentParser
import Harness

/// The experiments named by repeated `--experiment ID` options (all when none is named).
enum ExperimentSelection {
    /// Throws a validation error naming the known identifiers when an identifier is unknown.
    static func validate(_ ids: [String]) throws {
        let known = Set(ExperimentCatalog.all.map(\.id))
        for id in ids where !known.contains(id) {
            throw ValidationError("unknown experiment '\(id)'; known: \(known.sorted().joined(separator: ", "))")
        }
    }

    /// The experiments of `ids`, in the order given, or every experiment when `ids` is empty.
    static func experiments(_ ids: [String]) -> [any Experiment] {
        ids.isEmpty ? ExperimentCatalog.all : ids.compactMap(ExperimentCatalog.experiment(withID:))
    }
}
