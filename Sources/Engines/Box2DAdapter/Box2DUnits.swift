internal import CBox2D

/// How the scene's units map onto Box2D's, and what Box2D's tolerances become in points.
///
/// Box2D takes lengths in any unit but tunes its tolerances for metres; `b2SetLengthUnitsPerMeter`
/// scales them. The adapter passes points straight through (no conversion anywhere: positions pt,
/// velocities pt/s, densities mass/pt², so forces are mass·pt/s²) and declares 100 pt per metre,
/// the scale SPEC itself uses: a force of 1 "UIKit newton" accelerates a mass of 1 by 100 pt/s²
/// (1 m/s²), gravity 1 is 1000 pt/s² (10 m/s²), and a 100×100 item (1 m) has mass 1. Items of
/// 10–1000 pt are then the 0.1–10 m objects Box2D is tuned for, and Box2D's default restitution
/// threshold (1 m/s) is SPEC's 100 pt/s.
enum Box2DUnits {
    /// Points per Box2D metre.
    static let pointsPerMeter = 100.0

    /// Sets Box2D's length scale once per process, before any world exists (Box2D reads the global
    /// when it creates a world's definition and contact tolerances, and it must not change after).
    /// Swift runs a global's initializer exactly once, thread-safely.
    static let configured: Void = { b2SetLengthUnitsPerMeter(Float(pointsPerMeter)) }()

    /// Box2D's linear slop, 0.005 m (pt): contacts rest this far into each other, and lengths
    /// below it (a joint's, a segment's) are clamped or degenerate.
    static let linearSlop = 0.005 * pointsPerMeter
    /// Box2D's speculative distance, 4 × the slop (pt): a contact point exists (and a contact
    /// "begins") once the shapes are this close, before they touch.
    static let speculativeDistance = 4 * linearSlop
    /// Box2D's default maximum linear speed, 400 m/s (pt/s): faster bodies are clamped every
    /// sub-step.
    static let maximumLinearSpeed = 400 * pointsPerMeter
    /// Box2D's default cap on the speed at which soft contacts push overlapping shapes apart,
    /// 3 m/s (pt/s); the relax pass removes that velocity again, so the push moves the bodies
    /// without showing in their reported velocities.
    static let contactPushSpeed = 3 * pointsPerMeter
    /// SPEC's restitution threshold (pt/s): impacts slower than this do not bounce. Box2D's own
    /// rule (no restitution below the threshold) with its default of 1 m/s.
    static let restitutionThreshold = 100.0
    /// Box2D's contact stiffness (Hz) and damping ratio, its defaults; Box2D caps the stiffness at
    /// a quarter of the sub-step rate (30 Hz at the scene's default 1/120 s sub-step).
    static let contactHertz = 30.0
    static let contactDampingRatio = 10.0
    /// Box2D's "huge" length, 10⁵ m (pt): the largest coordinate it is meant for. In 32-bit floats a
    /// coordinate of 10⁷ pt is already only known to 1 pt.
    static let largestCoordinate = 100_000 * pointsPerMeter

    /// The world definition every run uses, with each value that matters set explicitly rather
    /// than left to Box2D's defaults. No world gravity: a scene's gravity is per item, so the
    /// adapter applies it as a force m·g on each body. No sleeping: the harness records motion
    /// down to rest, and a sleeping body would ignore the forces the adapter applies.
    static func worldDefinition(friction: Box2DCollisionRules.MixingRule,
                                restitution: Box2DCollisionRules.MixingRule) -> b2WorldDef {
        _ = configured
        var definition = b2DefaultWorldDef()
        definition.gravity = b2Vec2(x: 0, y: 0)
        definition.restitutionThreshold = Float(restitutionThreshold)
        definition.contactHertz = Float(contactHertz)
        definition.contactDampingRatio = Float(contactDampingRatio)
        definition.maxContactPushSpeed = Float(contactPushSpeed)
        definition.maximumLinearSpeed = Float(maximumLinearSpeed)
        definition.enableSleep = false
        definition.enableContinuous = true
        definition.frictionCallback = friction
        definition.restitutionCallback = restitution
        return definition
    }
}
