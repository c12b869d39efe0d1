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

/// The cases an engine could not express, gathered while an experiment runs: each becomes "not
/// supported by this engine" in the result, neither passed nor failed, and the experiment goes on
/// with the others.
public struct UnsupportedCaseLog: Sendable {
    /// The cases, in the order first met.
    public private(set) var cases: [UnsupportedCase] = []

    /// Creates an empty log.
    public init() {}

    /// The value of `body`, or `nil` (and `caseName` logged) when it throws ``UnsupportedFeatureError``.
    /// - Throws: any other error of `body`.
    public mutating func attempt<T>(_ caseName: String, _ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch let error as UnsupportedFeatureError {
            if !cases.contains(where: { $0.caseName == caseName }) {
                cases.append(UnsupportedCase(caseName: caseName, feature: error.feature))
            }
            return nil
        }
    }
}
