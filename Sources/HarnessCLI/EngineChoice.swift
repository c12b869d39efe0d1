import ArgumentParser
import DynamicsAdapter
import Harness
#if CHIPMUNK
import ChipmunkAdapter
#endif

/// The engines `--engine` can name: this project's (with its default contact solver, the soft
/// step, or with its rigid one), Chipmunk 7 (when its library was installed at build time), or
/// this project's default and Chipmunk.
enum EngineChoice: String, ExpressibleByArgument, CaseIterable {
    case dynamics, dynamicsRigid = "dynamics-rigid", chipmunk, all

    /// What to run a fresh machine's user needs when Chipmunk is missing.
    static let installHint = """
        Chipmunk 7 is not built into this harness: install Debian's libchipmunk-dev \
        (scripts/test and scripts/run do it), then rebuild
        """

    /// The engines chosen, in report order.
    /// - Throws: a `ValidationError` with the install hint when Chipmunk is asked for but absent.
    func engines() throws -> [any SimulationEngine] {
        switch self {
        case .dynamics: return [DynamicsEngine()]
        case .dynamicsRigid: return [DynamicsEngine(contactSolver: .rigid)]
        case .chipmunk: return [try Self.chipmunk()]
        case .all: return [DynamicsEngine(), try Self.chipmunk()]
        }
    }

    /// Chipmunk 7's adapter.
    /// - Throws: a `ValidationError` with the install hint when Chipmunk was not built in.
    static func chipmunk() throws -> any SimulationEngine {
        #if CHIPMUNK
        return ChipmunkEngine()
        #else
        throw ValidationError(installHint)
        #endif
    }
}
