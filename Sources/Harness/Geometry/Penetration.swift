import Foundation

/// How deep two convex shapes overlap: the length of the shortest translation that separates
/// them (points), by the separating-axis theorem. Along a unit direction `n` the shortest way
/// apart is `min(sA(n) + sB(−n), sB(n) + sA(−n))` for support functions `s`; the depth is the
/// least of that over all directions. Between polygons the least is along an edge normal; a
/// curved shape adds directions that are searched (a coarse sweep refined by golden-section
/// search, within 1e-6 rad). A negative depth means the shapes are apart along some direction.
enum Penetration {
    /// The shortest way apart along unit `n` (points; negative when the shapes are apart along it).
    static func overlap(_ a: PlacedShape, _ b: PlacedShape, along n: SceneVector) -> Double {
        let minus = SceneVector(dx: -n.dx, dy: -n.dy)
        return min(a.support(n) + b.support(minus), b.support(n) + a.support(minus))
    }

    /// The penetration depth of `a` and `b` (points): the least overlap over all directions,
    /// negative (minus their distance) when they are apart. The search stops once the least is
    /// known to be at most `floor`, returning a value at most `floor`: with the default 0, a
    /// pair that does not overlap stops at its first separating direction.
    ///
    /// Between overlapping polygons the least is along an edge normal (the separating-axis
    /// theorem); between polygons apart it is minus their ``gap(_:_:)`` (searched instead for
    /// polygons of many vertices); a disc against a disc or a polygon is exact from its center;
    /// an ellipse adds directions, so that case searches every direction.
    static func depth(_ a: PlacedShape, _ b: PlacedShape, stoppingAt floor: Double = 0) -> Double {
        // A disc is its center grown by its radius, so its depth into a shape is its radius less
        // the center's signed distance from the shape: exact, and no search.
        switch (a.circleRadius, b.circleRadius) {
        case (let r?, let s?): return r + s - (b.center - a.center).length
        case (let r?, nil) where !b.isCurved: return r - signedDistance(of: a.center, from: b.vertices)
        case (nil, let s?) where !a.isCurved: return s - signedDistance(of: b.center, from: a.vertices)
        default: break
        }
        var best = Double.infinity
        // Support searches start where the previous direction's ended (``PlacedShape/support(_:from:)``).
        var hints = (0, 0, 0, 0)
        func consider(_ n: SceneVector) {
            guard best > floor else { return }
            let minus = SceneVector(dx: -n.dx, dy: -n.dy)
            let forward = a.support(n, from: &hints.0) + b.support(minus, from: &hints.1)
            let backward = b.support(n, from: &hints.2) + a.support(minus, from: &hints.3)
            best = min(best, forward, backward)
        }
        for n in a.edgeNormals { consider(n) }
        for n in b.edgeNormals { consider(n) }
        guard best > floor else { return best }
        if !a.isCurved, !b.isCurved {
            if best > 0 { return best }
            // The gap costs the product of the vertex counts; past a few thousand the search
            // over directions (about a hundred support climbs) is cheaper.
            if a.vertices.count * b.vertices.count <= Self.largestGapProduct { return min(best, -gap(a.vertices, b.vertices)) }
        }
        let between = b.center - a.center
        if between.length > 0 { consider(between / between.length) }
        // A curved shape against a polygon is apart along the line from its center to a corner
        // when that corner is the nearest feature.
        for (curved, polygon) in [(a, b), (b, a)] where curved.isCurved {
            for vertex in polygon.vertices {
                let toward = vertex - curved.center
                if toward.length > 0 { consider(toward / toward.length) }
            }
        }
        guard best > floor else { return best }
        return min(best, searchedMinimum { overlap(a, b, along: SceneVector(dx: cos($0), dy: sin($0))) })
    }

