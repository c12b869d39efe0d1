/// Everything one `harness run` produced: the content of `results.json`.
public struct RunResults: Codable, Equatable, Sendable {
    /// The schema version of this file's layout.
    public static let currentSchemaVersion = 2

    /// Schema version of this value.
    public var schemaVersion: Int
    /// Where and how the run was made.
    public var metadata: RunMetadata
    /// One result per experiment, in run order.
    public var experiments: [ExperimentResult]
    /// What the metrics were compared with, when they were compared with golden baselines.
    public var baseline: BaselineSummary?

    /// Creates results at the current schema version.
    public init(metadata: RunMetadata, experiments: [ExperimentResult], baseline: BaselineSummary? = nil) {
        self.schemaVersion = Self.currentSchemaVersion
        self.metadata = metadata
        self.experiments = experiments
        self.baseline = baseline
    }

    /// The worst verdict over all experiments.
    public var verdict: Verdict { experiments.map(\.verdict).max() ?? .pass }

    /// Every metric that missed its tolerance.
    public var failures: [(experiment: String, metric: Metric)] { metrics(where: { $0.verdict == .fail }) }

    /// Every metric, with its experiment's identifier, that satisfies `predicate`, in run order.
    public func metrics(where predicate: (Metric) -> Bool) -> [(experiment: String, metric: Metric)] {
        experiments.flatMap { result in result.metrics.filter(predicate).map { (result.id, $0) } }
    }
}

/// Where a run's golden baselines came from and what they did not cover.
public struct BaselineSummary: Codable, Equatable, Sendable {
    /// The baseline folder, as given.
    public var source: String
    /// Experiments of the run that have no baseline file (their metrics were not compared).
    public var experimentsWithoutBaseline: [String]
    /// Metrics of the run that their experiment's baseline does not name, as "experiment / case / metric".
    public var metricsWithoutBaseline: [String]
    /// Metrics a baseline names that the run did not produce, as "experiment / case / metric".
    public var metricsNoLongerMeasured: [String]

    /// Creates a summary.
    public init(source: String, experimentsWithoutBaseline: [String] = [], metricsWithoutBaseline: [String] = [],
                metricsNoLongerMeasured: [String] = []) {
        self.source = source
        self.experimentsWithoutBaseline = experimentsWithoutBaseline
        self.metricsWithoutBaseline = metricsWithoutBaseline
        self.metricsNoLongerMeasured = metricsNoLongerMeasured
    }
}

/// Facts about a run that a reader needs to trust or reproduce it.
public struct RunMetadata: Codable, Equatable, Sendable {
    /// When the run started, ISO 8601 (UTC).
    public var date: String
    /// The git commit of the package's work tree, if known.
    public var gitCommit: String?
    /// Whether the package's work tree had uncommitted changes; `nil` when unknown.
    public var gitDirty: Bool?
    /// The machine the run was made on (system, architecture, processor, cores), if known.
    public var machine: String?
    /// The engine's name.
    public var engine: String
    /// Engine settings that matter (e.g. default sub-step).
    public var engineSettings: [String: String]
    /// Whether the quick (CI) suite ran.
    public var quick: Bool

    /// Creates metadata.
    public init(date: String, gitCommit: String?, gitDirty: Bool? = nil, machine: String? = nil, engine: String,
                engineSettings: [String: String], quick: Bool) {
        self.date = date
        self.gitCommit = gitCommit
        self.gitDirty = gitDirty
        self.machine = machine
        self.engine = engine
        self.engineSettings = engineSettings
        self.quick = quick
    }
}
