import Foundation

/// Continuous collision against the boundaries: a fast body's move over the sub-step stops at
/// its time of impact with a boundary, its shape touching it, not embedded.
///
/// Contacts are found before forces are integrated, and a manifold holds at most two points, so
/// a body that a field, a spring or a joint speeds up within the sub-step, or whose far end
/// swings round, can travel past its speculative contacts into or through a boundary. Box2D v3
/// answers this with a continuous step against static geometry for fast bodies: the shape's
/// time of impact over the sub-step's motion, the body placed there, its velocity kept for the
/// next sub-step's contacts to resolve (Catto, "Continuous Collision", GDC 2013; Box2D v3's
/// `solver.c`). A body is fast, as there, when a point of it can move more than half its
/// smallest extent in the sub-step: `|Δx| + |Δθ|·maxExtent > ½·minExtent`. Slower bodies cannot
/// pass a boundary in one sub-step without their contacts seeing it.
///
/// The time of impact is found by conservative advancement (Mirtich 1996): the distance `d`
/// between the shape and the boundary shrinks at most at `|Δx| + |Δθ|·maxExtent` per unit of
/// the sub-step's fraction, so advancing by `d` over that bound never passes the first touch;
/// it stops within the linear slop of touching. A body that starts the sub-step touching or
/// overlapping a boundary is left to its contacts, which push it out; only a move that would take
/// it deeper into a half-plane stops where it starts to (see ``fractionBeforeGoingDeeper``).
extension World {
    /// Stops each fast body's move at its first time of impact with a boundary it collides with
    /// (within ``SolverSettings/linearSlop`` of touching), keeping its velocity; stops a body
    /// touching a half-plane from going deeper than it may (see ``timeOfImpact``), and any body's
    /// center from crossing a boundary, each without its velocity across.
    mutating func stepContinuouslyAgainstBoundaries() {
        if boundaries.isEmpty { return }
        let slop = settings.linearSlop, poses = memberPoses
        Self.withGeometry(&bodies, &geometry) { bodies, geometry in
            for index in bodies.indices where bodies[index].boundaryMask != 0 && !bodies[index].isStatic {
                let body = bodies[index]
                let move = body.position - body.startPosition, turn = body.angle - body.startAngle
                let reach = move.length + abs(turn) * body.extent
                guard reach > 0 else { continue }
                let isFast = reach > 0.5 * Self.smallestExtent(of: body, geometry)
                let motion = BodyMotion(start: body.startPosition.vectorFromOrigin, startAngle: body.startAngle,
                                        move: move, turn: turn, reach: reach)
                var fraction = 1.0
                var across: Vector?
                for (boundaryIndex, boundary) in boundaries.enumerated() where body.boundaryMask & boundary.groupMask != 0 {
                    let segment = geometry.segment(boundaryIndex)
                    let wall = Wall(start: segment.vertices[0], end: segment.vertices[1], inward: segment.normals[1],
                                    isOneSided: boundary.isOneSided)
                    if wall.isOneSided {
                        // The box's corner deepest along the inward normal, at the sub-step's start.
                        let inward = wall.inward
                        let corner = Vector(dx: inward.dx > 0 ? body.boxMin.dx : body.boxMax.dx, dy: inward.dy > 0 ? body.boxMin.dy : body.boxMax.dy)
                        if inward.dot(corner - wall.start) > reach + slop { continue }
                    }
                    if let impact = Self.timeOfImpact(of: body, geometry, moving: motion, against: wall, isFast: isFast,
                                                      before: fraction, slop: slop) {
                        fraction = impact.fraction
                        across = impact.holdsAgainst
                    }
                    // However slowly, a center does not cross a boundary: a body pressed through a
                    // segment by the overlap it started with (the rigid solver corrects positions
                    // directly), or a thin one created deep in a wall turning its center out,
                    // stops with its center on its side and no longer moves across (its velocity
                    // loses that component, as a body held from going deeper into a half-plane
                    // does, so that neither is held while reporting a move into the wall;
                    // contacts push it back from there).
                    let members = Int(body.firstMember)..<Int(body.firstMember + body.memberCount)
                    if let crossing = Self.fractionBeforeCrossing(motion, wall, offsets: poses[members].lazy.map(\.offset), before: fraction) {
                        fraction = crossing.fraction
                        across = crossing.normal
                    }
                }
                guard fraction < 1 else { continue }
                let (position, angle) = motion.pose(at: fraction)
                bodies[index].position = Point(x: position.dx, y: position.dy)
                bodies[index].angle = angle
                bodies[index].delta = bodies[index].position - body.startPosition
                bodies[index].deltaAngle = angle - body.startAngle
                if let across {
                    let speed = bodies[index].velocity.dot(across)
                    if speed > 0 { bodies[index].velocity -= across * speed }
                }
            }
        }
    }

