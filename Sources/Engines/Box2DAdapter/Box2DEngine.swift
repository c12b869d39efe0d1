internal import CBox2D
import Harness

/// Box2D v3.1.1 behind the harness's ``SimulationEngine`` seam.
public struct Box2DEngine: SimulationEngine {
    /// Creates the adapter.
    public init() {}

    /// "Box2D v3".
    public var name: String { "Box2D v3" }

    /// Box2D v3's sub-stepped symplectic Euler step.
    public var integrator: IntegrationScheme { .semiImplicitEuler }

    /// The library version.
    public var settings: [String: String] {
        let version = b2GetVersion()
        return ["library": "Box2D \(version.major).\(version.minor).\(version.revision)"]
    }

    public func run(_ scene: Scene) throws -> Trace {
        try scene.validate()
        throw UnsupportedFeatureError("everything (adapter not written yet)")
    }
}
