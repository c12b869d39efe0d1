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
    /// An ``AttachmentBehavior`` (distance rod or spring, or rope).
    case attachment(AttachmentSpec)
    /// A plain behavior grouping children (nested trees).
    case composite([SceneBehavior])
}

/// Collisions among some items and with boundaries.
public struct CollisionSpec: Codable, Equatable, Sendable {
    /// A named boundary segment.
    public struct Segment: Codable, Equatable, Sendable {
        /// Unique identifier within the behavior.
        public var identifier: String
        /// Start point (points).
        public var from: Point
        /// End point (points).
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

/// An attachment of one item to an anchor point or to a second item: a ``AttachmentBehavior``
/// of kind distance (a rigid rod at ``frequency`` 0, otherwise a spring) or limit (a rope).
///
/// In JSON the attachment's own kind is `attachmentKind` (the object's `kind` is the behavior's,
/// `"attachment"`); `offset`, `otherOffset`, `attachmentKind`, `frequency` and `damping` may be
/// omitted (zero offsets, distance, 0 Hz, 0).
public struct AttachmentSpec: Codable, Equatable, Sendable {
    /// What the attachment constrains.
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The attachment points stay ``AttachmentSpec/length`` apart: a rod, or a spring.
        case distance
        /// A rope: the attachment points at most ``AttachmentSpec/length`` apart.
        case limit
    }

    /// Identifier of the attached item.
    public var item: String
    /// Attachment point on ``item``, from its center in reference axes at creation (points).
    public var offset: Vector
    /// Identifier of the second item, or `nil` to attach to ``anchor``.
    public var otherItem: String?
    /// Attachment point on ``otherItem``, from its center (points); ignored without one.
    public var otherOffset: Vector
    /// The anchor (points, reference coordinates): required without ``otherItem``, absent with one.
    public var anchor: Point?
    /// Rest length of a distance attachment, maximum length of a rope (points, ≥ 0); `nil`: the
    /// distance between the attachment points at creation.
    public var length: Double?
    /// Spring natural frequency (Hz, ≥ 0); 0 makes the attachment rigid.
    public var frequency: Double
    /// Spring damping ratio (dimensionless, ≥ 0; 1 = critical).
    public var damping: Double
    /// Distance (rod or spring) or limit (rope).
    public var attachmentKind: Kind

    /// Creates an attachment of `item` (at `offset`) to `anchor`, or to `otherItem` (at
    /// `otherOffset`) when `anchor` is `nil`. Offsets and anchor in points, length in points,
    /// frequency in Hz, damping as a ratio.
    public init(item: String, offset: Vector = .zero, otherItem: String? = nil, otherOffset: Vector = .zero,
                anchor: Point? = nil, length: Double? = nil, frequency: Double = 0, damping: Double = 0,
                attachmentKind: Kind = .distance) {
        self.item = item
        self.offset = offset
        self.otherItem = otherItem
        self.otherOffset = otherOffset
        self.anchor = anchor
        self.length = length
        self.frequency = frequency
        self.damping = damping
        self.attachmentKind = attachmentKind
    }

    private enum CodingKeys: String, CodingKey {
        case item, offset, otherItem, otherOffset, anchor, length, frequency, damping, attachmentKind
    }

    /// Decodes an attachment; the optional fields take their defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        item = try container.decode(String.self, forKey: .item)
        offset = try container.decodeIfPresent(Vector.self, forKey: .offset) ?? .zero
        otherItem = try container.decodeIfPresent(String.self, forKey: .otherItem)
        otherOffset = try container.decodeIfPresent(Vector.self, forKey: .otherOffset) ?? .zero
        anchor = try container.decodeIfPresent(Point.self, forKey: .anchor)
        length = try container.decodeIfPresent(Double.self, forKey: .length)
        frequency = try container.decodeIfPresent(Double.self, forKey: .frequency) ?? 0
        damping = try container.decodeIfPresent(Double.self, forKey: .damping) ?? 0
        attachmentKind = try container.decodeIfPresent(Kind.self, forKey: .attachmentKind) ?? .distance
    }

    /// The identifiers of the attached items (one or two).
    public var itemIDs: [String] { [item] + (otherItem.map { [$0] } ?? []) }
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
        case gravity, push, itemProperties, collision, attachment, composite
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
        case .attachment: self = .attachment(try AttachmentSpec(from: decoder))
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
        case .attachment(let spec):
            try container.encode(Kind.attachment, forKey: .kind)
            try spec.encode(to: encoder)
        case .composite(let children):
            try container.encode(Kind.composite, forKey: .kind)
            try container.encode(children, forKey: .children)
        }
    }
}
