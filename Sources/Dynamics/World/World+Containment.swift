import Foundation

/// A boundary no item center may cross, for the containment pass. A one-sided boundary (an edge
/// of the reference bounds) is the whole line through `origin` along `direction`, and the allowed
/// side is `normal·(p − origin) ≥ 0`; a two-sided one is the segment from `origin` to
/// `origin + direction`, and a center stays on whichever side it started.
struct CenterBarrier {
    var origin: Vector
    /// The segment from its start to its end (points).
    var direction: Vector
    /// Unit normal; for a one-sided barrier, pointing to the allowed side.
    var normal: Vector
    var isOneSided: Bool
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
    /// Stops a body whose item center (each member's center, for a group) would cross a boundary
    /// in this sub-step: an edge of the reference bounds anywhere, a named boundary's segment
    /// between its ends. The move is cut where the body's box met the boundary's line (or where
    /// it started, if it already overlapped it).
    ///
    /// Contacts are found before forces are integrated, so a body that a field, a spring or a
    /// joint speeds up within one sub-step can travel past its speculative margin; joint position
    /// correction can pull a body through a boundary, and pushing apart items that overlap a thin
    /// segment can push one's center through it. This pass runs after all of them. The time of
    /// impact is exact for a center that moves in a straight line, and cheap, so the move is cut
    /// there, keeping the velocity for the next sub-step's contact to resolve (the way Box2D v3's
    /// continuous step treats fast bodies against static ones). A body whose centers stay on
    /// their side is never touched. A group's own center of mass may lie outside (a boundary can
    /// push one member out past the bounds while the rest stays inside), so each member's center
    /// is checked: the group stops where its first member would have crossed.
    mutating func keepCentersOnTheirSideOfBoundaries() {
        if centerBarriers.isEmpty { return }
        centerBarriers.withUnsafeBufferPointer { barriers in
            memberPoses.withUnsafeBufferPointer { poses in
                bodies.withUnsafeMutableBufferPointer { bodies in
                    for index in bodies.indices where bodies[index].boundaryMask != 0 && !bodies[index].isStatic {
                        // Field by field: a body is 320 bytes, and most are never touched here.
                        let boundaryMask = bodies[index].boundaryMask
                        let startPosition = bodies[index].startPosition.vectorFromOrigin, startAngle = bodies[index].startAngle
                        let boxMin = bodies[index].boxMin, boxMax = bodies[index].boxMax
                        var position = bodies[index].position, angle = bodies[index].angle
                        var changed = false
                        let firstMember = Int(bodies[index].firstMember)
                        let members = firstMember..<firstMember + Int(bodies[index].memberCount)
                        // Rotations of the members' offsets at the start and end poses, taken once per
                        // body, and only when some member's center is off the center of mass (a plain
                        // box or ellipse needs no trigonometry here).
                        let offCenter = members.contains { poses[$0].offset != .zero }
                        let startTurn = offCenter ? Rotation(startAngle) : .identity
                        var endTurn = offCenter ? Rotation(angle) : .identity
                        for barrier in barriers where boundaryMask & barrier.groupMask != 0 {
                            var fraction = 1.0
                            for member in members {
                                let offset = poses[member].offset
                                let start = startPosition + startTurn.apply(to: offset)
                                let end = position.vectorFromOrigin + endTurn.apply(to: offset)
                                guard let cut = Self.fractionBeforeCrossing(barrier, from: start, to: end, boxMin: boxMin, boxMax: boxMax)
                                else { continue }
                                fraction = min(fraction, cut)
                            }
                            guard fraction < 1 else { continue }
                            (position, angle) = Self.pose(from: (startPosition, startAngle), to: (position, angle), at: fraction)
                            if offCenter { endTurn = Rotation(angle) }
                            changed = true
                        }
                        if changed && offCenter {
                            (position, angle) = Self.withdrawingMembersBehindLines(barriers, boundaryMask, poses[members],
                                                                                    from: (startPosition, startAngle, startTurn),
                                                                                    to: (position, angle))
                        }
                        if changed {
                            bodies[index].position = position
                            bodies[index].angle = angle
                            bodies[index].delta = position - bodies[index].startPosition
                            bodies[index].deltaAngle = angle - startAngle
                        }
                    }
                }
            }
        }
    }

