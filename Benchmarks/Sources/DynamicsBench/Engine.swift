import Dynamics

/// The engines the benchmark times side by side; this engine first, the baselines after it.
enum Engine: CaseIterable {
    case dynamics, chipmunk, box2D

    var name: String {
        switch self {
        case .dynamics: DynamicsBoxes.engineName
        case .chipmunk: ChipmunkBoxes.engineName
        case .box2D: Box2DBoxes.engineName
        }
    }

    /// `layout` built in this engine.
    func build(_ layout: SceneLayout, solver: ContactSolver, chipmunkIterations: Int, sleeps: Bool = false) throws -> any BoxScene {
        switch self {
        case .dynamics: try DynamicsBoxes(layout, solver: solver, sleeps: sleeps)
        case .chipmunk: ChipmunkBoxes(layout, iterations: chipmunkIterations, sleeps: sleeps)
        case .box2D: Box2DBoxes(layout, sleeps: sleeps)
        }
    }
}
