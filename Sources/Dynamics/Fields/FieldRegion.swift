/// The part of the plane where a field acts, described relative to the field's `position`.
///
/// Shapes are centred on the field's position and measured in points: `.circle(radius:)` is the
/// closed disc of that radius, `.rectangle(size:)` the closed axis-aligned rectangle of that size.
/// The combinators build new regions as in UIKit's `UIRegion`: `.inverse` is the complement,
/// `.union` / `.intersection` / `.difference` are the set operations (`difference(a, b)` is
/// "in `a` and not in `b`"). Boundaries count as inside, for every shape.
///
/// A field's region moves with the field: changing `FieldBehavior.position` moves the region too.
public indirect enum FieldRegion: Sendable, Equatable, Codable {
    /// The whole plane (the default region of a field).
    case infinite
    /// The closed disc of `radius` points around the field's position; radius 0 is the single point.
    case circle(radius: Double)
    /// The closed axis-aligned rectangle of `size` (points) centred on the field's position.
    case rectangle(size: Size)
    /// Every point not in the wrapped region.
    case inverse(FieldRegion)
    /// Points in either region.
    case union(FieldRegion, FieldRegion)
    /// Points in both regions.
    case intersection(FieldRegion, FieldRegion)
    /// Points in the first region and not in the second.
    case difference(FieldRegion, FieldRegion)

    /// The most nodes (shapes and combinators together) a region may have: a bound that keeps
    /// compilation and per-sub-step evaluation cheap, and rejects pathological regions built by
    /// repeated self-combination (`r = .union(r, r)` doubles the tree each time).
    public static let maximumNodeCount = 1024

    /// Whether the point at `offset` (points, from the field's position) lies in the region.
    ///
    /// This recursive form is the reference definition; the step loop uses the equivalent
    /// compiled form (`CompiledRegion`), which the tests check against this one.
    public func contains(_ offset: Vector) -> Bool {
        switch self {
        case .infinite:
            return true
        case .circle(let radius):
            return offset.lengthSquared <= radius * radius
        case .rectangle(let size):
            return abs(offset.dx) <= size.width / 2 && abs(offset.dy) <= size.height / 2
        case .inverse(let region):
            return !region.contains(offset)
        case .union(let a, let b):
            return a.contains(offset) || b.contains(offset)
        case .intersection(let a, let b):
            return a.contains(offset) && b.contains(offset)
        case .difference(let a, let b):
            return a.contains(offset) && !b.contains(offset)
        }
    }

    /// The number of nodes, counting at most `limit + 1` of them (so a huge shared tree is not
    /// walked in full).
    func nodeCount(limit: Int = maximumNodeCount) -> Int {
        var count = 0
        countNodes(&count, limit: limit)
        return count
    }

    private func countNodes(_ count: inout Int, limit: Int) {
        guard count <= limit else { return }
        count += 1
        switch self {
        case .infinite, .circle, .rectangle:
            return
        case .inverse(let region):
            region.countNodes(&count, limit: limit)
        case .union(let a, let b), .intersection(let a, let b), .difference(let a, let b):
            a.countNodes(&count, limit: limit)
            b.countNodes(&count, limit: limit)
        }
    }

    /// Throws unless every radius and size is finite and non-negative and the region has at most
    /// ``maximumNodeCount`` nodes.
    ///
    /// - Throws: ``DynamicsError/invalidParameter(behavior:parameter:value:)`` with `behavior`
    ///   "FieldBehavior" and `parameter` "region.radius", "region.width", "region.height" or
    ///   "region.nodeCount", and the offending value.
    public func validate() throws(DynamicsError) {
        let count = nodeCount()
        guard count <= Self.maximumNodeCount else {
            throw .invalidParameter(behavior: "FieldBehavior", parameter: "region.nodeCount", value: Double(count))
        }
        try validateShapes()
    }

    private func validateShapes() throws(DynamicsError) {
        switch self {
        case .infinite:
            return
        case .circle(let radius):
            try Self.requireNonNegative(radius, "region.radius")
        case .rectangle(let size):
            try Self.requireNonNegative(size.width, "region.width")
            try Self.requireNonNegative(size.height, "region.height")
        case .inverse(let region):
            try region.validateShapes()
        case .union(let a, let b), .intersection(let a, let b), .difference(let a, let b):
            try a.validateShapes()
            try b.validateShapes()
        }
    }

    private static func requireNonNegative(_ value: Double, _ parameter: String) throws(DynamicsError) {
        guard value.isFinite, value >= 0 else {
            throw .invalidParameter(behavior: "FieldBehavior", parameter: parameter, value: value)
        }
    }
}
