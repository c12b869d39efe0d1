import ArgumentParser
import DynamicsAdapter
import Harness

/// The engines a command that runs one scene on one engine (`simulate`) accepts: this project's
/// with either contact solver, or Chipmunk 7 (when its library was installed at build time).
enum SingleEngineChoice: String, ExpressibleByArgument, CaseIterable {
    case dynamics, dynamicsRigid = "dynamics-rigid", chipmunk

    /// The engine chosen.
    /// - Throws: a `ValidationError` with the install hint when Chipmunk is asked for but absent.
    func engine() throws -> any SimulationEngine {
        switch self {
        case .dynamics: DynamicsEngine()
        case .dynamicsRigid: DynamicsEngine(contactSolver: .rigid)
        case .chipmunk: try EngineChoice.chipmunk()
        }
    }
}
