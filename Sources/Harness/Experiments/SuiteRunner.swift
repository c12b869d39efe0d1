import Foundation

/// Runs a list of experiments and gathers their results with the run's metadata.
public struct SuiteRunner: Sendable {
    /// Options passed to each experiment.
    public var options: ExperimentOptions

    /// Creates a runner.
    public init(options: ExperimentOptions) {
        self.options = options
    }

    /// Runs `experiments` in order, stamping the results with `provenance` and `date`. An experiment that throws becomes a failed result naming the
    /// error, so one broken experiment never hides the others' results. Experiments report the cases
    /// an engine cannot express themselves (``UnsupportedCaseLog``); one that still throws
    /// ``UnsupportedFeatureError`` is reported as not supported as a whole, neither passed nor failed.
    public func run(_ experiments: [any Experiment], provenance: RunProvenance = RunProvenance(),
                    date: Date = Date()) -> RunResults {
        let results = experiments.map { experiment in
            do {
                return try experiment.run(options)
            } catch let error as UnsupportedFeatureError {
                return ExperimentResult(
                    id: experiment.id, title: experiment.title, summary: "Not supported by \(options.engine.name).",
                    parameters: [:], metrics: [], series: [],
                    unsupportedCases: [UnsupportedCase(caseName: "every case", feature: error.feature)])
            } catch {
                return ExperimentResult(
                    id: experiment.id, title: experiment.title, summary: "The experiment could not run.",
                    parameters: [:],
                    metrics: [Metric(caseName: "run", name: "completed", value: 0, unit: "1", tolerance: .atLeast(1),
                                     reason: "the experiment threw: \(error)")],
                    series: [], notes: ["error: \(error)"])
            }
        }
        let formatter = ISO8601DateFormatter()
        let metadata = RunMetadata(
            date: formatter.string(from: date), gitCommit: provenance.gitCommit, gitDirty: provenance.gitDirty,
            machine: provenance.machine, engine: options.engine.name,
            engineSettings: options.engine.settings,
            quick: options.quick)
        return RunResults(metadata: metadata, experiments: results)
    }
}
