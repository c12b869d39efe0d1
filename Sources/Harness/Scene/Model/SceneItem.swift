/// The shape an item collides with.
public enum SceneShape: String, SceneKeyword {
    /// The item's bounds, turning with it (the default).
    case rectangle
    /// The ellipse inscribed in the bounds (a circle when they are square).
    case ellipse
    /// The item's convex ``SceneItem/path``.
    case path
}

/// One item of a scene: a body's initial state and shape.
///
/// JSON: `id`, `center`, `size` are required; `angle` (0), `shape` ("rectangle"), `path`,
/// `velocity` (zero) and `angularVelocity` (0) may be omitted.
public struct SceneItem: Codable, Equatable, Sendable {
    /// Unique identifier among items and groups.
    public var id: String
    /// Initial center (points).
    public var center: ScenePoint
    /// Size of the bounds (points, > 0).
    public var size: SceneSize
    /// Initial rotation (radians, clockwise on screen).
    public var angle: Double
    /// Collision shape.
    public var shape: SceneShape
    /// For ``SceneShape/path``: a convex polygon (points, relative to the center, either winding).
    public var path: [ScenePoint]?
    /// Initial linear velocity (pt/s), given when the item joins the animator, as an item
    /// behavior's added velocity would be. An item with a velocity joins even if no behavior
    /// names it (it then coasts, damped by the default resistance).
    public var velocity: SceneVector
    /// Initial angular velocity (rad/s, clockwise positive), given like ``velocity``.
    public var angularVelocity: Double

    /// Creates an item description.
    public init(id: String, center: ScenePoint, size: SceneSize, angle: Double = 0, shape: SceneShape = .rectangle,
                path: [ScenePoint]? = nil, velocity: SceneVector = .zero, angularVelocity: Double = 0) {
        self.id = id
        self.center = center
        self.size = size
        self.angle = angle
        self.shape = shape
        self.path = path
        self.velocity = velocity
        self.angularVelocity = angularVelocity
    }

    /// Whether the item starts moving.
    public var hasInitialVelocity: Bool { velocity != .zero || angularVelocity != 0 }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case id, center, size, angle, shape, path, velocity, angularVelocity
    }

    /// Decodes an item; refuses unknown keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        id = try container.decode(.id)
        center = try container.decode(.center)
        size = try container.decode(.size)
        angle = try container.decode(.angle, default: 0)
        shape = try container.decode(.shape, default: .rectangle)
        path = try container.decodeIfPresent([ScenePoint].self, forKey: .path)
        velocity = try container.decode(.velocity, default: .zero)
        angularVelocity = try container.decode(.angularVelocity, default: 0)
    }

    /// Encodes the item, leaving out values at their defaults.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(center, forKey: .center)
        try container.encode(size, forKey: .size)
        try container.encode(angle, forKey: .angle, omittingDefault: 0)
        try container.encode(shape, forKey: .shape, omittingDefault: .rectangle)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encode(velocity, forKey: .velocity, omittingDefault: .zero)
        try container.encode(angularVelocity, forKey: .angularVelocity, omittingDefault: 0)
    }
}

/// Several items that move as one rigid body, each keeping its own collision bounds
/// (SPEC: `DynamicItemGroup`). Behaviors name the group's `id`, never its members; an item
/// belongs to at most one group. JSON: `{"id": "g", "members": ["a", "b"]}`.
public struct SceneGroup: Codable, Equatable, Sendable {
    /// Unique identifier among items and groups.
    public var id: String
    /// The member items' identifiers (at least one).
    public var members: [String]

    /// Creates a group.
    public init(id: String, members: [String]) {
        self.id = id
        self.members = members
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case id, members }

    /// Decodes a group; refuses unknown keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        id = try container.decode(.id)
        members = try container.decode(.members)
    }
}
