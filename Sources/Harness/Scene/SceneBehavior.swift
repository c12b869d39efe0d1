import Dynamics

/// One node of a scene's behavior tree. In JSON it is an object whose `kind` names the case.
public indirect enum SceneBehavior: Equatable, Sendable {
    /// A ``GravityBehavior``.
    case gravity(GravitySpec)
    /// A ``PushBehavior``.
    case push(PushSpec)
    /// A ``DynamicItemBehavior`` setting some properties.
    case itemProperties(ItemPropertiesSpec)
    /// A ``CollisionBehavior``.
    case collision(CollisionSpec)
    /// A plain behavior grouping children (nested trees).
    case composite([SceneBehavior])
}

/// Collisions among some items and with boundaries.
public struct CollisionSpec: Codable, Equatable, Sendable {
    /// A named boundary segment.
    public struct Segment: Codable, Equatable, Sendable {
        /// Unique identifier within the behavior.
        public var identifier: String
        /// End points (points).
        public var from: Point
        public var to: Point

        /// Creates a segment.
        public init(identifier: String, from: Point, to: Point) {
            self.identifier = identifier
            self.from = from
            self.to = to
        }
    }

    /// Item identifiers.
    public var items: [String]
    /// Items, boundaries or both.
    public var mode: CollisionBehavior.Mode
    /// Whether the scene's reference bounds are a boundary.
    public var referenceBoundsAreBoundary: Bool
    /// Named segments.
    public var boundaries: [Segment]

    /// Creates a collision description.
    public init(items: [String], mode: CollisionBehavior.Mode = .everything, referenceBoundsAreBoundary: Bool = false,
                boundaries: [Segment] = []) {
        self.items = items
        self.mode = mode
        self.referenceBoundsAreBoundary = referenceBoundsAreBoundary
        self.boundaries = boundaries
    }
}

/// Gravity acting on some items.
public struct GravitySpec: Codable, Equatable, Sendable {
    /// Item identifiers.
    public var items: [String]
    /// Gravity vector; length 1 is 1000 pt/s².
    public var direction: Vector

    /// Creates a gravity description.
    public init(items: [String], direction: Vector = Vector(dx: 0, dy: 1)) {
        self.items = items
        self.direction = direction
    }
}

/// A push acting on some items.
public struct PushSpec: Codable, Equatable, Sendable {
    /// Item identifiers.
    public var items: [String]
    /// Continuous force or one impulse.
    public var mode: PushBehavior.Mode
    /// Force (UIKit newtons) or impulse (newton-seconds) vector.
    public var direction: Vector
    /// Point of application per item id, relative to the center in reference axes (points).
    public var offsets: [String: Vector]

    /// Creates a push description.
    public init(items: [String], mode: PushBehavior.Mode, direction: Vector, offsets: [String: Vector] = [:]) {
        self.items = items
        self.mode = mode
        self.direction = direction
        self.offsets = offsets
    }
}

/// Item properties set explicitly by one item behavior; `nil` leaves a property unset.
public struct ItemPropertiesSpec: Codable, Equatable, Sendable {
    /// Item identifiers.
    public var items: [String]
    /// Restitution.
    public var elasticity: Double?
    /// Friction coefficient.
    public var friction: Double?
    /// Mass per area.
    public var density: Double?
    /// Linear damping rate (1/s).
    public var resistance: Double?
    /// Angular damping rate (1/s).
    public var angularResistance: Double?
    /// Whether items may rotate.
    public var allowsRotation: Bool?
    /// Whether items are anchored.
    public var anchored: Bool?
    /// Electric charge.
    public var charge: Double?
    /// Initial linear velocity added to each item (pt/s).
    public var addedLinearVelocity: Vector?
    /// Initial angular velocity added to each item (rad/s).
    public var addedAngularVelocity: Double?

    /// Creates a description that sets nothing yet.
    public init(items: [String], elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
                resistance: Double? = nil, angularResistance: Double? = nil, allowsRotation: Bool? = nil,
                anchored: Bool? = nil, charge: Double? = nil, addedLinearVelocity: Vector? = nil,
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
}

extension SceneBehavior: Codable {
    private enum Kind: String, Codable {
        case gravity, push, itemProperties, collision, composite
    }

    private enum CodingKeys: String, CodingKey {
        case kind, children
    }

    /// Decodes `{"kind": ..., ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .kind) {
        case .gravity: self = .gravity(try GravitySpec(from: decoder))
        case .push: self = .push(try PushSpec(from: decoder))
        case .itemProperties: self = .itemProperties(try ItemPropertiesSpec(from: decoder))
        case .collision: self = .collision(try CollisionSpec(from: decoder))
        case .composite: self = .composite(try container.decode([SceneBehavior].self, forKey: .children))
        }
    }

    /// Encodes `{"kind": ..., ...}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .gravity(let spec):
            try container.encode(Kind.gravity, forKey: .kind)
            try spec.encode(to: encoder)
        case .push(let spec):
            try container.encode(Kind.push, forKey: .kind)
            try spec.encode(to: encoder)
        case .itemProperties(let spec):
            try container.encode(Kind.itemProperties, forKey: .kind)
            try spec.encode(to: encoder)
        case .collision(let spec):
            try container.encode(Kind.collision, forKey: .kind)
            try spec.encode(to: encoder)
        case .composite(let children):
            try container.encode(Kind.composite, forKey: .kind)
            try container.encode(children, forKey: .children)
        }
    }
}
