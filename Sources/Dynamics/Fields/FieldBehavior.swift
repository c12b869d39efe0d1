/// A force field acting on its items, after UIKit's `UIFieldBehavior` (SPEC.md, "Field").
///
/// A field has a ``kind`` (its force law), a ``position`` (points) and a ``region`` around that
/// position where it acts (the whole plane by default). Inside the region the force law is
/// evaluated, per item per physics sub-step, in SPEC.md's metre model: with `r⃗` the offset of the
/// item's center from ``position`` in metres (points / 100), `r = |r⃗|`, `r̂ = r⃗/r`, `v` the item's
/// velocity in m/s (pt/s / 100), `m` its mass, `q` its charge, `S` = ``strength`` and
/// `fall = max(r, minimumRadius)^(−falloff)`:
///
/// | kind | force (UIKit newtons; acceleration `100·F/m` pt/s²) |
/// |---|---|
/// | linear gravity (d in m/s²) | `S·m·fall·d` |
/// | radial gravity | `−S·m·fall·r̂`, nothing within 1e-5 m of the position |
/// | spring | `−S·fall·r̂` (Hooke's `−S·r⃗` with the default falloff −1) |
/// | electric | `q·S·fall·r̂` |
/// | magnetic | `q·S·fall·(v.y, −v.x)`: perpendicular to v, counter-clockwise on screen for q·S > 0 |
/// | drag (wind d in m/s) | `−S·fall·|u|·u`, `u = v − d` |
/// | vortex | `S·m·fall·(−r̂.y, r̂.x)` (clockwise on screen for S > 0) |
/// | velocity (d in m/s) | no force: sets the velocity to `100·d` pt/s while inside |
/// | noise | `S·m·fall·n(r⃗, t)`, `n` a smooth seeded noise with components in [−1, 1] |
/// | turbulence | `S·m·fall·|v|²·n(r⃗, t)` |
/// | custom | the closure's result, unscaled by strength and falloff |
///
/// The spring law deliberately differs from SPEC.md's table, which writes `−S·fall·r·r̂` yet calls
/// it Hooke's law with falloff −1 (it would grow as r²); see `CompiledField.lawEffect(on:over:)`.
/// The force is held over each sub-step from its start; an item in a field whose force changes
/// with its position then moves by `x₁ = x₀ + h·v₁` (symplectic Euler: a spring field's swing
/// keeps its amplitude, where the exact path of a constant force let it grow). Drag and the
/// magnetic force are taken in the form that gives each alone its exact change over the sub-step
/// (drag never reverses `u`, the magnetic force turns `v` at unchanged speed); they differ from
/// the table by `O(h)` relatively, and held as written they grew a light item's speed without
/// bound.
/// At a law's singular point (the position itself when `minimumRadius` is 0 and `falloff` > 0) and
/// wherever a result overflows, the field exerts nothing rather than an infinite or NaN force.
///
/// Every setter re-resolves the animator when the value changes; values are checked by
/// ``validate()`` when the animator compiles the field. An animator holds at most
/// ``maximumFieldsPerAnimator`` fields.
public final class FieldBehavior: ItemBearingBehavior {
    /// The most fields one animator accepts; the next one fails with
    /// ``DynamicsError/tooManyFields(count:)``.
    public static let maximumFieldsPerAnimator = 32

    /// The default ``minimumRadius`` in metres (0.001 pt): "very small but nonzero", as in
    /// SpriteKit, and equal to radial gravity's dead zone, so every default field stays finite at
    /// its own position.
    public static let defaultMinimumRadius = 1e-5

    /// The force law (fixed at creation).
    let law: FieldLaw
    /// The closure of a custom field; nil for every other kind.
    let customForce: ((FieldSample) -> Vector)?

    /// The field's kind, with its current ``direction``, ``smoothness`` and ``animationSpeed``.
    public var kind: FieldKind {
        switch law {
        case .linearGravity: .linearGravity(direction: direction)
        case .radialGravity: .radialGravity
        case .spring: .spring
        case .electric: .electric
        case .magnetic: .magnetic
        case .drag: .drag(direction: direction)
        case .velocity: .velocity(direction: direction)
        case .vortex: .vortex
        case .noise: .noise(smoothness: smoothness, animationSpeed: animationSpeed)
        case .turbulence: .turbulence(smoothness: smoothness, animationSpeed: animationSpeed)
        case .custom: .custom
        }
    }

    /// The field's position in reference coordinates (points): the origin of `r` and the centre of
    /// the region. Default (0, 0).
    public var position: Point = .zero {
        didSet { if position != oldValue { setNeedsResolve() } }
    }

