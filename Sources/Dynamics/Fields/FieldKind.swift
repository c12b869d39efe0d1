/// Which force law a ``FieldBehavior`` applies, with the parameters it is created with.
///
/// The payloads are the initial values of the behavior's ``FieldBehavior/direction``,
/// ``FieldBehavior/smoothness`` and ``FieldBehavior/animationSpeed``; those properties stay
/// settable afterwards, and ``FieldBehavior/kind`` always reports their current values.
/// The force laws themselves are listed on ``FieldBehavior``.
public enum FieldKind: Sendable, Equatable, Codable {
    /// A uniform acceleration `direction` in m/s² (1 m = 100 pt), scaled by strength and falloff;
    /// mass-proportional force, so every item accelerates alike.
    case linearGravity(direction: Vector)
    /// An attraction toward the field's position, inverse-square by default.
    case radialGravity
    /// A Hooke's-law pull toward the field's position.
    case spring
    /// A push away from the field's position proportional to the item's charge (attraction for a
    /// negative charge or strength).
    case electric
    /// A force perpendicular to the item's velocity, proportional to its charge.
    case magnetic
    /// Quadratic drag against the item's velocity relative to the wind `direction` (m/s).
    case drag(direction: Vector)
    /// Sets the velocity of items inside the region to `direction` (m/s, i.e. `100·direction` pt/s).
    case velocity(direction: Vector)
    /// A tangential force around the field's position.
    case vortex
    /// A smooth, seeded random force; `smoothness` in [0, 1] lowers its spatial frequency,
    /// `animationSpeed` (Hz, ≥ 0) is its rate of change in time (0: frozen).
    case noise(smoothness: Double, animationSpeed: Double)
    /// Like ``noise(smoothness:animationSpeed:)`` but scaled by the square of the item's speed.
    case turbulence(smoothness: Double, animationSpeed: Double)
    /// A force computed by a closure; create it with ``FieldBehavior/init(items:customForce:)``.
    case custom

    /// The falloff exponent a new field of this kind starts with (SPEC.md): radial gravity 2,
    /// spring −1, electric 1, magnetic 1, every other kind 0 (no attenuation).
    public var defaultFalloff: Double {
        switch self {
        case .radialGravity: 2
        case .spring: -1
        case .electric, .magnetic: 1
        case .linearGravity, .drag, .velocity, .vortex, .noise, .turbulence, .custom: 0
        }
    }
}

/// The payload-free tag of a ``FieldKind``: what the compiled, plain-data form of a field stores.
enum FieldLaw: UInt8, Sendable, CaseIterable {
    case linearGravity, radialGravity, spring, electric, magnetic, drag, velocity, vortex, noise,
         turbulence, custom

    init(_ kind: FieldKind) {
        switch kind {
        case .linearGravity: self = .linearGravity
        case .radialGravity: self = .radialGravity
        case .spring: self = .spring
        case .electric: self = .electric
        case .magnetic: self = .magnetic
        case .drag: self = .drag
        case .velocity: self = .velocity
        case .vortex: self = .vortex
        case .noise: self = .noise
        case .turbulence: self = .turbulence
        case .custom: self = .custom
        }
    }
}
