/// The soft step's shortcut past the narrow phase: on every other sub-step, a shape pair whose
/// bodies both moved almost nothing in the sub-step before keeps that sub-step's manifold, moved
/// with the bodies, instead of colliding again. Box2D v3 collides once per step and carries its
/// manifolds through all of the step's sub-steps the same way (Catto, "Solver2D", 2024); here a
/// manifold is carried at most one sub-step, and only between slow bodies, so that fast and
/// spinning items still collide every sub-step (carried through a frame, their manifolds miss
/// what they meet in between: they leave their container or tunnel; docs/decisions/0004).
///
/// A point moves with both bodies, linearised in their rotation: its separation changes by the
/// normal component of the bodies' relative displacement there, and the normal is kept. Over a
/// move of at most ``largestMove`` per body, both errors are within that distance.
///
/// Only pairs of polygons keep their manifolds, whose points are features of the shapes (a
/// corner, a clipped edge) that do move with them. A circle's contact point is not fixed in the
/// circle: it stays below the center as the circle rolls. Carried with the turning circle, the
/// point left the bottom in the direction of the roll, and the floor's push on it, `m·g·h` a
/// sub-step at an arm `r·Δθ`, drove the roll: a slow damped ball rolled on for ever. A circle's
/// narrow phase is cheap: a distance against a circle, one pass over the edges of a polygon.
struct ManifoldReuse {
    /// The previous sub-step's contacts, sorted by key.
    private let previous: UnsafeBufferPointer<Contact>
    /// The farthest a material point of a body may have moved last sub-step for its manifolds to
    /// be kept (points).
    let largestMove: Double
    /// The first previous contact not yet passed by a lookup (lookups come in key order).
    private var cursor = 0

    /// Reuse of the manifolds in `previous` when `isAllowed`, for bodies that moved at most
    /// `largestMove` points; no reuse otherwise.
    init(previous: UnsafeBufferPointer<Contact>, isAllowed: Bool, largestMove: Double) {
        self.previous = isAllowed ? previous : UnsafeBufferPointer(start: nil, count: 0)
        self.largestMove = largestMove
    }

    /// The largest move that keeps a body's manifolds, in linear slops: 0.005 pt per sub-step
    /// with the default slop (0.6 pt/s at 120 Hz), so that only bodies at or near rest keep
    /// them: a larger move saves no time in a settling pile and keeps some of its boxes from
    /// coming to rest (docs/decisions/0004).
    static let largestMoveInSlops = 0.05

    /// Whether `body`'s manifolds may be kept: it moved at most ``largestMove`` last sub-step,
    /// and its pose is still the one that sub-step left (not placed anew since).
    @inline(__always)
    func allows(_ body: Body) -> Bool {
        guard !previous.isEmpty else { return false }
        return body.delta.length + abs(body.deltaAngle) * body.extent <= largestMove
            && body.position - body.startPosition == body.delta && body.angle - body.startAngle == body.deltaAngle
    }

    /// The previous sub-step's manifold of the shape pair `key`, its points moved with body `a`
    /// and body `b` (`nil` for a boundary), keeping the points within `speculative` points of
    /// touching; `nil` if that pair had no contact. Lookups must come in increasing key order
    /// (an out-of-order one finds nothing, and the pair is collided).
    @inline(__always)
    mutating func manifold(for key: UInt64, _ a: Body, _ b: Body?, speculative: Double) -> Manifold? {
        while cursor < previous.count && previous[cursor].key < key { cursor += 1 }
        guard cursor < previous.count, previous[cursor].key == key else { return nil }
        let contact = previous[cursor]
        var manifold = Manifold()
        manifold.normal = contact.normal
        func move(_ point: ContactPoint) {
            let displacementA = SolverBody(a).displacement(at: point.anchorA)
            let displacementB = b.map { SolverBody($0).displacement(at: point.anchorB) } ?? .zero
            let separation = point.baseSeparation + contact.normal.dot(displacementB - displacementA)
            guard separation <= speculative else { return }
            manifold.add(point.point + (displacementA + displacementB) * 0.5, separation: separation, id: point.id)
        }
        move(contact.point0)
        if contact.pointCount > 1 { move(contact.point1) }
        return manifold
    }
}