    /// A boundary as the continuous step sees it.
    private struct Wall {
        var start: Vector, end: Vector
        /// A half-plane's inward normal.
        var inward: Vector
        var isOneSided: Bool
    }

    /// A body's motion over the sub-step, position and angle interpolated together.
    private struct BodyMotion {
        var start: Vector, startAngle: Double
        var move: Vector, turn: Double
        /// The farthest any point of the body moves over the whole sub-step (points).
        var reach: Double

        func pose(at t: Double) -> (position: Vector, angle: Double) {
            (start + move * t, startAngle + turn * t)
        }
    }

    /// The most advancement steps per body and boundary; each at least halves the distance
    /// left to the slop or moves the fraction past 1, so a few dozen suffice.
    static let largestAdvancementCount = 64

    /// The fraction of the sub-step's motion, below `limit`, at which a fast body's shapes come
    /// within `slop` of `wall` (its velocity kept for the contacts), or at which a fast body that
    /// started touching a half-plane would go deeper than a loaded contact lets it (with the
    /// direction its velocity may no longer take); `nil` if neither happens. A slow body is left
    /// to its contacts: holding it, even only past half its smallest extent, held the bottom row
    /// of the 100-row pyramid (20 pt boxes sunk past 5 pt under the load) and kept its top moving.
    private static func timeOfImpact(of body: Body, _ geometry: GeometryBuffers, moving motion: BodyMotion, against wall: Wall,
                                     isFast: Bool, before limit: Double, slop: Double) -> (fraction: Double, holdsAgainst: Vector?)? {
        var t = 0.0
        var distance = Self.distance(of: body, geometry, at: motion.pose(at: 0), from: wall)
        if distance <= slop {
            // A fast body may settle within a loaded contact's overlap; past it, no deeper than
            // it started. A slow body is left to its contacts (see the note above).
            let allowed = ContactSoftness.largestLoadedOverlap
            guard wall.isOneSided, isFast,
                  let held = Self.fractionBeforeGoingDeeper(body, geometry, motion, wall, than: min(distance, -(slop + allowed)), before: limit)
            else { return nil }
            return (held, -wall.inward)
        }
        guard isFast else { return nil }
        // Where the sub-step ends shows whether its contacts already caught the body: within a
        // loaded contact's overlap of a half-plane, or clear of a segment it did not cross, they
        // did, and the move stands (an impact the solver met keeps its exact timing).
        let end = Self.distance(of: body, geometry, at: motion.pose(at: limit), from: wall)
        if wall.isOneSided {
            if end >= -(slop + ContactSoftness.largestLoadedOverlap) { return nil }
        } else if end > 0 && !Self.segmentsCross(motion.start, motion.pose(at: limit).position, wall.start, wall.end) {
            return nil
        }
        for _ in 0..<largestAdvancementCount {
            // Advancing to half the slop short of touching converges onto the slop from above.
            t += (distance - 0.5 * slop) / motion.reach
            if t >= limit { return nil }
            distance = Self.distance(of: body, geometry, at: motion.pose(at: t), from: wall)
            if distance <= slop { return (t, nil) }
        }
        return (t, nil)
    }

