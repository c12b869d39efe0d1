import Foundation

/// The harness's own check of a collision path (SPEC: convex, non-self-intersecting, origin at
/// the item's center, either winding), written independently of any engine.
enum ConvexPathCheck {
    /// The smallest enclosed area accepted (square points): less is degenerate. The same floor as
    /// this project's engine uses, so that a path the harness accepts is one the engine accepts.
    static let minimumArea = 1e-6

    /// The problem with `path`, or `nil` for a valid convex polygon. Consecutive collinear
    /// vertices are allowed; a polygon that turns consistently but winds more than once (a star)
    /// is self-intersecting.
    static func problem(with path: [ScenePoint]) -> SceneError.Problem? {
        guard path.count >= 3 else { return .tooFew(minimum: 3, got: path.count) }
        if let bad = path.first(where: { !$0.isFinite }) { return .nonFinite(bad.x.isFinite ? bad.y : bad.x) }
        let vertices = path.map { SceneVector(dx: $0.x, dy: $0.y) }
        let count = vertices.count
        var twiceArea = 0.0
        for index in 0..<count { twiceArea += vertices[index].cross(vertices[(index + 1) % count]) }
        guard abs(twiceArea) / 2 > minimumArea else { return .degeneratePath }
        let orientation: Double = twiceArea > 0 ? 1 : -1
        let scale = vertices.map(\.length).max() ?? 1
        var turning = 0.0
        for index in 0..<count {
            let previous = vertices[(index + count - 1) % count], current = vertices[index], next = vertices[(index + 1) % count]
            let incoming = current - previous, outgoing = next - current
            let turn = orientation * incoming.cross(outgoing)
            // Rounding in the edges is of order ε·scale, so collinear edges cross to within about
            // ε·scale·(|a| + |b|); 1e-13 (≈ 500 ε) allows that and no more.
            let collinear = 1e-13 * scale * (incoming.length + outgoing.length)
            if turn < -collinear { return .concavePath(vertex: index) }
            turning += atan2(orientation * incoming.cross(outgoing), incoming.dot(outgoing))
        }
        // A simple convex polygon turns once around (2π); a consistently turning star turns more.
        if turning > 2 * Double.pi + 1e-6 { return .selfIntersectingPath }
        return nil
    }
}
