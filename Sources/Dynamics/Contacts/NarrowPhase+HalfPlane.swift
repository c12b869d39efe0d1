/// Contact manifolds against a half-plane (a one-sided boundary): every point whose distance
/// along `normal` from `origin` is at most `speculative` is in contact, so the normal always
/// points into the allowed side, however deep a shape is or however close to a corner.
extension NarrowPhase {
    /// A convex polygon against the half-plane `normal·(p − origin) ≥ 0`: the deepest vertex and the
    /// deeper of its two neighbours (the second point of a face lying flat). The normal points
    /// from the boundary into the polygon; feature ids are vertex indices.
    static func halfPlanePolygon(origin: Vector, normal: Vector, _ polygon: UnsafeBufferPointer<Vector>,
                                 speculative: Double) -> Manifold {
        var manifold = Manifold()
        var deepest = 0, least = Double.infinity
        for j in 0..<polygon.count {
            let separation = normal.dot(polygon[j] - origin)
            if separation < least {
                least = separation
                deepest = j
            }
        }
        if least > speculative { return manifold }
        let count = polygon.count
        let previous = (deepest + count - 1) % count, next = (deepest + 1) % count
        let previousSeparation = normal.dot(polygon[previous] - origin)
        let nextSeparation = normal.dot(polygon[next] - origin)
        let (other, otherSeparation) = nextSeparation <= previousSeparation ? (next, nextSeparation) : (previous, previousSeparation)
        manifold.normal = normal
        manifold.add(polygon[deepest] - normal * (0.5 * least), separation: least, id: UInt32(deepest))
        if otherSeparation <= speculative && other != deepest {
            manifold.add(polygon[other] - normal * (0.5 * otherSeparation), separation: otherSeparation, id: UInt32(other))
        }
        return manifold
    }

    /// A circle against the half-plane `normal·(p − origin) ≥ 0`; the normal points into the circle.
    static func halfPlaneCircle(origin: Vector, normal: Vector, center: Vector, radius: Double,
                                speculative: Double) -> Manifold {
        var manifold = Manifold()
        let gap = normal.dot(center - origin) - radius
        if gap > speculative { return manifold }
        manifold.normal = normal
        manifold.add(center - normal * (radius + 0.5 * gap), separation: gap, id: 0)
        return manifold
    }
}
