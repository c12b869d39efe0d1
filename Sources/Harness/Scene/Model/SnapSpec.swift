/// Pulls an item's center to a point and its rotation back to 0, and lets it settle there
/// (SPEC: `SnapBehavior`). JSON keys: `item`, `point` (required), `damping` (in [0, 1]; 0.5).
public struct SnapSpec: Codable, Equatable, Sendable {
    /// Identifier of the snapped item or group.
    public var item: String
    /// Where the center goes (points, reference coordinates).
    public var point: ScenePoint
    /// How strongly oscillation is suppressed, in [0, 1] (1 = least oscillation).
    public var damping: Double

    /// Creates a snap.
    public init(item: String, point: ScenePoint, damping: Double = 0.5) {
        self.item = item
        self.point = point
        self.damping = damping
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case item, point, damping }

    static let jsonKeys = CodingKeys.allCases.map(\.stringValue)

    /// Decodes the fields (the behavior checks the keys).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        item = try container.decode(.item)
        point = try container.decode(.point)
        damping = try container.decode(.damping, default: 0.5)
    }
}
