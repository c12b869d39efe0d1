import Foundation

/// Every metric and the throughput benchmark across the commits of a branch, in the spirit of
/// asv (airspeed velocity): one point per commit that recorded values, and the commits that
/// changed each metric beyond its noise flagged as steps.
public struct History: Codable, Equatable, Sendable {
    /// What the points were read from, for the page's heading ("Golden/metrics/dynamics/full
    /// on main", or the runs given).
    public var source: String
    /// The commits (or runs) in order, oldest first.
    public var commits: [HistoryCommit]
    /// Each metric, in the order first seen.
    public var metrics: [MetricHistory]
    /// The benchmark's same-run ratios, one series per scene and size.
    public var benchmark: [BenchmarkHistory]

    /// Creates a history from values already gathered: for each commit in order, the values of
    /// the metrics it recorded. Steps are found between each metric's consecutive points.
    public init(source: String, commits: [HistoryCommit], values: [[MetricValue]], benchmark: [BenchmarkHistory] = []) {
        self.source = source
        self.commits = commits
        self.benchmark = benchmark
        var order: [String] = [], byKey: [String: MetricHistory] = [:]
        for (index, recorded) in values.enumerated() {
            for value in recorded {
                let key = "\(value.experiment)\u{1f}\(value.caseName)\u{1f}\(value.metric)"
                if byKey[key] == nil {
                    order.append(key)
                    byKey[key] = MetricHistory(experiment: value.experiment, caseName: value.caseName, metric: value.metric, unit: value.unit,
                                               better: value.better, noiseBand: value.noiseBand, resolution: value.resolution,
                                               points: [], steps: [])
                }
                guard var history = byKey[key] else { continue }
                // The latest commit's description of the metric stands (a tolerance may have changed).
                (history.unit, history.better, history.noiseBand, history.resolution) = (value.unit, value.better, value.noiseBand, value.resolution)
                if let last = history.points.last,
                   let step = StepChange.between(last.value, value.value, commit: index, noiseBand: value.noiseBand,
                                                 resolution: value.resolution, better: value.better) {
                    history.steps.append(step)
                }
                history.points.append(MetricHistory.Point(commit: index, value: value.value))
                byKey[key] = history
            }
        }
        metrics = order.compactMap { byKey[$0] }
    }

    /// The metrics that changed at least once.
    public var changed: [MetricHistory] { metrics.filter { !$0.steps.isEmpty } }

    /// Every step, with its metric, in commit order.
    public var steps: [(metric: MetricHistory, step: StepChange)] {
        metrics.flatMap { metric in metric.steps.map { (metric, $0) } }.sorted { $0.step.commit < $1.step.commit }
    }
}

/// One metric's value as one commit or run recorded it.
public struct MetricValue: Equatable, Sendable {
    public var experiment: String, caseName: String, metric: String, unit: String, better: String
    public var value: Double
    public var noiseBand: Double, resolution: Double

    /// Creates a value.
    public init(experiment: String, caseName: String, metric: String, unit: String, better: String, value: Double,
                noiseBand: Double, resolution: Double) {
        (self.experiment, self.caseName, self.metric, self.unit, self.better) = (experiment, caseName, metric, unit, better)
        (self.value, self.noiseBand, self.resolution) = (value, noiseBand, resolution)
    }

    /// The values of one Golden baseline file.
    public static func values(of baseline: ExperimentBaseline) -> [MetricValue] {
        baseline.metrics.map {
            MetricValue(experiment: baseline.experiment, caseName: $0.caseName, metric: $0.metric, unit: $0.unit, better: $0.better,
                        value: $0.value, noiseBand: $0.noiseBand, resolution: $0.resolution)
        }
    }

    /// The values of a run's results.
    public static func values(of results: RunResults) -> [MetricValue] {
        results.experiments.flatMap { experiment in
            experiment.metrics.map {
                MetricValue(experiment: experiment.id, caseName: $0.caseName, metric: $0.name, unit: $0.unit, better: $0.preference.label,
                            value: $0.value, noiseBand: $0.noiseBand, resolution: $0.resolution)
            }
        }
    }
}
