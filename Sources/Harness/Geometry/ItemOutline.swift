import Foundation

/// An item's collision shape in its own frame (origin at the item's center, unrotated), as SPEC
/// defines it: the bounds for a rectangle, the inscribed ellipse, or the convex path. The
/// harness's own geometry, so that shapes are judged without any engine's approximations.
struct ItemOutline: Sendable {
    enum Form: Sendable {
        /// A convex polygon, counter-clockwise in the math sense (x right, y up) after
        /// normalising the winding: each edge's outward normal is its direction turned by −90°.
        case polygon([SceneVector])
        /// An ellipse with these semi-axes along the item's own x and y (a circle when equal).
        case ellipse(SceneVector)
    }

    let form: Form
    /// A polygon's outward edge normals and each edge's distance from the origin along it, in
    /// the item's frame (empty for an ellipse): a point is inside by the least of
    /// `offset − p·n`.
    let edges: [(normal: SceneVector, offset: Double)]
    /// The centroid of the shape in the item's frame (points): where its body's center of mass
    /// is for an item alone.
    let centroid: SceneVector
    /// The distance from the item's center to its farthest point (points).
    let radius: Double
    /// The smallest width of the shape across any direction (points).
    let thickness: Double

    init(_ item: SceneItem) {
        let w = item.size.width / 2, h = item.size.height / 2
        switch item.shape {
        case .rectangle:
            form = .polygon([SceneVector(dx: -w, dy: -h), SceneVector(dx: w, dy: -h), SceneVector(dx: w, dy: h), SceneVector(dx: -w, dy: h)])
            centroid = .zero
        case .ellipse:
            form = .ellipse(SceneVector(dx: w, dy: h))
            centroid = .zero
        case .path:
            var points = (item.path ?? []).map { $0 - ScenePoint.zero }
            if SceneItem.twiceSignedArea(item.path ?? []) < 0 { points.reverse() }
            form = .polygon(points)
            centroid = Self.centroid(of: points)
        }
        switch form {
        case .polygon(let points):
            radius = points.map(\.length).max() ?? 0
            thickness = Self.polygonThickness(points)
            edges = points.indices.compactMap { index in
                let edge = points[(index + 1) % points.count] - points[index]
                let length = edge.length
                guard length > 0 else { return nil }
                let normal = SceneVector(dx: edge.dy / length, dy: -edge.dx / length)
                return (normal, points[index].dot(normal))
            }
        case .ellipse(let axes):
            radius = max(axes.dx, axes.dy)
            thickness = 2 * min(axes.dx, axes.dy)
            edges = []
        }
    }

    /// How far `point` is inside the shape placed at `center` turned by `angle` (points;
    /// negative outside): for a polygon the least distance to an edge's line, for an ellipse its
    /// radial depth scaled to the shorter axis. Works in the item's frame, without placing it.
    func depth(of point: ScenePoint, center: ScenePoint, angle: Double) -> Double {
        let offset = point - center
        let c = cos(angle), s = sin(angle)
        let local = SceneVector(dx: c * offset.dx + s * offset.dy, dy: -s * offset.dx + c * offset.dy)
        switch form {
        case .polygon:
            var least = Double.infinity
            for edge in edges { least = min(least, edge.offset - local.dot(edge.normal)) }
            return least
        case .ellipse(let axes):
            let x = local.dx / max(axes.dx, 1e-300), y = local.dy / max(axes.dy, 1e-300)
            return (1 - (x * x + y * y).squareRoot()) * min(axes.dx, axes.dy)
        }
    }

    /// The area centroid of a polygon (points); its vertex mean when it has no area.
    static func centroid(of points: [SceneVector]) -> SceneVector {
        var area = 0.0, x = 0.0, y = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            let cross = a.cross(b)
            area += cross
            x += (a.dx + b.dx) * cross
            y += (a.dy + b.dy) * cross
        }
        guard area != 0 else {
            return points.isEmpty ? .zero : points.reduce(.zero, +) / Double(points.count)
        }
        return SceneVector(dx: x / (3 * area), dy: y / (3 * area))
    }

    /// A convex polygon's smallest width: over its edges, the distance from the edge's line to
    /// the farthest vertex (the width of a convex polygon is smallest across one of its edges).
    /// Rotating calipers: that vertex only moves forward as the edges go round, and along the
    /// polygon the distance from one edge's line rises to one maximum and falls, so one climb
    /// per edge finds it and the whole costs O(n) rather than O(n²) (fuzz paths have up to 3000
    /// vertices).
    private static func polygonThickness(_ points: [SceneVector]) -> Double {
        let count = points.count
        var best = Double.infinity
        var far = 1 % max(count, 1)
        for index in points.indices {
            let edge = points[(index + 1) % count] - points[index]
            let length = edge.length
            guard length > 0 else { continue }
            let normal = SceneVector(dx: edge.dy / length, dy: -edge.dx / length)
            func distance(_ vertex: Int) -> Double { abs((points[vertex] - points[index]).dot(normal)) }
            var steps = 0
            while steps < count, distance((far + 1) % count) >= distance(far) {
                far = (far + 1) % count
                steps += 1
            }
            best = min(best, distance(far))
        }
        return best.isFinite ? best : 0
    }

    /// The outline placed at `center` turned by `angle` (points, radians clockwise on screen).
    func placed(at center: ScenePoint, angle: Double) -> PlacedShape {
        let c = cos(angle), s = sin(angle)
        func turn(_ v: SceneVector) -> SceneVector { SceneVector(dx: c * v.dx - s * v.dy, dy: s * v.dx + c * v.dy) }
        switch form {
        case .polygon(let points):
            let world = points.map { center + turn($0) }
            return PlacedShape(center: center, form: .polygon(world), boxRadius: radius, edgeNormals: edges.map { turn($0.normal) })
        case .ellipse(let axes):
            return PlacedShape(center: center, form: .ellipse(axes: axes, u: SceneVector(dx: c, dy: s), v: SceneVector(dx: -s, dy: c)),
                               boxRadius: radius)
        }
    }
}
