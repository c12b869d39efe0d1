import DynamicsAdapter
import Foundation
@testable import Harness
import Testing

/// `swift test` runs the quick suite of every registered experiment and fails on any tolerance
/// miss or any regression against the committed golden baselines, naming the experiment, case,
/// metric and values; a new experiment is covered as soon as it is registered.
@Suite(.tags(.slow), .enabled(if: SlowTests.run, SlowTests.skipped)) struct CanonicalSuiteTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func quickSuiteMeetsEveryToleranceAndItsGoldenBaseline() throws {
        var results = SuiteRunner(options: ExperimentOptions(quick: true, engine: DynamicsEngine())).run(ExperimentCatalog.all)
        let folder = Self.packageRoot.appendingPathComponent(GoldenMetrics.relativeFolder)
        try GoldenMetrics.compare(&results, withBaselinesIn: folder, source: GoldenMetrics.relativeFolder)
        let baseline = try #require(results.baseline)
        #expect(baseline.experimentsWithoutBaseline.isEmpty, "no quick baseline: run harness golden update")
        #expect(baseline.metricsWithoutBaseline.isEmpty, "new metrics without a baseline: run harness golden update")
        #expect(baseline.metricsNoLongerMeasured.isEmpty, "baselines of metrics no longer measured: run harness golden update")
        for (experiment, metric) in results.metrics(where: { $0.verdict == .regressed }) {
            Issue.record("""
                \(experiment) / \(metric.caseName) / \(metric.name) regressed: \(metric.value) \(metric.unit), \
                baseline \(metric.change?.before ?? .nan); if the change is deliberate, run harness golden update \
                and give the reason in the commit
                """)
        }
        #expect(results.experiments.map(\.id) == ExperimentCatalog.all.map(\.id))
        for experiment in results.experiments {
            #expect(!experiment.metrics.isEmpty, "\(experiment.id) measured nothing")
        }
        // A convergence order is judged by its distance from the scheme's order, on both sides: one
        // far above it is noise, not accuracy, and must not pass or compare as better.
        for (experiment, metric) in results.metrics(where: { $0.name.contains("convergence order") }) {
            guard case .closerTo = metric.preference else {
                Issue.record("\(experiment) / \(metric.caseName) / \(metric.name): tolerance \(metric.tolerance) is not two-sided")
                continue
            }
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