    /// The pose between `start` and the cut pose `end` at which every member center that started
    /// on the inner side of a one-sided barrier is still on it: `end` itself, or the move halved
    /// until it is, or `start`. The cuts interpolate position and angle together, so a member off
    /// the center of mass moves along an arc, not the chord its cut was computed on; a group
    /// turning 1.9 rad a sub-step with a member 620 pt out (fuzz scene 99/294) ended with that
    /// member's center 6 pt past the bounds. Two-sided segments are not rechecked.
    private static func withdrawingMembersBehindLines(
        _ barriers: UnsafeBufferPointer<CenterBarrier>, _ boundaryMask: UInt64, _ members: Slice<UnsafeBufferPointer<BodyLayout.MemberPose>>,
        from start: (position: Vector, angle: Double, turn: Rotation), to end: (position: Point, angle: Double)
    ) -> (Point, Double) {
        func pose(_ fraction: Double) -> (Point, Double) { Self.pose(from: (start.position, start.angle), to: end, at: fraction) }
        func isBehindEveryLine(_ candidate: (position: Point, angle: Double)) -> Bool {
            let turn = Rotation(candidate.angle)
            for barrier in barriers where barrier.isOneSided && boundaryMask & barrier.groupMask != 0 {
                for member in members {
                    let from = start.position + start.turn.apply(to: member.offset)
                    let to = candidate.position.vectorFromOrigin + turn.apply(to: member.offset)
                    if barrier.normal.dot(from - barrier.origin) >= 0 && barrier.normal.dot(to - barrier.origin) < 0 { return false }
                }
            }
            return true
        }
        if isBehindEveryLine(end) { return end }
        var fraction = 0.5
        for _ in 0..<Self.largestWithdrawalHalvings {
            let candidate = pose(fraction)
            if isBehindEveryLine(candidate) { return candidate }
            fraction *= 0.5
        }
        return pose(0)
    }

    /// The pose `fraction` of the way from `start` to `end`, position and angle alike.
    @inline(__always)
    private static func pose(from start: (position: Vector, angle: Double), to end: (position: Point, angle: Double),
                             at fraction: Double) -> (Point, Double) {
        let p = end.position.vectorFromOrigin
        return (Point(x: start.position.dx + (p.dx - start.position.dx) * fraction,
                      y: start.position.dy + (p.dy - start.position.dy) * fraction),
                start.angle + (end.angle - start.angle) * fraction)
    }

    /// How many times a cut move is halved before it is undone.
    static let largestWithdrawalHalvings = 30

    /// The fraction of a center's move from `start` to `end` after which the body's box (at the
    /// sub-step's start, `boxMin`…`boxMax`) meets the barrier's line, or the center would, if the
    /// box already overlapped it; `nil` if the move does not cross the barrier. A center that
    /// starts exactly on a two-sided barrier's line has no side to keep.
    @inline(__always)
    private static func fractionBeforeCrossing(_ barrier: CenterBarrier, from start: Vector, to end: Vector,
                                               boxMin: Vector, boxMax: Vector) -> Double? {
        var n = barrier.normal
        var startDistance = n.dot(start - barrier.origin)
        if !barrier.isOneSided {
            guard startDistance != 0 else { return nil }
            if startDistance < 0 {
                n = -n
                startDistance = -startDistance
            }
        }
        let endDistance = n.dot(end - barrier.origin)
        guard endDistance < 0, startDistance >= 0 else { return nil }
        if !barrier.isOneSided {
            // Where the path meets the line, as a fraction along the segment.
            let meeting = start + (end - start) * (startDistance / (startDistance - endDistance))
            let along = (meeting - barrier.origin).dot(barrier.direction)
            guard along >= 0, along <= barrier.direction.lengthSquared else { return nil }
        }
        // How far the box reached beyond the center toward the line at the start.
        let corner = Vector(dx: n.dx > 0 ? boxMin.dx : boxMax.dx, dy: n.dy > 0 ? boxMin.dy : boxMax.dy)
        let target = min(startDistance, max(0, n.dot(start - corner)))
        return (startDistance - target) / (startDistance - endDistance)
    }
}
