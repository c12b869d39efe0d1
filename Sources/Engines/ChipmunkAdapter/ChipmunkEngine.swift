import CChipmunk
import Harness

/// Chipmunk 7 (Debian's `libchipmunk-dev`) behind the harness's ``SimulationEngine`` seam: the
/// scene's units and rules mapped onto Chipmunk's space, bodies, shapes and constraints, and
/// refused with ``UnsupportedFeatureError`` where Chipmunk cannot express them.
public struct ChipmunkEngine: SimulationEngine {
    /// Creates the adapter.
    public init() {}

    /// "Chipmunk 7".
    public var name: String { "Chipmunk 7" }

    /// Chipmunk's semi-implicit Euler step.
    public var integrator: IntegrationScheme { .semiImplicitEuler }

    /// The library version and the solver settings used (Chipmunk's defaults).
    public var settings: [String: String] {
        [
            "library": "Chipmunk \(CP_VERSION_MAJOR).\(CP_VERSION_MINOR).\(CP_VERSION_RELEASE)",
            "solver iterations": "10 (Chipmunk's default)",
            "collision slop": "0.1 pt (Chipmunk's default)",
            "integrator": "semi-implicit Euler, per-body damping e^(−c·h)",
        ]
    }

    /// ``ChipmunkSupport``'s answer: groups, non-circular ellipses, snaps, fields and the rest.
    public func unsupportedFeature(in scene: Scene) -> String? { ChipmunkSupport.unsupportedFeature(in: scene) }

    /// No animator: a run never pauses at rest.
    public var pausesAtRest: Bool { false }

    /// Builds a Chipmunk space from `scene`, applies its events at their frames, steps it frame by
    /// frame and records the items' states and contacts.
    /// - Throws: the scene's first ``SceneError``; ``UnsupportedFeatureError`` for what Chipmunk
    ///   cannot express; ``SimulationError`` when a state becomes non-finite.
    public func run(_ scene: Scene) throws -> Trace {
        try scene.validate()
        if let feature = unsupportedFeature(in: scene) { throw UnsupportedFeatureError(feature) }
        return try ChipmunkSceneRun(scene).record()
    }
}