    /// For a body that starts the sub-step touching or inside a half-plane: the fraction of its
    /// motion, below `limit`, after which it would reach deeper than `floor` (its starting
    /// distance, or the slop's depth if it started shallower); `nil` if it does not. The contact solver never moves a contact
    /// point deeper, but a joint's position correction, run after it, can drag a body through a
    /// wall (a rod longer than the container pulled its item out); this stops that move where it
    /// starts to go deeper, and nothing else: the body keeps every move that brings it out.
    private static func fractionBeforeGoingDeeper(_ body: Body, _ geometry: GeometryBuffers, _ motion: BodyMotion, _ wall: Wall,
                                                  than floor: Double, before limit: Double) -> Double? {
        guard Self.distance(of: body, geometry, at: motion.pose(at: limit), from: wall) < floor else { return nil }
        // Bisection between a pose at or above the floor and one below it.
        var low = 0.0, high = limit
        for _ in 0..<largestBisectionCount {
            let middle = 0.5 * (low + high)
            if Self.distance(of: body, geometry, at: motion.pose(at: middle), from: wall) >= floor { low = middle } else { high = middle }
        }
        return low
    }

    /// Bisections for ``fractionBeforeGoingDeeper``: 2⁻³⁰ of a sub-step's move.
    static let largestBisectionCount = 30

    /// The distance between the body's shapes at `pose` and `wall` (points): for a half-plane
    /// the signed distance of the shapes' deepest point from its line (negative inside it), for
    /// a segment the shortest distance (0 where they overlap).
    private static func distance(of body: Body, _ geometry: GeometryBuffers, at pose: (position: Vector, angle: Double),
                                 from wall: Wall) -> Double {
        let c = cos(pose.angle), s = sin(pose.angle)
        func place(_ local: Vector) -> Vector { pose.position + Vector(dx: c * local.dx - s * local.dy, dy: s * local.dx + c * local.dy) }
        var least = Double.infinity
        for shapeIndex in Int(body.firstShape)..<Int(body.firstShape + body.shapeCount) {
            let shape = geometry.shapes[shapeIndex]
            if shape.isCircle {
                let center = place(shape.localCenter)
                let gap = wall.isOneSided ? wall.inward.dot(center - wall.start) : Self.distance(from: center, toSegment: wall.start, wall.end)
                least = min(least, gap - shape.radius)
                continue
            }
            let count = Int(shape.vertexCount)
            if wall.isOneSided {
                for v in 0..<count { least = min(least, wall.inward.dot(place(geometry.localVertex(v, of: shape).vertex) - wall.start)) }
                continue
            }
            // A convex polygon and a segment apart are nearest at a vertex of one of them; they
            // overlap where the segment crosses an edge or lies inside.
            var left = true, right = true
            for v in 0..<count {
                let a = place(geometry.localVertex(v, of: shape).vertex), b = place(geometry.localVertex((v + 1) % count, of: shape).vertex)
                if Self.segmentsCross(a, b, wall.start, wall.end) { return 0 }
                let side = (b - a).cross(wall.start - a)
                if side < 0 { left = false }
                if side > 0 { right = false }
                least = min(least, Self.distance(from: a, toSegment: wall.start, wall.end),
                            Self.distance(from: wall.start, toSegment: a, b), Self.distance(from: wall.end, toSegment: a, b))
            }
            // The segment's start on the inner side of every edge, whichever the winding.
            if left || right { return 0 }
        }
        return least
    }

