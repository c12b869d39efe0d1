@testable import Dynamics
import Foundation
import PropertyBased
import Testing

/// The soft step's kept manifolds (``ManifoldReuse``) against the narrow phase run afresh: a
/// square resting on another, both moved by up to the largest move that keeps a manifold, must
/// get the separations and points a new collision finds, point by point (by id).
@Suite struct ManifoldReuseTests {
    static let largestMove = ManifoldReuse.largestMoveInSlops * AnimatorConfiguration().linearSlop
    static let halfDiagonal = 10 * 2.0.squareRoot()

    /// A 20 pt square body at `center`, turned by `angle`, which moved by `delta` and `deltaAngle`
    /// in the last sub-step.
    func square(at center: Vector, angle: Double, delta: Vector, deltaAngle: Double) -> Body {
        var body = Body(position: Point(x: center.dx, y: center.dy), angle: angle, velocity: .zero, angularVelocity: 0, mass: 1,
                        inertia: 1, inverseMass: 1, inverseInertia: 1, acceleration: .zero, angularAcceleration: 0,
                        linearStep: ExponentialStep(rate: 0, step: 1.0 / 120), angularStep: ExponentialStep(rate: 0, step: 1.0 / 120),
                        elasticity: 0, friction: 0.5, charge: 0, fieldMask: FieldMask(), itemMask: 1, boundaryMask: 0, firstShape: 0,
                        shapeCount: 1, firstMember: 0, memberCount: 1, extent: Self.halfDiagonal)
        body.startPosition = Point(x: center.dx - delta.dx, y: center.dy - delta.dy)
        body.startAngle = angle - deltaAngle
        body.delta = body.position - body.startPosition
        body.deltaAngle = body.angle - body.startAngle
        return body
    }

    /// The manifold of square `b` against square `a` at the poses given.
    func collide(_ a: (center: Vector, angle: Double), _ b: (center: Vector, angle: Double)) -> Manifold {
        func polygon(_ pose: (center: Vector, angle: Double)) -> (vertices: [Vector], normals: [Vector]) {
            let corners = [Vector(dx: -10, dy: -10), Vector(dx: 10, dy: -10), Vector(dx: 10, dy: 10), Vector(dx: -10, dy: 10)]
            let c = cos(pose.angle), s = sin(pose.angle)
            let vertices = corners.map { pose.center + Vector(dx: c * $0.dx - s * $0.dy, dy: s * $0.dx + c * $0.dy) }
            let normals = vertices.indices.map { i in
                let edge = vertices[(i + 1) % 4] - vertices[i]
                return Vector(dx: edge.dy, dy: -edge.dx) / edge.length
            }
            return (vertices, normals)
        }
        let pa = polygon(a), pb = polygon(b)
        return pa.vertices.withUnsafeBufferPointer { av in
            pa.normals.withUnsafeBufferPointer { an in
                pb.vertices.withUnsafeBufferPointer { bv in
                    pb.normals.withUnsafeBufferPointer { bn in NarrowPhase.polygons(av, an, bv, bn, speculative: 1, slop: 0.1) }
                }
            }
        }
    }

    /// The contact the engine would have built from `manifold` between bodies at `centerA` and
    /// `centerB` (anchors from the centers of mass).
    func contact(_ manifold: Manifold, centerA: Vector, centerB: Vector) -> Contact {
        var contact = Contact(key: Contact.key(shapeA: 0, shapeB: 1, isBoundary: false), bodyA: 0, bodyB: 1, shapeA: 0, shapeB: 1,
                              normal: manifold.normal, friction: 0.5, restitution: 0, pointCount: manifold.count)
        func point(_ p: Vector, _ separation: Double, _ id: UInt32) -> ContactPoint {
            var point = ContactPoint()
            (point.point, point.baseSeparation, point.id) = (p, separation, id)
            (point.anchorA, point.anchorB) = (p - centerA, p - centerB)
            return point
        }
        contact.point0 = point(manifold.point0, manifold.separation0, manifold.id0)
        contact.point1 = point(manifold.point1, manifold.separation1, manifold.id1)
        return contact
    }

