/// One edge of the reference bounds as a half-plane: the allowed side is `inward·(p − origin) ≥ 0`.
struct HalfPlane {
    var origin: Vector
    var inward: Vector
    /// The collision behaviors (bit per behavior) whose boundary-colliding items it keeps in.
    var groupMask: UInt64
}

extension World {
    /// Stops a body whose center would cross a one-sided boundary in this sub-step where its box
    /// met the boundary (or where it started, if it already overlapped).
    ///
    /// Contacts are found before forces are integrated, so a body that a field or a joint speeds
    /// up within one sub-step can travel past its speculative margin, and joint position
    /// correction can pull a body through a boundary. It runs after both. Against a half-plane the
    /// time of impact is exact and cheap, so the move is cut there, keeping the velocity for the
    /// next sub-step's contact to resolve (the way Box2D v3's continuous step treats fast bodies
    /// against static ones). A body that stays on the allowed side is never touched.
    mutating func keepCentersInsideHalfPlanes() {
        if halfPlanes.isEmpty { return }
        halfPlanes.withUnsafeBufferPointer { planes in
            bodies.withUnsafeMutableBufferPointer { bodies in
                for index in bodies.indices where bodies[index].boundaryMask != 0 && !bodies[index].isStatic {
                    var body = bodies[index]
                    var changed = false
                    for plane in planes where body.boundaryMask & plane.groupMask != 0 {
                        let start = body.startPosition.vectorFromOrigin, end = body.position.vectorFromOrigin
                        let startDistance = plane.inward.dot(start - plane.origin)
                        let endDistance = plane.inward.dot(end - plane.origin)
                        guard endDistance < 0, startDistance >= 0 else { continue }
                        // How far the box reached from the center toward the boundary at the start.
                        let n = plane.inward
                        let corner = Vector(dx: n.dx > 0 ? body.boxMin.dx : body.boxMax.dx,
                                            dy: n.dy > 0 ? body.boxMin.dy : body.boxMax.dy)
                        let reach = max(0, n.dot(start - corner))
                        let target = min(startDistance, reach)
                        let fraction = (startDistance - target) / (startDistance - endDistance)
                        body.position = Point(x: start.dx + (end.dx - start.dx) * fraction,
                                              y: start.dy + (end.dy - start.dy) * fraction)
                        body.angle = body.startAngle + (body.angle - body.startAngle) * fraction
                        changed = true
                    }
                    if changed {
                        body.delta = body.position - body.startPosition
                        body.deltaAngle = body.angle - body.startAngle
                        bodies[index] = body
                    }
                }
            }
        }
    }
}
