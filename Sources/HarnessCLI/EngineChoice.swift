import ArgumentParser
import DynamicsAdapter
import Harness
#if CHIPMUNK
import ChipmunkAdapter
#endif
#if BOX2D
import Box2DAdapter
#endif

/// The engines `--engine` can name: this project's (with its default contact solver, the soft
/// step, or with its rigid one), Chipmunk 7 and Box2D v3 (each when its library was there at
/// build time), or all three side by side.
enum EngineChoice: String, ExpressibleByArgument, CaseIterable {
    case dynamics, dynamicsRigid = "dynamics-rigid", chipmunk, box2d, all

    /// What a fresh machine's user runs when Chipmunk is missing.
    static let chipmunkInstallHint = """
        Chipmunk 7 is not built into this harness: install Debian's libchipmunk-dev \
        (scripts/test and scripts/run do it), then rebuild
        """

    /// What a fresh machine's user runs when Box2D is missing.
    static let box2DInstallHint = """
        Box2D v3 is not built into this harness: run `source scripts/lib/ensure-box2d.sh && ensure_box2d` \
        (scripts/test and scripts/run do it; it unpacks Box2D v3.1.1 from PyPI's pyb2d3 0.11.1 wheel), \
        then rebuild
        """

    /// The engines chosen, in report order.
    /// - Throws: a `ValidationError` with the install hint when an engine is asked for but absent.
    func engines() throws -> [any SimulationEngine] {
        switch self {
        case .dynamics: return [DynamicsEngine()]
        case .dynamicsRigid: return [DynamicsEngine(contactSolver: .rigid)]
        case .chipmunk: return [try Self.chipmunk()]
        case .box2d: return [try Self.box2D()]
        case .all: return [DynamicsEngine(), try Self.chipmunk(), try Self.box2D()]
        }
    }

    /// Chipmunk 7's adapter.
    /// - Throws: a `ValidationError` with the install hint when Chipmunk was not built in.
    static func chipmunk() throws -> any SimulationEngine {
        #if CHIPMUNK
        return ChipmunkEngine()
        #else
        throw ValidationError(chipmunkInstallHint)
        #endif
    }

    /// Box2D v3's adapter.
    /// - Throws: a `ValidationError` with the install hint when Box2D was not built in.
    static func box2D() throws -> any SimulationEngine {
        #if BOX2D
        return Box2DEngine()
        #else
        throw ValidationError(box2DInstallHint)
        #endif
    }
}