    @Test func aKeptManifoldMatchesANewCollisionOfBodiesThatMovedLittle() async {
        // B rests on A (y down) with an offset, a gap or overlap within the speculative distance and
        // a tilt of up to 3 mrad, as in a pile; each body then moves and turns by random amounts
        // whose sum at the corners is the largest move that keeps its manifolds.
        let move = Gen.double(in: -1...1)
        await propertyCheck(input: Gen.double(in: -15...15), Gen.double(in: -0.2...0.2), Gen.double(in: -0.003...0.003),
                            move.array(of: 6)) { offset, gap, tilt, m in
            let startA = (center: Vector.zero, angle: 0.0), startB = (center: Vector(dx: offset, dy: -20 - gap), angle: tilt)
            // Split the move between translation and turning, so that |δ| + |δθ|·extent is the
            // largest move (less a part in 10⁴, for the rounding of the poses).
            func motion(_ x: Double, _ y: Double, _ turn: Double) -> (Vector, Double) {
                let share = abs(turn), largest = 0.9999 * Self.largestMove
                let direction = Vector(dx: x, dy: y), length = direction.length
                let delta = length > 0 ? direction * ((1 - share) * largest / length) : .zero
                return (delta, (turn < 0 ? -1 : 1) * share * largest / Self.halfDiagonal)
            }
            let (deltaA, turnA) = motion(m[0], m[1], m[2]), (deltaB, turnB) = motion(m[3], m[4], m[5])
            let a = square(at: startA.center + deltaA, angle: turnA, delta: deltaA, deltaAngle: turnA)
            let b = square(at: startB.center + deltaB, angle: tilt + turnB, delta: deltaB, deltaAngle: turnB)
            let old = collide(startA, startB)
            let fresh = collide((a.position.vectorFromOrigin, a.angle), (b.position.vectorFromOrigin, b.angle))
            let previous = [contact(old, centerA: startA.center, centerB: startB.center)]
            let kept = previous.withUnsafeBufferPointer { previous -> Manifold? in
                var reuse = ManifoldReuse(previous: previous, isAllowed: true, largestMove: Self.largestMove)
                #expect(reuse.allows(a) && reuse.allows(b))
                return reuse.manifold(for: previous[0].key, a, b, speculative: 1)
            }
            guard let kept else {
                Issue.record("the previous contact was not found")
                return
            }
            let freshPoints = [(fresh.id0, fresh.separation0, fresh.point0), (fresh.id1, fresh.separation1, fresh.point1)].prefix(fresh.count)
            let keptPoints = [(kept.id0, kept.separation0, kept.point0), (kept.id1, kept.separation1, kept.point1)].prefix(kept.count)
            for (id, separation, point) in keptPoints {
                guard let match = freshPoints.first(where: { $0.0 == id }) else { continue }
                // Both errors are of second order in the move: the kept normal is off by the
                // reference body's turn (≤ 1.8 mrad), which matters only across the 0.1 pt between
                // the surfaces; a clipped point slides along an incident edge inclined by the tilt
                // (≤ 3 mrad) by at most the move. 10⁻³ pt is 1/25 of the move, 1/100 of the slop.
                #expect(abs(separation - match.1) <= 1e-3, "offset \(offset), gap \(gap), tilt \(tilt)")
                // A new collision puts a point on the incident body's vertex, or on the reference
                // face's side plane; a kept one moves by the mean of the two bodies' moves. They
                // differ by half the bodies' relative move there, at most the largest move.
                #expect((point - match.2).length <= Self.largestMove)
            }
        }
    }

    @Test func bodiesPlacedAnewOrMovingFastKeepNoManifold() {
        // Corners moved by 0.4 and by 1.2 largest moves: a slide of 0.2 and a turn worth 0.2 (0.6).
        let m = Self.largestMove, turn = 0.2 * m / Self.halfDiagonal
        let slow = square(at: Vector(dx: 5, dy: 5), angle: 0.1, delta: Vector(dx: 0.2 * m, dy: 0), deltaAngle: turn)
        var placed = slow
        placed.position = Point(x: 40, y: 5)
        let fast = square(at: Vector(dx: 5, dy: 5), angle: 0.1, delta: Vector(dx: 0.6 * m, dy: 0), deltaAngle: 3 * turn)
        let contacts = [Contact(key: 1, bodyA: 0, bodyB: -1, shapeA: 0, shapeB: 0, normal: Vector(dx: 0, dy: 1), friction: 0,
                                restitution: 0, pointCount: 1)]
        contacts.withUnsafeBufferPointer { previous in
            let reuse = ManifoldReuse(previous: previous, isAllowed: true, largestMove: Self.largestMove)
            #expect(reuse.allows(slow))
            #expect(!reuse.allows(placed), "placed anew: its move is not the last sub-step's")
            #expect(!reuse.allows(fast))
            let notAllowed = ManifoldReuse(previous: previous, isAllowed: false, largestMove: Self.largestMove)
            #expect(!notAllowed.allows(slow))
        }
    }
}
