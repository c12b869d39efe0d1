/// Everything one `harness run` produced: the content of `results.json`.
public struct RunResults: Codable, Equatable, Sendable {
    /// The schema version of this file's layout.
    public static let currentSchemaVersion = 1

    /// Schema version of this value.
    public var schemaVersion: Int
    /// Where and how the run was made.
    public var metadata: RunMetadata
    /// One result per experiment, in run order.
    public var experiments: [ExperimentResult]

    /// Creates results at the current schema version.
    public init(metadata: RunMetadata, experiments: [ExperimentResult]) {
        self.schemaVersion = Self.currentSchemaVersion
        self.metadata = metadata
        self.experiments = experiments
    }

    /// The worst verdict over all experiments.
    public var verdict: Verdict { experiments.map(\.verdict).max() ?? .pass }

    /// Every metric that missed its tolerance.
    public var failures: [(experiment: String, metric: Metric)] {
        experiments.flatMap { result in result.metrics.filter { $0.verdict == .fail }.map { (result.id, $0) } }
    }
}

/// Facts about a run that a reader needs to trust or reproduce it.
public struct RunMetadata: Codable, Equatable, Sendable {
    /// When the run started, ISO 8601 (UTC).
    public var date: String
    /// The git commit of the working tree, if known.
    public var gitCommit: String?
    /// The engine's name.
    public var engine: String
    /// Engine settings that matter (e.g. default sub-step).
    public var engineSettings: [String: String]
    /// Whether the quick (CI) suite ran.
    public var quick: Bool

    /// Creates metadata.
    public init(date: String, gitCommit: String?, engine: String, engineSettings: [String: String], quick: Bool) {
        self.date = date
        self.gitCommit = gitCommit
        self.engine = engine
        self.engineSettings = engineSettings
        self.quick = quick
    }
}
