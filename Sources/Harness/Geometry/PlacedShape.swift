import Foundation

/// An item's collision shape at one pose, in scene coordinates, with its support function:
/// `support(n)` is the largest `p·n` over the shape's points `p`.
struct PlacedShape: Sendable {
    enum Form: Sendable {
        /// Vertices counter-clockwise in the math sense (see ``ItemOutline``).
        case polygon([ScenePoint])
        /// Semi-axes along the unit vectors `u` and `v`.
        case ellipse(axes: SceneVector, u: SceneVector, v: SceneVector)
    }

    let center: ScenePoint
    let form: Form
    /// The distance from `center` to the shape's farthest point (points).
    let boxRadius: Double
    /// A polygon's outward unit edge normals (none for an ellipse).
    let edgeNormals: [SceneVector]

    init(center: ScenePoint, form: Form, boxRadius: Double, edgeNormals: [SceneVector]? = nil) {
        self.center = center
        self.form = form
        self.boxRadius = boxRadius
        self.edgeNormals = edgeNormals ?? Self.normals(of: form)
    }

    /// The outward unit normals of a polygon's edges.
    private static func normals(of form: Form) -> [SceneVector] {
        guard case .polygon(let points) = form, points.count >= 2 else { return [] }
        var normals: [SceneVector] = []
        normals.reserveCapacity(points.count)
        for index in points.indices {
            let edge = points[(index + 1) % points.count] - points[index]
            let length = edge.length
            if length > 0 { normals.append(SceneVector(dx: edge.dy / length, dy: -edge.dx / length)) }
        }
        return normals
    }

    /// The largest `p·n` over the shape (points, for a unit `n`).
    func support(_ n: SceneVector) -> Double {
        var hint = 0
        return support(n, from: &hint)
    }

    /// The largest `p·n` over the shape, for a polygon searched from vertex `hint`, which is left
    /// at the vertex found: successive directions that turn a little find theirs in a few steps,
    /// so a pass over one polygon's edge normals costs the sum of the vertex counts, not their
    /// product. Along a convex polygon `p·n` rises to one maximum and falls to one minimum (an
    /// edge across `n` lies on a supporting line, so equal neighbours occur only at the two
    /// extremes), so climbing while it does not fall reaches the maximum.
    func support(_ n: SceneVector, from hint: inout Int) -> Double {
        switch form {
        case .polygon(let points):
            let count = points.count
            func value(_ index: Int) -> Double { points[index].x * n.dx + points[index].y * n.dy }
            guard count > Self.scannedVertexCount else {
                var best = -Double.infinity
                for p in points { best = max(best, p.x * n.dx + p.y * n.dy) }
                return best
            }
            var index = min(max(hint, 0), count - 1), best = value(index)
            for direction in [1, count - 1] {
                var steps = 0
                while steps < count {
                    let next = (index + direction) % count, candidate = value(next)
                    guard candidate >= best else { break }
                    (index, best) = (next, candidate)
                    steps += 1
                }
            }
            hint = index
            return best
        case .ellipse(let axes, let u, let v):
            let a = axes.dx * n.dot(u), b = axes.dy * n.dot(v)
            return center.x * n.dx + center.y * n.dy + (a * a + b * b).squareRoot()
        }
    }

    /// The shape's axis-aligned bounding box, from its support along the four axes (points).
    var box: WallBox {
        WallBox(minX: -support(SceneVector(dx: -1, dy: 0)), maxX: support(SceneVector(dx: 1, dy: 0)),
                minY: -support(SceneVector(dx: 0, dy: -1)), maxY: support(SceneVector(dx: 0, dy: 1)))
    }

    /// Polygons with at most this many vertices are scanned whole for their support.
    static let scannedVertexCount = 16

    /// Whether the shape is curved (an ellipse), so that separating directions other than edge
    /// normals must be searched.
    var isCurved: Bool {
        if case .ellipse = form { return true }
        return false
    }

    /// The radius of a circular shape (an ellipse whose semi-axes agree to rounding), else `nil`.
    var circleRadius: Double? {
        guard case .ellipse(let axes, _, _) = form, abs(axes.dx - axes.dy) <= 1e-12 * max(axes.dx, axes.dy) else { return nil }
        return axes.dx
    }

    /// The shape's vertices, for the directions to a curved shape's nearest corner.
    var vertices: [ScenePoint] {
        if case .polygon(let points) = form { return points }
        return []
    }
}

/// Items' shapes placed at the states of one sequence (samples or steps), each placed once when
/// first asked for: checks that look at many pairs at one instant place every item only once.
final class PlacementCache {
    private let outlines: [ItemOutline]
    private var placed: [Int: [PlacedShape?]] = [:]

    init(_ outlines: [ItemOutline]) {
        self.outlines = outlines
    }

    /// Item `item`'s shape at instant `instant`, whose states are `states`.
    func shape(_ item: Int, at instant: Int, in states: [ItemState]) -> PlacedShape {
        if let shape = placed[instant]?[item] { return shape }
        let shape = outlines[item].placed(at: states[item].center, angle: states[item].angle)
        if placed[instant] == nil { placed[instant] = Array(repeating: nil, count: outlines.count) }
        placed[instant]?[item] = shape
        return shape
    }
}
