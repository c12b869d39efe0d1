/// What `harness simulate --json` writes: the scene, the summary and the whole trace.
public struct SimulationRecord: Codable, Equatable, Sendable {
    /// The engine that ran it.
    public var engine: String
    /// The summary.
    public var summary: SimulationSummary
    /// The scene as run (with any duration override).
    public var scene: Scene
    /// Everything recorded.
    public var trace: Trace

    /// Creates a record.
    public init(engine: String, summary: SimulationSummary, scene: Scene, trace: Trace) {
        self.engine = engine
        self.summary = summary
        self.scene = scene
        self.trace = trace
    }
}
