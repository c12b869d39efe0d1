import Foundation

/// The polygon that stands in for a non-circular ellipse in collisions.
///
/// Vertices sit on the true ellipse at evenly spaced parameter angles (an inscribed polygon),
/// and their number (12 doubled as often as needed) is the first for which every edge's sagitta,
/// the largest distance between the edge and the arc it replaces, is at most ``maximumError``.
/// The sagitta is measured, not estimated: each edge's distance to its arc is sampled at 15
/// interior points.
enum EllipseApproximation {
    /// The largest distance (points) between the polygon and the true ellipse.
    static let maximumError = 0.25
    /// The most vertices used; reached only by ellipses larger than about 40 000 pt.
    static let maximumVertexCount = 1024

    /// Vertices (clockwise on screen) of the polygon for semi-axes `a` (x) and `b` (y) in points.
    static func vertices(semiAxisX a: Double, semiAxisY b: Double) -> [Vector] {
        var count = 12
        while count < maximumVertexCount && error(a, b, count) > maximumError {
            count *= 2
        }
        return (0..<count).map { index in
            let t = 2 * Double.pi * Double(index) / Double(count)
            return Vector(dx: a * cos(t), dy: b * sin(t))
        }
    }

    /// The worst sampled distance from any edge of the `count`-gon to its arc (points).
    static func error(_ a: Double, _ b: Double, _ count: Int) -> Double {
        var worst = 0.0
        // By symmetry one quadrant of edges suffices.
        for index in 0..<max(1, count / 4) {
            let t0 = 2 * Double.pi * Double(index) / Double(count)
            let t1 = 2 * Double.pi * Double(index + 1) / Double(count)
            let p0 = Vector(dx: a * cos(t0), dy: b * sin(t0)), p1 = Vector(dx: a * cos(t1), dy: b * sin(t1))
            let edge = p1 - p0
            let normal = Vector(dx: edge.dy, dy: -edge.dx) / edge.length
            for sample in 1..<16 {
                let t = t0 + (t1 - t0) * Double(sample) / 16
                let arc = Vector(dx: a * cos(t), dy: b * sin(t))
                worst = max(worst, abs((arc - p0).dot(normal)))
            }
        }
        return worst
    }
}