    /// Where the field acts, relative to ``position`` (points). Default ``FieldRegion/infinite``.
    public var region: FieldRegion = .infinite {
        didSet { if region != oldValue { setNeedsResolve() } }
    }

    /// The multiplier `S` of the force law (finite; negative reverses it). Default 1. Custom
    /// fields ignore it.
    public var strength: Double = 1 {
        didSet { if strength != oldValue { setNeedsResolve() } }
    }

    /// The exponent of the distance attenuation `max(r, minimumRadius)^(−falloff)` (finite).
    /// Default per kind (``FieldKind/defaultFalloff``): radial gravity 2, spring −1, electric and
    /// magnetic 1, others 0. Velocity and custom fields ignore it.
    public var falloff: Double {
        didSet { if falloff != oldValue { setNeedsResolve() } }
    }

    /// Distances from ``position`` shorter than this count as this, in **metres** (100 pt), the
    /// unit of `r` in the falloff (finite, ≥ 0). Default ``defaultMinimumRadius`` (1e-5 m).
    public var minimumRadius: Double = FieldBehavior.defaultMinimumRadius {
        didSet { if minimumRadius != oldValue { setNeedsResolve() } }
    }

    /// The direction `d` of linear gravity (m/s²), drag (the wind velocity, m/s) and velocity
    /// (m/s) fields; stored but unused by the other kinds (finite). 1 m = 100 pt.
    public var direction: Vector {
        didSet { if direction != oldValue { setNeedsResolve() } }
    }

    /// Noise and turbulence: 0 gives the finest pattern (a lattice cell of 50 pt), 1 the
    /// smoothest (800 pt); must lie in [0, 1]. Unused by the other kinds.
    public var smoothness: Double {
        didSet { if smoothness != oldValue { setNeedsResolve() } }
    }

    /// Noise and turbulence: how fast the pattern changes, in Hz (lattice cells per second);
    /// 0 freezes it; must be finite and ≥ 0. Unused by the other kinds.
    public var animationSpeed: Double {
        didSet { if animationSpeed != oldValue { setNeedsResolve() } }
    }

    /// Noise and turbulence: the seed that selects the pattern (same seed, same forces).
    /// Default 0.
    public var seed: UInt64 = 0 {
        didSet { if seed != oldValue { setNeedsResolve() } }
    }

    /// Creates a field of `kind` acting on `items`, with strength 1, the kind's default falloff,
    /// the infinite region at (0, 0), and the kind's payload as ``direction``, ``smoothness`` and
    /// ``animationSpeed`` (zero when the kind has none).
    /// - Throws: an item's validation error; `.invalidParameter(behavior: "FieldBehavior",
    ///   parameter: "customForce", value: 0)` for `.custom`, which needs
    ///   ``init(items:customForce:)``.
    public init(kind: FieldKind, items: [any DynamicItem] = []) throws(DynamicsError) {
        if kind == .custom {
            throw .invalidParameter(behavior: "FieldBehavior", parameter: "customForce", value: 0)
        }
        law = FieldLaw(kind)
        customForce = nil
        falloff = kind.defaultFalloff
        switch kind {
        case .linearGravity(let d), .drag(let d), .velocity(let d):
            direction = d
            smoothness = 0
            animationSpeed = 0
        case .noise(let s, let a), .turbulence(let s, let a):
            direction = .zero
            smoothness = s
            animationSpeed = a
        case .radialGravity, .spring, .electric, .magnetic, .vortex, .custom:
            direction = .zero
            smoothness = 0
            animationSpeed = 0
        }
        try super.init(items: items)
    }

    /// Creates a custom field: inside the region, each item receives `customForce(sample)`, a
    /// force in UIKit newtons (not scaled by strength or falloff). The sample is in points, pt/s
    /// and seconds. A non-finite result counts as no force.
    ///
    /// The closure is called on the thread that steps the animator, once per item per physics
    /// sub-step while the item is inside the region; it should be pure (depend on the sample
    /// only) to keep runs reproducible.
    /// - Throws: an item's validation error.
    public init(items: [any DynamicItem] = [], customForce: @escaping (FieldSample) -> Vector) throws(DynamicsError) {
        law = .custom
        self.customForce = customForce
        falloff = FieldKind.custom.defaultFalloff
        direction = .zero
        smoothness = 0
        animationSpeed = 0
        try super.init(items: items)
    }

    override func contribute(to resolution: inout TreeResolution) throws(DynamicsError) {
        let index = try resolution.fields.append(self)
        for item in items {
            resolution.addField(index, to: resolution.slot(for: item))
        }
    }
}