    /// The distance of `p` from a convex polygon (vertices counter-clockwise in the math sense;
    /// a segment is one of two vertices), negative inside it: the nearest point of a convex
    /// polygon's boundary lies on one of its edges, inside or out.
    static func signedDistance(of p: ScenePoint, from polygon: [ScenePoint]) -> Double {
        var least = Double.infinity, inside = polygon.count >= 3
        for index in polygon.indices {
            let start = polygon[index], edge = polygon[(index + 1) % polygon.count] - start, offset = p - start
            if edge.cross(offset) < 0 { inside = false }
            let lengthSquared = edge.dot(edge)
            let t = lengthSquared > 0 ? min(1, max(0, offset.dot(edge) / lengthSquared)) : 0
            least = min(least, (offset - edge * t).length)
        }
        return inside ? -least : least
    }

    /// The largest product of two polygons' vertex counts whose gap is computed vertex by edge.
    static let largestGapProduct = 4096

    /// The distance between two convex polygons that do not overlap (points; a segment is a
    /// polygon of two vertices): the nearest points of two disjoint convex polygons include a
    /// vertex of one of them, so the least distance from a vertex of either to an edge of the
    /// other is exact, and costs a product of vertex counts instead of a search over directions.
    static func gap(_ a: [ScenePoint], _ b: [ScenePoint]) -> Double {
        func distance(from p: ScenePoint, toEdgesOf polygon: [ScenePoint]) -> Double {
            var least = Double.infinity
            for index in polygon.indices {
                let start = polygon[index], edge = polygon[(index + 1) % polygon.count] - start
                let lengthSquared = edge.dot(edge)
                let t = lengthSquared > 0 ? min(1, max(0, (p - start).dot(edge) / lengthSquared)) : 0
                least = min(least, (p - (start + edge * t)).length)
            }
            return least
        }
        var least = Double.infinity
        for p in a { least = min(least, distance(from: p, toEdgesOf: b)) }
        for p in b { least = min(least, distance(from: p, toEdgesOf: a)) }
        return least
    }

    /// The least of `f` over directions θ ∈ [0, π) (f(θ + π) = f(θ)): a sweep of 64 angles, then a
    /// golden-section search around the best, which the sweep brackets within π/64.
    static func searchedMinimum(_ f: (Double) -> Double) -> Double {
        let count = 64
        var bestAngle = 0.0, best = Double.infinity
        for index in 0..<count {
            let angle = Double(index) * Double.pi / Double(count)
            let value = f(angle)
            if value < best { (best, bestAngle) = (value, angle) }
        }
        let ratio = (5.0.squareRoot() - 1) / 2
        var low = bestAngle - Double.pi / Double(count), high = bestAngle + Double.pi / Double(count)
        var x1 = high - ratio * (high - low), x2 = low + ratio * (high - low)
        var f1 = f(x1), f2 = f(x2)
        while high - low > 1e-6 {
            if f1 < f2 {
                (high, x2, f2) = (x2, x1, f1)
                x1 = high - ratio * (high - low)
                f1 = f(x1)
            } else {
                (low, x1, f1) = (x1, x2, f2)
                x2 = low + ratio * (high - low)
                f2 = f(x2)
            }
        }
        return min(best, f1, f2)
    }

    /// How far `shape` reaches beyond the boundary lines of `box` toward the outside (points; at
    /// most 0 when it is inside): the deepest of its four edges, each a one-sided wall.
    static func depth(_ shape: PlacedShape, outsideOf box: WallBox) -> Double {
        let sides = depths(shape, outsideOf: box)
        return max(sides.left, sides.right, sides.top, sides.bottom)
    }

    /// How far `shape` reaches beyond each boundary line of `box` (points; negative: its
    /// distance from that line).
    static func depths(_ shape: PlacedShape, outsideOf box: WallBox) -> (left: Double, right: Double, top: Double, bottom: Double) {
        (box.minX + shape.support(SceneVector(dx: -1, dy: 0)), shape.support(SceneVector(dx: 1, dy: 0)) - box.maxX,
         box.minY + shape.support(SceneVector(dx: 0, dy: -1)), shape.support(SceneVector(dx: 0, dy: 1)) - box.maxY)
    }

    /// The segment from `a` to `b` as a degenerate shape, for ``depth(_:_:)`` (a two-sided wall).
    static func segment(_ a: ScenePoint, _ b: ScenePoint) -> PlacedShape {
        let middle = ScenePoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        return PlacedShape(center: middle, form: .polygon([a, b]), boxRadius: (b - a).length / 2)
    }
}
