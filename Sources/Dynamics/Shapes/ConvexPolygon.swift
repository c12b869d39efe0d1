import Foundation

/// A validated convex polygon in local coordinates (points): vertices in clockwise-on-screen
/// order (y down), which makes `perp(edge) = (edge.dy, −edge.dx)` the outward normal.
struct ConvexPolygon: Equatable {
    /// Vertices, clockwise on screen, no three collinear.
    private(set) var vertices: [Vector]

    /// The smallest area accepted (square points); less is degenerate.
    static let minimumArea = 1e-6

    /// Validates `path`: at least 3 finite vertices, convex, non-self-intersecting, non-degenerate,
    /// either winding. Collinear vertices are dropped.
    init(validating path: [Vector]) throws(DynamicsError) {
        guard path.count >= 3 else { throw .invalidPath(reason: "needs at least 3 vertices, got \(path.count)") }
        guard path.allSatisfy(\.isFinite) else { throw .invalidPath(reason: "has a non-finite vertex") }
        var signedArea = 0.0
        for index in path.indices {
            signedArea += path[index].cross(path[(index + 1) % path.count])
        }
        guard abs(signedArea) / 2 > Self.minimumArea else { throw .degeneratePath }
        // Orient clockwise on screen (positive cross products with y down).
        let oriented = signedArea > 0 ? path : path.reversed()
        let scale = oriented.map(\.length).max() ?? 1
        var kept: [Vector] = []
        var totalTurn = 0.0
        for index in oriented.indices {
            let previous = oriented[(index + oriented.count - 1) % oriented.count]
            let current = oriented[index]
            let next = oriented[(index + 1) % oriented.count]
            let incoming = current - previous, outgoing = next - current
            let turn = incoming.cross(outgoing)
            // Rounding in the edge vectors is of order ε·scale, so the cross product of truly
            // collinear edges is within about ε·scale·(|a| + |b|); the factor 500 ε (≈ 1e-13)
            // leaves room for that and no more, so a fine polygon (100 000 vertices on a
            // circle turn by 6e-5 rad each) keeps every vertex.
            let collinearity = 1e-13 * scale * (incoming.length + outgoing.length)
            if turn < -collinearity { throw .concavePath(vertex: index) }
            if abs(turn) <= collinearity { continue }
            kept.append(current)
            totalTurn += Self.exteriorAngle(previous, current, next)
        }
        guard kept.count >= 3 else { throw .degeneratePath }
        // A convex but self-intersecting path (a star) turns more than once around.
        if totalTurn > 2 * Double.pi + 1e-6 { throw .concavePath(vertex: 0) }
        vertices = kept
    }

    /// The most a collision outline departs from the validated polygon (points): half the default
    /// linear slop. Box2D's hull likewise welds points and drops nearly collinear ones within its
    /// linear slop.
    static let collisionTolerance = 0.05

    /// The vertices that keep every dropped vertex within ``collisionTolerance`` of the outline's
    /// edges: a subset of the vertices, so still convex and inside the polygon. A path traced
    /// finely from a curve (the fuzzer's 16×30 ellipse had 1804 vertices, 0.05 pt apart) otherwise
    /// gave contact points that jumped between neighbouring vertices as it rolled, and a lying
    /// ellipse rocked at ±1 pt/s for ever; an ellipse of a few dozen vertices comes to rest.
    var collisionOutline: [Vector] {
        let count = vertices.count
        guard count > 3 else { return vertices }
        /// Whether every vertex strictly between `first` and `last` (indices, wrapping) lies within
        /// the tolerance of the chord from `first` to `last`.
        func chordFits(_ first: Int, _ last: Int) -> Bool {
            let a = vertices[first % count], b = vertices[last % count]
            let chord = b - a, length = chord.length
            guard length > 0 else { return true }
            for index in (first + 1)..<last where abs(chord.cross(vertices[index % count] - a)) / length > Self.collisionTolerance {
                return false
            }
            return true
        }
        // Greedy: from each kept vertex, the farthest vertex whose chord fits is kept next. On a
        // convex outline a chord that fits still fits when shortened, so the farthest one is
        // found by doubling the reach, then bisecting (index `count` is vertex 0 again).
        var kept: [Vector] = []
        var first = 0
        while first < count {
            kept.append(vertices[first])
            var fits = first + 1, fails = count + 1, reach = 1
            while fits + reach < fails {
                if chordFits(first, fits + reach) { fits += reach; reach *= 2 } else { fails = fits + reach }
            }
            while fails - fits > 1 {
                let middle = (fits + fails) / 2
                if chordFits(first, middle) { fits = middle } else { fails = middle }
            }
            first = fits
        }
        return kept.count >= 3 ? kept : vertices
    }

    private static func exteriorAngle(_ previous: Vector, _ current: Vector, _ next: Vector) -> Double {
        let a = current - previous, b = next - current
        return atan2(a.cross(b), a.dot(b))
    }

    /// Area (square points), centroid (points) and second moment of area about the centroid
    /// (points⁴), by the standard triangle-fan formulas for polygon area and moments (as in, e.g.,
    /// Box2D's polygon mass computation).
    var massProperties: (area: Double, centroid: Vector, secondMoment: Double) {
        var area = 0.0, centroid = Vector.zero, moment = 0.0
        let origin = vertices[0]
        for index in 1..<(vertices.count - 1) {
            let e1 = vertices[index] - origin, e2 = vertices[index + 1] - origin
            let triangleArea = e1.cross(e2) / 2
            area += triangleArea
            centroid += (e1 + e2) * (triangleArea / 3)
            let intX = e1.dx * e1.dx + e2.dx * e1.dx + e2.dx * e2.dx
            let intY = e1.dy * e1.dy + e2.dy * e1.dy + e2.dy * e2.dy
            moment += (0.25 / 3 * e1.cross(e2)) * (intX + intY)
        }
        centroid = centroid / area
        // Moment about `origin`, moved to the centroid by the parallel-axis theorem.
        let aboutCentroid = moment - area * centroid.lengthSquared
        return (area, origin + centroid, aboutCentroid)
    }
}
