/// Where a field acts, relative to its position (points), with UIKit's region algebra.
///
/// JSON: `{"shape": "infinite"}`, `{"shape": "circle", "radius": 50}`,
/// `{"shape": "rectangle", "size": {...}}`, `{"shape": "inverse", "region": {...}}`,
/// `{"shape": "union" | "intersection", "regions": [...]}` (two or more, combined left to right),
/// `{"shape": "difference", "regions": [a, b]}` (in `a` and not in `b`). Boundaries count as inside.
public indirect enum SceneRegion: Equatable, Sendable {
    /// The whole plane.
    case infinite
    /// The closed disc of `radius` points.
    case circle(radius: Double)
    /// The closed axis-aligned rectangle of `size` points, centred on the position.
    case rectangle(size: SceneSize)
    /// Every point not in the region.
    case inverse(SceneRegion)
    /// Points in any of the regions.
    case union([SceneRegion])
    /// Points in all of the regions.
    case intersection([SceneRegion])
    /// Points in the first region and not in the second.
    case difference(SceneRegion, SceneRegion)

    /// The number of nodes (shapes and combinators).
    public var nodeCount: Int {
        switch self {
        case .infinite, .circle, .rectangle: 1
        case .inverse(let region): 1 + region.nodeCount
        case .union(let regions), .intersection(let regions): 1 + regions.reduce(0) { $0 + $1.nodeCount }
        case .difference(let a, let b): 1 + a.nodeCount + b.nodeCount
        }
    }

    /// Whether the point at `offset` (points, from the field's position) lies in the region.
    public func contains(_ offset: SceneVector) -> Bool {
        switch self {
        case .infinite: true
        case .circle(let radius): offset.dx * offset.dx + offset.dy * offset.dy <= radius * radius
        case .rectangle(let size): abs(offset.dx) <= size.width / 2 && abs(offset.dy) <= size.height / 2
        case .inverse(let region): !region.contains(offset)
        case .union(let regions): regions.contains { $0.contains(offset) }
        case .intersection(let regions): regions.allSatisfy { $0.contains(offset) }
        case .difference(let a, let b): a.contains(offset) && !b.contains(offset)
        }
    }
}

extension SceneRegion: Codable {
    private enum Shape: String, SceneKeyword {
        case infinite, circle, rectangle, inverse, union, intersection, difference
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case shape, radius, size, region, regions }

    /// Decodes a region; refuses keys its shape does not use.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let shape: Shape = try container.decode(.shape)
        let keys: [CodingKeys] = switch shape {
        case .infinite: [.shape]
        case .circle: [.shape, .radius]
        case .rectangle: [.shape, .size]
        case .inverse: [.shape, .region]
        case .union, .intersection, .difference: [.shape, .regions]
        }
        try decoder.rejectUnknownKeys(allowed: keys.map(\.stringValue))
        switch shape {
        case .infinite: self = .infinite
        case .circle: self = .circle(radius: try container.decode(.radius))
        case .rectangle: self = .rectangle(size: try container.decode(.size))
        case .inverse: self = .inverse(try container.decode(.region))
        case .union, .intersection, .difference:
            let regions: [SceneRegion] = try container.decode(.regions)
            let path = JSONPath.render(container.codingPath, appending: "regions")
            if shape == .difference {
                guard regions.count == 2 else {
                    throw SceneError(path: path, problem: .invalid("a difference takes exactly 2 regions, got \(regions.count)"))
                }
                self = .difference(regions[0], regions[1])
            } else {
                guard regions.count >= 2 else { throw SceneError(path: path, problem: .tooFew(minimum: 2, got: regions.count)) }
                self = shape == .union ? .union(regions) : .intersection(regions)
            }
        }
    }

    /// Encodes the region in the form described on the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .infinite: try container.encode(Shape.infinite, forKey: .shape)
        case .circle(let radius):
            try container.encode(Shape.circle, forKey: .shape)
            try container.encode(radius, forKey: .radius)
        case .rectangle(let size):
            try container.encode(Shape.rectangle, forKey: .shape)
            try container.encode(size, forKey: .size)
        case .inverse(let region):
            try container.encode(Shape.inverse, forKey: .shape)
            try container.encode(region, forKey: .region)
        case .union(let regions):
            try container.encode(Shape.union, forKey: .shape)
            try container.encode(regions, forKey: .regions)
        case .intersection(let regions):
            try container.encode(Shape.intersection, forKey: .shape)
            try container.encode(regions, forKey: .regions)
        case .difference(let a, let b):
            try container.encode(Shape.difference, forKey: .shape)
            try container.encode([a, b], forKey: .regions)
        }
    }
}
