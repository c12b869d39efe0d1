import Foundation

/// One edge of the reference bounds as a half-plane: the allowed side is `inward·(p − origin) ≥ 0`.
struct HalfPlane {
    var origin: Vector
    var inward: Vector
    /// The collision behaviors (bit per behavior) whose boundary-colliding items it keeps in.
    var groupMask: UInt64
}

/// A rotation by a fixed angle, its cosine and sine taken once (the same arithmetic as
/// `Vector.rotated(by:)`).
private struct Rotation {
    let cosine: Double, sine: Double

    static let identity = Rotation(cosine: 1, sine: 0)

    init(cosine: Double, sine: Double) {
        self.cosine = cosine
        self.sine = sine
    }

    init(_ angle: Double) {
        self.init(cosine: cos(angle), sine: sin(angle))
    }

    func apply(to v: Vector) -> Vector {
        Vector(dx: cosine * v.dx - sine * v.dy, dy: sine * v.dx + cosine * v.dy)
    }
}

extension World {
    /// Stops a body whose item center (each member's center, for a group) would cross a one-sided
    /// boundary in this sub-step where the body's box met the boundary (or where it started, if
    /// it already overlapped).
    ///
    /// Contacts are found before forces are integrated, so a body that a field or a joint speeds
    /// up within one sub-step can travel past its speculative margin, and joint position
    /// correction can pull a body through a boundary. It runs after both. Against a half-plane the
    /// time of impact is exact for a center that moves in a straight line, and cheap, so the move
    /// is cut there, keeping the velocity for the next sub-step's contact to resolve (the way
    /// Box2D v3's continuous step treats fast bodies against static ones). A body whose centers
    /// stay on the allowed side is never touched. A group's own center of mass may lie outside
    /// (a boundary can push one member out past the bounds while the rest stays inside), so each
    /// member's center is checked: the group stops where its first member would have crossed.
    mutating func keepCentersInsideHalfPlanes() {
        if halfPlanes.isEmpty { return }
        halfPlanes.withUnsafeBufferPointer { planes in
            memberPoses.withUnsafeBufferPointer { poses in
                bodies.withUnsafeMutableBufferPointer { bodies in
                    for index in bodies.indices where bodies[index].boundaryMask != 0 && !bodies[index].isStatic {
                        var body = bodies[index]
                        var changed = false
                        let members = Int(body.firstMember)..<Int(body.firstMember + body.memberCount)
                        // Rotations of the members' offsets at the start and end poses, taken once per
                        // body, and only when some member's center is off the center of mass (a plain
                        // box or ellipse needs no trigonometry here).
                        let offCenter = members.contains { poses[$0].offset != .zero }
                        let startTurn = offCenter ? Rotation(body.startAngle) : .identity
                        var endTurn = offCenter ? Rotation(body.angle) : .identity
                        for plane in planes where body.boundaryMask & plane.groupMask != 0 {
                            let n = plane.inward
                            // How far the box reached beyond a point toward the boundary at the start.
                            let corner = Vector(dx: n.dx > 0 ? body.boxMin.dx : body.boxMax.dx,
                                                dy: n.dy > 0 ? body.boxMin.dy : body.boxMax.dy)
                            var fraction = 1.0
                            for member in members {
                                let offset = poses[member].offset
                                let start = body.startPosition.vectorFromOrigin + startTurn.apply(to: offset)
                                let end = body.position.vectorFromOrigin + endTurn.apply(to: offset)
                                let startDistance = n.dot(start - plane.origin)
                                let endDistance = n.dot(end - plane.origin)
                                guard endDistance < 0, startDistance >= 0 else { continue }
                                let target = min(startDistance, max(0, n.dot(start - corner)))
                                fraction = min(fraction, (startDistance - target) / (startDistance - endDistance))
                            }
                            guard fraction < 1 else { continue }
                            let start = body.startPosition.vectorFromOrigin, end = body.position.vectorFromOrigin
                            body.position = Point(x: start.dx + (end.dx - start.dx) * fraction,
                                                  y: start.dy + (end.dy - start.dy) * fraction)
                            body.angle = body.startAngle + (body.angle - body.startAngle) * fraction
                            if offCenter { endTurn = Rotation(body.angle) }
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
}
