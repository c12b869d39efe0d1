internal import CBox2D
import Harness

/// Box2D v3.1.1 behind the harness's ``SimulationEngine`` seam: the scene's units and rules
/// mapped onto a Box2D world, bodies, shapes and joints (lengths in points with Box2D's
/// tolerances scaled to 100 pt per metre), and refused with ``UnsupportedFeatureError`` where
/// Box2D cannot express them. Box2D computes in 32-bit floats, so its states carry a relative
/// rounding of about 10⁻⁷ per operation.
public struct Box2DEngine: SimulationEngine {
    /// Creates the adapter.
    public init() {}

    /// "Box2D v3".
    public var name: String { "Box2D v3" }

    /// Box2D v3's sub-stepped symplectic Euler step (`v ← (v + a·h)` with damping `1/(1 + h·c)`,
    /// then `x ← x + v·h`), with soft contacts and joints.
    public var integrator: IntegrationScheme { .semiImplicitEulerFloat32 }

    /// The library version and the settings used.
    public var settings: [String: String] {
        _ = Box2DUnits.configured
        let version = b2GetVersion()
        return [
            "library": "Box2D \(version.major).\(version.minor).\(version.revision)",
            "length units": "\(Box2DUnits.pointsPerMeter) pt per metre (b2SetLengthUnitsPerMeter)",
            "stepping": "one b2World_Step per frame, sub-steps = frame / scene sub-step",
            "linear slop": "\(Box2DUnits.linearSlop) pt",
            "contact": "\(Box2DUnits.contactHertz) Hz, damping ratio \(Box2DUnits.contactDampingRatio), push-out ≤ \(Box2DUnits.contactPushSpeed) pt/s",
            "restitution threshold": "\(Box2DUnits.restitutionThreshold) pt/s",
            "integrator": "symplectic Euler, damping 1/(1 + h·c) per sub-step, float32",
        ]
    }

    /// ``Box2DSupport``'s answer: groups, non-circular ellipses, snaps, fields and the rest.
    public func unsupportedFeature(in scene: Scene) -> String? { Box2DSupport.unsupportedFeature(in: scene) }

    /// No animator: a run never pauses at rest.
    public var pausesAtRest: Bool { false }

    /// Builds a Box2D world from `scene`, applies its events at their frames, steps it frame by
    /// frame and records the items' states and contacts.
    /// - Throws: the scene's first ``SceneError``; ``UnsupportedFeatureError`` for what Box2D
    ///   cannot express; ``SimulationError`` when a state becomes non-finite.
    public func run(_ scene: Scene) throws -> Trace {
        try scene.validate()
        if let feature = unsupportedFeature(in: scene) { throw UnsupportedFeatureError(feature) }
        return try Box2DSceneRun(scene).record()
    }

    /// Box2D's stated cap, in points: its world's maximum linear speed (400 m/s = 40,000 pt/s),
    /// and its soft contacts' push-out speed (3 m/s = 300 pt/s), which moves bodies without
    /// showing in their velocities. No angular cap: Box2D's quarter turn per sub-step is an
    /// internal guard in its velocity integration, not a bound it documents or keeps on what it
    /// reports (its solver passes turn bodies past it: 149 rad/s at a 1/120 s sub-step, fuzz scene
    /// 20261127/92), so the harness does not hold it to one.
    public func limits(for scene: Scene) -> EngineLimits {
        EngineLimits(maximumLinearSpeed: Box2DUnits.maximumLinearSpeed, maximumPushOutSpeed: Box2DUnits.contactPushSpeed,
                     roundingUnit: 0x1p-24)
    }
}
