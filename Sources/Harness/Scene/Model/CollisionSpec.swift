/// What the items of a collision behavior collide with.
public enum CollisionMode: String, SceneKeyword {
    /// Each other only.
    case items
    /// Boundaries only.
    case boundaries
    /// Each other and boundaries (the default).
    case everything
}

/// A named boundary: a segment, a polyline or a closed path, made of straight two-sided segments
/// (points, reference coordinates).
///
/// JSON: `{"identifier": "floor", "from": {...}, "to": {...}}` for one segment, or
/// `{"identifier": "ramp", "points": [...], "closed": false}` for a polyline (`closed: true` joins
/// the last point to the first).
public struct SceneBoundary: Codable, Equatable, Sendable {
    /// Unique identifier within its collision behavior; the collision callbacks report it.
    public var identifier: String
    /// The vertices (at least 2).
    public var points: [ScenePoint]
    /// Whether the last point joins the first.
    public var closed: Bool

    /// A boundary along `points`.
    public init(identifier: String, points: [ScenePoint], closed: Bool = false) {
        self.identifier = identifier
        self.points = points
        self.closed = closed
    }

    /// A single segment from `from` to `to`.
    public init(identifier: String, from: ScenePoint, to: ScenePoint) {
        self.init(identifier: identifier, points: [from, to])
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case identifier, from, to, points, closed }

    /// Decodes either form; refuses unknown keys and a mix of the two forms.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        identifier = try container.decode(.identifier)
        if container.contains(.points) {
            for key in [CodingKeys.from, .to] where container.contains(key) {
                throw SceneError(path: JSONPath.render(container.codingPath, appending: key.stringValue),
                                 problem: .notApplicable("give either from and to, or points"))
            }
            points = try container.decode(.points)
            closed = try container.decode(.closed, default: false)
        } else {
            if container.contains(.closed) {
                throw SceneError(path: JSONPath.render(container.codingPath, appending: "closed"),
                                 problem: .notApplicable("applies to a boundary given by points"))
            }
            points = [try container.decode(.from), try container.decode(.to)]
            closed = false
        }
    }

    /// Encodes a lone open segment as `from`/`to`, anything else as `points`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        if points.count == 2 && !closed {
            try container.encode(points[0], forKey: .from)
            try container.encode(points[1], forKey: .to)
        } else {
            try container.encode(points, forKey: .points)
            try container.encode(closed, forKey: .closed, omittingDefault: false)
        }
    }
}

/// Collisions among some items and with boundaries (SPEC: `CollisionBehavior`). Items collide
/// with items only if they share a collision behavior whose mode includes items.
///
/// JSON keys: `items`, `mode` ("everything"), `referenceBoundsAreBoundary` (false),
/// `referenceBoundsInsets` (insets of that boundary, points; only with `referenceBoundsAreBoundary`),
/// `boundaries` (named boundaries).
public struct CollisionSpec: Codable, Equatable, Sendable {
    /// Item and group identifiers.
    public var items: [String]
    /// Items, boundaries or both.
    public var mode: CollisionMode
    /// Whether the scene's reference bounds are a boundary (identifier `nil` in callbacks).
    public var referenceBoundsAreBoundary: Bool
    /// Insets of the reference-bounds boundary (points); `nil` for none.
    public var referenceBoundsInsets: SceneInsets?
    /// Named boundaries.
    public var boundaries: [SceneBoundary]

    /// Creates a collision description.
    public init(items: [String], mode: CollisionMode = .everything, referenceBoundsAreBoundary: Bool = false,
                referenceBoundsInsets: SceneInsets? = nil, boundaries: [SceneBoundary] = []) {
        self.items = items
        self.mode = mode
        self.referenceBoundsAreBoundary = referenceBoundsAreBoundary
        self.referenceBoundsInsets = referenceBoundsInsets
        self.boundaries = boundaries
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case items, mode, referenceBoundsAreBoundary, referenceBoundsInsets, boundaries
    }

    static let jsonKeys = CodingKeys.allCases.map(\.stringValue)

    /// Decodes the fields (the behavior checks the keys).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode(.items, default: [])
        mode = try container.decode(.mode, default: .everything)
        referenceBoundsAreBoundary = try container.decode(.referenceBoundsAreBoundary, default: false)
        referenceBoundsInsets = try container.decodeIfPresent(SceneInsets.self, forKey: .referenceBoundsInsets)
        boundaries = try container.decode(.boundaries, default: [])
    }

    /// Encodes the fields, leaving out defaults.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(mode, forKey: .mode, omittingDefault: .everything)
        try container.encode(referenceBoundsAreBoundary, forKey: .referenceBoundsAreBoundary, omittingDefault: false)
        try container.encodeIfPresent(referenceBoundsInsets, forKey: .referenceBoundsInsets)
        try container.encode(boundaries, forKey: .boundaries, omittingDefault: [])
    }
}
