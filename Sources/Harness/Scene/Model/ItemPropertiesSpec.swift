/// Item properties set explicitly by one item behavior (SPEC: `DynamicItemBehavior`); `nil`
/// leaves a property to earlier behaviors or the defaults. Override order: pre-order walk, the
/// last explicit write wins, property by property.
///
/// JSON keys: `items` and any of the properties below.
public struct ItemPropertiesSpec: Codable, Equatable, Sendable {
    /// Item and group identifiers.
    public var items: [String]
    /// Restitution (≥ 0; SPEC default 0.2).
    public var elasticity: Double?
    /// Friction coefficient (≥ 0; default 0.2).
    public var friction: Double?
    /// Mass per area (> 0; default 1: a 100×100 item has mass 1).
    public var density: Double?
    /// Linear damping rate (1/s, ≥ 0; default 0.1).
    public var resistance: Double?
    /// Angular damping rate (1/s, ≥ 0; default 0.1).
    public var angularResistance: Double?
    /// Whether items may rotate (default true).
    public var allowsRotation: Bool?
    /// Whether items are fixed in place; they still collide (default false).
    public var anchored: Bool?
    /// Electric charge for electric and magnetic fields (default 0).
    public var charge: Double?
    /// Linear velocity added to each item when the behavior joins (pt/s).
    public var addedLinearVelocity: SceneVector?
    /// Angular velocity added to each item when the behavior joins (rad/s).
    public var addedAngularVelocity: Double?

    /// Creates a description; every property left `nil` is not set.
    public init(items: [String], elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
                resistance: Double? = nil, angularResistance: Double? = nil, allowsRotation: Bool? = nil,
                anchored: Bool? = nil, charge: Double? = nil, addedLinearVelocity: SceneVector? = nil,
                addedAngularVelocity: Double? = nil) {
        self.items = items
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.anchored = anchored
        self.charge = charge
        self.addedLinearVelocity = addedLinearVelocity
        self.addedAngularVelocity = addedAngularVelocity
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case items, elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored, charge,
             addedLinearVelocity, addedAngularVelocity
    }

    static let jsonKeys = CodingKeys.allCases.map(\.stringValue)

    /// Decodes the fields (the behavior checks the keys).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode(.items, default: [])
        elasticity = try container.decodeIfPresent(Double.self, forKey: .elasticity)
        friction = try container.decodeIfPresent(Double.self, forKey: .friction)
        density = try container.decodeIfPresent(Double.self, forKey: .density)
        resistance = try container.decodeIfPresent(Double.self, forKey: .resistance)
        angularResistance = try container.decodeIfPresent(Double.self, forKey: .angularResistance)
        allowsRotation = try container.decodeIfPresent(Bool.self, forKey: .allowsRotation)
        anchored = try container.decodeIfPresent(Bool.self, forKey: .anchored)
        charge = try container.decodeIfPresent(Double.self, forKey: .charge)
        addedLinearVelocity = try container.decodeIfPresent(SceneVector.self, forKey: .addedLinearVelocity)
        addedAngularVelocity = try container.decodeIfPresent(Double.self, forKey: .addedAngularVelocity)
    }
}