    /// The fraction of the motion, below `limit`, just before the center of one of the body's
    /// items (at `offsets` from its center of mass) would cross `wall` (a half-plane's line from
    /// inside, a segment between its ends), with the wall's unit normal pointing across; `nil`
    /// if none crosses (or starts on a segment's line). Position and angle move together, so a
    /// center off the center of mass moves on an arc: its side of the line is bisected along it.
    private static func fractionBeforeCrossing(_ motion: BodyMotion, _ wall: Wall, offsets: some Sequence<Vector>,
                                               before limit: Double) -> (fraction: Double, normal: Vector)? {
        var result: (fraction: Double, normal: Vector)?
        for offset in offsets {
            func center(at t: Double) -> Vector {
                let pose = motion.pose(at: t), c = cos(pose.angle), s = sin(pose.angle)
                return pose.position + Vector(dx: c * offset.dx - s * offset.dy, dy: s * offset.dx + c * offset.dy)
            }
            let first = center(at: 0), last = center(at: result?.fraction ?? limit)
            let startSide = wall.inward.dot(first - wall.start)
            if wall.isOneSided {
                // The whole line, a center on it counting as inside; a center already outside is
                // left to the contacts.
                guard startSide >= 0, wall.inward.dot(last - wall.start) < 0 else { continue }
            } else {
                guard Self.segmentsCross(first, last, wall.start, wall.end), startSide != 0 else { continue }
            }
            // Inside is the side the center starts on; stopped a little short of the line (a
            // thousandth of a point, or half the way there if it starts closer), so that rounding
            // never puts it on the line, where the next sub-step could not tell its side.
            let inside = wall.isOneSided || startSide > 0 ? wall.inward : -wall.inward
            let short = min(Self.centerClearance, 0.5 * inside.dot(first - wall.start))
            var low = 0.0, high = result?.fraction ?? limit
            for _ in 0..<largestBisectionCount {
                let middle = 0.5 * (low + high)
                if inside.dot(center(at: middle) - wall.start) >= short { low = middle } else { high = middle }
            }
            result = (low, -inside)
        }
        return result
    }

    /// How far short of a boundary's line a crossing center is stopped (points).
    static let centerClearance = 1e-3

    /// The distance from `p` to the segment from `a` to `b` (points).
    private static func distance(from p: Vector, toSegment a: Vector, _ b: Vector) -> Double {
        let edge = b - a, lengthSquared = edge.lengthSquared
        let t = lengthSquared > 0 ? min(1, max(0, (p - a).dot(edge) / lengthSquared)) : 0
        return (p - (a + edge * t)).length
    }

    /// Whether the segments `a`–`b` and `c`–`d` cross or touch.
    private static func segmentsCross(_ a: Vector, _ b: Vector, _ c: Vector, _ d: Vector) -> Bool {
        let d1 = (b - a).cross(c - a), d2 = (b - a).cross(d - a), d3 = (d - c).cross(a - c), d4 = (d - c).cross(b - c)
        return ((d1 <= 0 && d2 >= 0) || (d1 >= 0 && d2 <= 0)) && ((d3 <= 0 && d4 >= 0) || (d3 >= 0 && d4 <= 0))
    }

    /// Half the body's thinnest part, roughly (points): over its shapes, a circle's radius or a
    /// polygon's least distance from its vertices' mean to an edge's line (the inradius about
    /// that point, at most half the polygon's thinnest width).
    private static func smallestExtent(of body: Body, _ geometry: GeometryBuffers) -> Double {
        var least = Double.infinity
        for shapeIndex in Int(body.firstShape)..<Int(body.firstShape + body.shapeCount) {
            let shape = geometry.shapes[shapeIndex]
            if shape.isCircle {
                least = min(least, shape.radius)
                continue
            }
            let polygon = geometry.polygon(of: shape)
            var mean = Vector.zero
            for vertex in polygon.vertices { mean += vertex }
            mean = mean / Double(polygon.vertices.count)
            for (vertex, normal) in zip(polygon.vertices, polygon.normals) { least = min(least, abs(normal.dot(vertex - mean))) }
        }
        return least
    }
}
