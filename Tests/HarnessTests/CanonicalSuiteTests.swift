import DynamicsAdapter
@testable import Harness
import Testing

/// `swift test` runs the quick suite of every registered experiment and fails on any tolerance
/// miss, naming the experiment, case, metric and values; a new experiment is covered as soon as
/// it is registered.
@Suite struct CanonicalSuiteTests {
    @Test func quickSuiteMeetsEveryTolerance() {
        let results = SuiteRunner(options: ExperimentOptions(quick: true, engine: DynamicsEngine())).run(ExperimentCatalog.all, gitCommit: nil)
        #expect(results.experiments.map(\.id) == ExperimentCatalog.all.map(\.id))
        for experiment in results.experiments {
            #expect(!experiment.metrics.isEmpty, "\(experiment.id) measured nothing")
        }
        for (experiment, metric) in results.failures {
            Issue.record("""
                \(experiment) / \(metric.caseName) / \(metric.name): \(metric.value) \(metric.unit) \
                misses its tolerance \(metric.tolerance) (\(metric.reason))
                """)
        }
    }

    @Test func experimentIdentifiersAreUnique() {
        let ids = ExperimentCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count)
    }
}
