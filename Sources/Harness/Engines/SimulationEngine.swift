/// An engine the harness can judge: it turns a scene into a recorded trace. This is the only way
/// the harness reaches an engine, so another engine can be put behind the same experiments.
public protocol SimulationEngine: Sendable {
    /// A short name for reports (e.g. "Dynamics").
    var name: String { get }
    /// Settings that matter for judging results (e.g. the default sub-step), for run metadata.
    var settings: [String: String] { get }
    /// Runs `scene` and records what it asks for.
    /// - Throws: ``SceneError`` for an invalid scene, or ``SimulationError`` if the engine
    ///   refused it at run time.
    func run(_ scene: Scene) throws -> Trace
}

/// An engine refused a scene that passed validation, or produced a non-finite state.
public struct SimulationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What happened, naming the engine's own error.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
