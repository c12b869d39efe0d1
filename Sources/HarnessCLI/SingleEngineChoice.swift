import ArgumentParser
import DynamicsAdapter
import Harness

/// The engines a command that runs one scene on one engine (`simulate`, `fuzz`, `replay`)
/// accepts: this project's with either contact solver, Chipmunk 7 or Box2D v3 (each when its
/// library was there at build time).
enum SingleEngineChoice: String, ExpressibleByArgument, CaseIterable {
    case dynamics, dynamicsRigid = "dynamics-rigid", chipmunk, box2d

    /// The engine chosen.
    /// - Throws: a `ValidationError` with the install hint when an engine is asked for but absent.
    func engine() throws -> any SimulationEngine {
        switch self {
        case .dynamics: DynamicsEngine()
        case .dynamicsRigid: DynamicsEngine(contactSolver: .rigid)
        case .chipmunk: try EngineChoice.chipmunk()
        case .box2d: try EngineChoice.box2D()
        }
    }
}
