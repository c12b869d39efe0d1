/// One scene run on one engine, with what `harness simulate` reports of it: the library side of
/// the command, so that tests run scenes exactly as the command does.
public struct Simulation: Sendable {
    /// The scene as run (with any duration override applied).
    public let scene: Scene
    /// What the engine recorded.
    public let trace: Trace
    /// The short account of the run.
    public let summary: SimulationSummary

    /// A run recorded elsewhere (a built-in scenario driven by code): `trace`, drawn with `scene`.
    public init(scene: Scene, trace: Trace) {
        self.scene = scene
        self.trace = trace
        summary = SimulationSummary(scene: scene, trace: trace)
    }

    /// Runs `scene` on `engine`, for `duration` seconds instead of the scene's own if given.
    /// - Throws: the scene's first ``SceneError`` (a speed beyond the engine's caps included), or
    ///   the engine's error.
    public static func run(_ scene: Scene, on engine: any SimulationEngine, duration: Double? = nil) throws -> Simulation {
        var scene = scene
        if let duration { scene.timing.duration = duration }
        try scene.validate(within: engine.limits(for: scene))
        let trace = try engine.run(scene)
        return Simulation(scene: scene, trace: trace)
    }

    /// The animated SVG of the run.
    public var svg: String { SceneAnimation.svg(scene: scene, trace: trace) }

    /// The trace as CSV.
    public var csv: String { TraceCSV.render(trace) }
}
