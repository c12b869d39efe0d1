import Foundation

/// Contact manifolds between convex shapes in world coordinates: polygon–polygon by the
/// separating-axis test with reference-face clipping (the classic method, e.g. Gregorius,
/// "The Separating Axis Test", GDC 2013, and Catto's Box2D), polygon–circle by Voronoi regions,
/// and circle–circle. A two-vertex polygon is a (two-sided) segment. Points are reported when the
/// separation is at most `speculative` points, so that contacts can act before shapes touch.
enum NarrowPhase {
    /// Largest separation of `b` along the outward normals of `a`: (edge index, separation). As
    /// soon as one edge separates them by more than `limit`, that edge and its separation are
    /// returned: the shapes are then too far apart for a contact, whichever edge separates most.
    @inline(__always)
    static func maxSeparation(_ a: UnsafeBufferPointer<Vector>, _ aNormals: UnsafeBufferPointer<Vector>,
                              _ b: UnsafeBufferPointer<Vector>, stoppingAbove limit: Double) -> (Int, Double) {
        var bestEdge = 0, best = -Double.infinity
        for i in 0..<a.count {
            let n = aNormals[i], v = a[i]
            var smallest = Double.infinity
            for j in 0..<b.count {
                smallest = min(smallest, n.dot(b[j] - v))
            }
            if smallest > best {
                best = smallest
                bestEdge = i
                if best > limit { break }
            }
        }
        return (bestEdge, best)
    }

    /// The index after `index` around a polygon of `count` vertices.
    @inline(__always)
    static func next(after index: Int, count: Int) -> Int {
        index + 1 == count ? 0 : index + 1
    }

    static func polygons(_ a: UnsafeBufferPointer<Vector>, _ aNormals: UnsafeBufferPointer<Vector>,
                         _ b: UnsafeBufferPointer<Vector>, _ bNormals: UnsafeBufferPointer<Vector>,
                         speculative: Double, slop: Double) -> Manifold {
        var manifold = Manifold()
        let (edgeA, separationA) = maxSeparation(a, aNormals, b, stoppingAbove: speculative)
        if separationA > speculative { return manifold }
        let (edgeB, separationB) = maxSeparation(b, bNormals, a, stoppingAbove: speculative)
        if separationB > speculative { return manifold }
        // Prefer A's face unless B's is clearly better, so the choice does not flicker.
        let flip = separationB > separationA + 0.1 * slop
        let reference = flip ? b : a, referenceNormals = flip ? bNormals : aNormals
        let incident = flip ? a : b, incidentNormals = flip ? aNormals : bNormals
        let edge = flip ? edgeB : edgeA
        let v1 = reference[edge], v2 = reference[next(after: edge, count: reference.count)]
        let normal = referenceNormals[edge]
        var incidentEdge = 0, mostOpposed = Double.infinity
        for j in 0..<incident.count {
            let d = normal.dot(incidentNormals[j])
            if d < mostOpposed {
                mostOpposed = d
                incidentEdge = j
            }
        }
        let nextIncident = next(after: incidentEdge, count: incident.count)
        var w1 = incident[incidentEdge], w2 = incident[nextIncident]
        let length = (v2 - v1).length
        guard length > 0 else { return manifold }
        let tangent = (v2 - v1) / length
        // Clip the incident edge to the reference face's side planes.
        guard clip(&w1, &w2, normal: -tangent, offset: -tangent.dot(v1)),
              clip(&w1, &w2, normal: tangent, offset: tangent.dot(v2))
        else { return manifold }
        // Feature ids name the touching edge of A, the touching edge of B, and the side a point
        // lies on along A's edge. They stay the same while the same faces touch: whether or not a
        // point was clipped (a resting box wobbling by a hair), and whichever face is the
        // reference (two faces touching flat swap that role as the bodies tilt by a hair, as the
        // boxes of a pyramid do; ids naming the reference lost the warm start of thousands of its
        // contacts every sub-step, and the pyramid fell).
        let (edgeOfA, edgeOfB) = flip ? (incidentEdge, edge) : (edge, incidentEdge)
        // 16 bits for A's edge, 15 for B's and one for the side. Ellipses have at most 1536 edges;
        // a path of more than 32 768 would let two features share an id, which could only hand a
        // point another's warm start.
        let base = (UInt32(truncatingIfNeeded: edgeOfA) << 16) | (UInt32(truncatingIfNeeded: edgeOfB & 0x7fff) << 1)
        manifold.normal = flip ? -normal : normal
        let (nearV1, nearV2) = tangent.dot(w1) <= tangent.dot(w2) ? (w1, w2) : (w2, w1)
        let separation1 = normal.dot(nearV1 - v1), separation2 = normal.dot(nearV2 - v1)
        let (side1, side2): (UInt32, UInt32) = flip ? (1, 0) : (0, 1)
        if separation1 <= speculative {
            manifold.add(nearV1 - normal * (0.5 * separation1), separation: separation1, id: base | side1)
        }
        if separation2 <= speculative {
            manifold.add(nearV2 - normal * (0.5 * separation2), separation: separation2, id: base | side2)
        }
        return manifold
    }

    /// Keeps the part of segment (a, b) where `normal·p ≤ offset`; false if none is left.
    @inline(__always)
    static func clip(_ a: inout Vector, _ b: inout Vector, normal: Vector, offset: Double) -> Bool {
        let da = normal.dot(a) - offset, db = normal.dot(b) - offset
        if da <= 0 && db <= 0 { return true }
        if da > 0 && db > 0 { return false }
        let crossing = a + (b - a) * (da / (da - db))
        if da > 0 { a = crossing } else { b = crossing }
        return true
    }

    /// Polygon `a` against a circle (center, radius): the normal points from the polygon to the circle.
    static func polygonCircle(_ a: UnsafeBufferPointer<Vector>, _ aNormals: UnsafeBufferPointer<Vector>,
                              center: Vector, radius: Double, speculative: Double) -> Manifold {
        var manifold = Manifold()
        var edge = 0, separation = -Double.infinity
        for i in 0..<a.count {
            let s = aNormals[i].dot(center - a[i])
            if s > separation {
                separation = s
                edge = i
            }
        }
        if separation - radius > speculative { return manifold }
        let v1 = a[edge], v2 = a[next(after: edge, count: a.count)]
        var normal = aNormals[edge]
        var distance = separation
        var id = UInt32(edge)
        if separation > 0 {
            if (center - v1).dot(v2 - v1) < 0 {
                (normal, distance, id) = (center - v1, (center - v1).length, UInt32(edge) | 0x100)
            } else if (center - v2).dot(v1 - v2) < 0 {
                (normal, distance, id) = (center - v2, (center - v2).length, UInt32(next(after: edge, count: a.count)) | 0x100)
            }
            if distance > 0 && id & 0x100 != 0 { normal = normal / distance }
        }
        let gap = distance - radius
        if gap > speculative { return manifold }
        manifold.normal = normal
        manifold.add(center - normal * (radius + 0.5 * gap), separation: gap, id: id)
        return manifold
    }

    /// Two circles: the normal points from A to B.
    static func circles(centerA: Vector, radiusA: Double, centerB: Vector, radiusB: Double,
                        speculative: Double) -> Manifold {
        var manifold = Manifold()
        let offset = centerB - centerA
        let distance = offset.length
        let gap = distance - radiusA - radiusB
        if gap > speculative { return manifold }
        let normal = distance > 0 ? offset / distance : Vector(dx: 0, dy: -1)
        manifold.normal = normal
        manifold.add(centerA + normal * (radiusA + 0.5 * gap), separation: gap, id: 0)
        return manifold
    }
}
