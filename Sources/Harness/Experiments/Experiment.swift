/// A canonical experiment: scenes, a verified reference, metrics and reasoned limits.
/// Running one does no I/O; it returns a value that reports and `results.json` are made from.
public protocol Experiment: Sendable {
    /// Stable identifier used on the command line and in `results.json`.
    var id: String { get }
    /// One-line title.
    var title: String { get }
    /// Runs the experiment on `options.engine`.
    /// - Throws: when a reference cannot be computed or the engine refuses a scene.
    func run(_ options: ExperimentOptions) throws -> ExperimentResult
}

/// How to run experiments.
public struct ExperimentOptions: Sendable {
    /// The quick (CI) suite: fewer cases and time steps, same code path.
    public var quick: Bool
    /// The engine under test.
    public var engine: any SimulationEngine

    /// Creates options for running on `engine`.
    public init(quick: Bool = false, engine: any SimulationEngine) {
        self.quick = quick
        self.engine = engine
    }
}

/// The experiments `harness run` knows, in run order.
public enum ExperimentCatalog {
    /// Every canonical experiment.
    public static let all: [any Experiment] = [GravityPushExperiment(), BounceExperiment(), AttachmentExperiment(), OverrideOrderExperiment(),
                                               MotionEffectExperiment(), SolverRobustnessExperiment()]

    /// The experiment with identifier `id`.
    public static func experiment(withID id: String) -> (any Experiment)? {
        all.first { $0.id == id }
    }
}
