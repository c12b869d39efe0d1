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
