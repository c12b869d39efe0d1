/// Gravity acting on some items (SPEC: `GravityBehavior`): every item accelerates alike,
/// whatever its mass; a magnitude of 1 is 1000 pt/s². Two gravity behaviors on one item add up.
///
/// JSON keys: `items`, and `direction` (default `{"dx": 0, "dy": 1}`) or `angle` + `magnitude`.
public struct GravitySpec: Codable, Equatable, Sendable {
    /// Item and group identifiers.
    public var items: [String]
    /// The gravity vector (length 1 = 1000 pt/s²), as a vector or as angle and magnitude.
    public var direction: SceneDirection

    /// Creates gravity along `direction` (length 1 = 1000 pt/s²).
    public init(items: [String], direction: SceneVector = SceneVector(dx: 0, dy: 1)) {
        self.items = items
        self.direction = .vector(direction)
    }

    /// Creates gravity from an angle (radians, clockwise on screen from +x) and a magnitude.
    public init(items: [String], angle: Double, magnitude: Double) {
        self.items = items
        self.direction = .polar(angle: angle, magnitude: magnitude)
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case items }

    static let jsonKeys = CodingKeys.allCases.map(\.stringValue) + SceneDirection.CodingKeys.allCases.map(\.stringValue)

    /// Decodes the fields (the behavior checks the keys).
    public init(from decoder: any Decoder) throws {
        items = try decoder.container(keyedBy: CodingKeys.self).decode(.items, default: [])
        direction = try decoder.container(keyedBy: SceneDirection.CodingKeys.self)
            .decodeDirection(default: .vector(SceneVector(dx: 0, dy: 1)))
    }

    /// Encodes the fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        var directionContainer = encoder.container(keyedBy: SceneDirection.CodingKeys.self)
        try directionContainer.encodeDirection(direction)
    }
}
