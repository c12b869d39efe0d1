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

    /// The penetration depth of `a` and `b` (points); at most 0 when they do not overlap.
    static func depth(_ a: PlacedShape, _ b: PlacedShape) -> Double {
        var best = Double.infinity
        // Support searches start where the previous direction's ended (``PlacedShape/support(_:from:)``).
        var hints = (0, 0, 0, 0)
        func consider(_ n: SceneVector) {
            guard best > 0 else { return }
            let minus = SceneVector(dx: -n.dx, dy: -n.dy)
            let forward = a.support(n, from: &hints.0) + b.support(minus, from: &hints.1)
            let backward = b.support(n, from: &hints.2) + a.support(minus, from: &hints.3)
            best = min(best, forward, backward)
        }
        for n in a.edgeNormals { consider(n) }
        for n in b.edgeNormals { consider(n) }
        guard best > 0, a.isCurved || b.isCurved else { return best }
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
        guard best > 0 else { return best }
        return min(best, searchedMinimum { overlap(a, b, along: SceneVector(dx: cos($0), dy: sin($0))) })
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
        let left = box.minX + shape.support(SceneVector(dx: -1, dy: 0))
        let right = shape.support(SceneVector(dx: 1, dy: 0)) - box.maxX
        let top = box.minY + shape.support(SceneVector(dx: 0, dy: -1))
        let bottom = shape.support(SceneVector(dx: 0, dy: 1)) - box.maxY
        return max(left, right, top, bottom)
    }

    /// The segment from `a` to `b` as a degenerate shape, for ``depth(_:_:)`` (a two-sided wall).
    static func segment(_ a: ScenePoint, _ b: ScenePoint) -> PlacedShape {
        let middle = ScenePoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        return PlacedShape(center: middle, form: .polygon([a, b]), boxRadius: (b - a).length / 2)
    }
}

/// The inside of a collision behavior's reference-bounds boundary (points): the bounds less the
/// insets.
struct WallBox: Sendable, Equatable {
    var minX: Double, maxX: Double, minY: Double, maxY: Double
}
