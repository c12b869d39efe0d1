/// A field's force law (SPEC: "Field"). A custom field is a closure, so it cannot be written in a
/// scene file; it is left out on purpose.
public enum SceneFieldKind: String, SceneKeyword {
    /// A uniform acceleration along `direction` (m/s²).
    case linearGravity
    /// An attraction toward the position (inverse square by default).
    case radialGravity
    /// Hooke's law toward the position.
    case spring
    /// A push away from the position, proportional to charge.
    case electric
    /// A force perpendicular to the velocity, proportional to charge.
    case magnetic
    /// Quadratic drag against the velocity relative to the wind `direction` (m/s).
    case drag
    /// Sets the velocity to `direction` (m/s) inside the region.
    case velocity
    /// A tangential force around the position.
    case vortex
    /// A smooth, seeded random force.
    case noise
    /// Noise scaled by the square of the speed.
    case turbulence
}

/// A force field acting on some items (SPEC: `FieldBehavior`), in SPEC's metre model.
///
/// JSON keys: `fieldKind` and `items` (required); `position` (points; origin), `region`
/// (infinite), `strength` (1), `falloff` (default per kind: radial gravity 2, spring −1, electric
/// and magnetic 1, others 0), `minimumRadius` (metres; SPEC's "very small": 1e-5),
/// `direction` (linear gravity m/s², drag and velocity m/s; zero), `smoothness` (noise and
/// turbulence, [0, 1]; 0), `animationSpeed` (Hz, ≥ 0; 0), `seed` (noise and turbulence; 0).
public struct FieldSpec: Codable, Equatable, Sendable {
    /// The force law.
    public var fieldKind: SceneFieldKind
    /// Item and group identifiers.
    public var items: [String]
    /// The field's position (points): the origin of `r` and the center of the region.
    public var position: ScenePoint
    /// Where the field acts, relative to ``position``.
    public var region: SceneRegion
    /// The multiplier `S` of the force law.
    public var strength: Double
    /// The exponent of `max(r, minimumRadius)^(−falloff)`; `nil`: the kind's default.
    public var falloff: Double?
    /// Distances shorter than this count as this (metres); `nil`: the default (1e-5 m).
    public var minimumRadius: Double?
    /// Linear gravity (m/s²), drag wind and velocity (m/s); unused by other kinds.
    public var direction: SceneVector
    /// Noise and turbulence: spatial smoothness in [0, 1].
    public var smoothness: Double
    /// Noise and turbulence: rate of change (Hz, ≥ 0).
    public var animationSpeed: Double
    /// Noise and turbulence: the pattern's seed.
    public var seed: UInt64

    /// Creates a field; see the type's documentation for the defaults.
    public init(fieldKind: SceneFieldKind, items: [String], position: ScenePoint = .zero, region: SceneRegion = .infinite,
                strength: Double = 1, falloff: Double? = nil, minimumRadius: Double? = nil, direction: SceneVector = .zero,
                smoothness: Double = 0, animationSpeed: Double = 0, seed: UInt64 = 0) {
        self.fieldKind = fieldKind
        self.items = items
        self.position = position
        self.region = region
        self.strength = strength
        self.falloff = falloff
        self.minimumRadius = minimumRadius
        self.direction = direction
        self.smoothness = smoothness
        self.animationSpeed = animationSpeed
        self.seed = seed
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case fieldKind, items, position, region, strength, falloff, minimumRadius, direction, smoothness, animationSpeed,
             seed
    }

    static let jsonKeys = CodingKeys.allCases.map(\.stringValue)

    /// Decodes the fields (the behavior checks the keys). `"custom"` is refused with the reason.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if (try? container.decode(String.self, forKey: .fieldKind)) == "custom" {
            throw SceneError(path: JSONPath.render(container.codingPath, appending: "fieldKind"),
                             problem: .notApplicable("a custom field is a closure (code) and cannot be written in a scene file"))
        }
        fieldKind = try container.decode(.fieldKind)
        items = try container.decode(.items, default: [])
        position = try container.decode(.position, default: .zero)
        region = try container.decode(.region, default: .infinite)
        strength = try container.decode(.strength, default: 1)
        falloff = try container.decodeIfPresent(Double.self, forKey: .falloff)
        minimumRadius = try container.decodeIfPresent(Double.self, forKey: .minimumRadius)
        direction = try container.decode(.direction, default: .zero)
        smoothness = try container.decode(.smoothness, default: 0)
        animationSpeed = try container.decode(.animationSpeed, default: 0)
        seed = try container.decode(.seed, default: 0)
    }

    /// Encodes the fields, leaving out defaults.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fieldKind, forKey: .fieldKind)
        try container.encode(items, forKey: .items)
        try container.encode(position, forKey: .position, omittingDefault: .zero)
        try container.encode(region, forKey: .region, omittingDefault: .infinite)
        try container.encode(strength, forKey: .strength, omittingDefault: 1)
        try container.encodeIfPresent(falloff, forKey: .falloff)
        try container.encodeIfPresent(minimumRadius, forKey: .minimumRadius)
        try container.encode(direction, forKey: .direction, omittingDefault: .zero)
        try container.encode(smoothness, forKey: .smoothness, omittingDefault: 0)
        try container.encode(animationSpeed, forKey: .animationSpeed, omittingDefault: 0)
        try container.encode(seed, forKey: .seed, omittingDefault: 0)
    }
}
