import Foundation

/// Continuous collision between items: a fast body's move over the sub-step stops where its
/// shapes first come within the slop of another item's shapes, so that small fast items do not
/// pass through each other between two sub-steps.
///
/// The rule is Box2D v3's for fast bodies against static geometry, extended to every item a
/// body collides with (Box2D keeps it for bullets against dynamic bodies; Catto, "Continuous
/// Collision", GDC 2013): a body is fast when a point of it can move more than half its thinnest
/// part in the sub-step (``Body/halfThinness``), and a pair is checked when the two move
/// relative to each other by more than the thinner one's half thinness. Its speculative
/// contacts were found before forces, joints and the solver changed its velocity, so such a
/// body can cross another item unseen. Both bodies move over the sub-step as they did, and the
/// fast body's time of impact against the other is found by conservative advancement on the
/// exact gap between their shapes, as against boundaries (see `World+Continuous.swift`); the fast
/// body stops there, keeps its velocity, and the next sub-step's contacts resolve the approach.
/// The rest of its move goes on without its part toward the item met, as a body refused by a
/// boundary slides along it; a jointed body stops whole, with its partners. A body stopped this
/// way stays where it stopped for the bodies checked after it.
extension World {
    /// A body's pose as a translation and the cosine and sine of its angle.
    struct Placement {
        var position: Vector
        var cos: Double, sin: Double

        init(position: Vector, angle: Double) {
            self.position = position
            cos = Foundation.cos(angle)
            sin = Foundation.sin(angle)
        }

        init(position: Vector, rotation: (cos: Double, sin: Double)) {
            self.position = position
            cos = rotation.cos
            sin = rotation.sin
        }

        /// A body-frame point in world space.
        @inline(__always)
        func place(_ local: Vector) -> Vector { position + turn(local) }

        /// A body-frame direction in world space.
        @inline(__always)
        func turn(_ local: Vector) -> Vector { Vector(dx: cos * local.dx - sin * local.dy, dy: sin * local.dx + cos * local.dy) }
    }

    /// The fraction of the sub-step, below `limit`, at which `body`'s shapes, moving by `motion`,
    /// come within `slop` of `other`'s, moving by `otherMotion`, with the unit direction in which
    /// `body` moves away from `other` there; `nil` if they do not. Both move
    /// together, so that items travelling side by side never meet. A pair that starts within the
    /// slop is left to its contacts, except that neither body's core, a circle of a quarter of
    /// its half thinness about its center of mass, may enter the other, nor a core already within
    /// the slop go deeper (Box2D v3's fallback for a time of impact of 0): contacts push overlap
    /// out, but must not be outrun by a center going through. A pair with a center already inside
    /// the other body is embedded, and wholly its contacts'.
    ///
    /// Two bodies joined at a common point (`pivot`) move about it: the other body's angle goes
    /// as on its own, and its position follows this body's point of the joint (see
    /// ``PivotedMotion``).
    static func timeOfImpact(of body: Body, _ geometry: GeometryBuffers, moving motion: BodyMotion, against other: Body,
                             moving otherMotion: BodyMotion, pivot: Pivot? = nil, before limit: Double,
                             slop: Double) -> (fraction: Double, away: Vector)? {
        let pivoted = pivot.map { PivotedMotion($0, body: motion, other: otherMotion) }
        // `shift` moves this body off its path, for the gap's gradient at the impact; the other
        // body, pivoted or not, stays on its own.
        func placements(at t: Double, shift: Vector = .zero) -> (Placement, Placement) {
            let rotation = motion.rotation(at: t), otherRotation = otherMotion.rotation(at: t)
            let otherPosition = pivoted?.position(at: t, bodyRotation: rotation, otherRotation: otherRotation)
                ?? otherMotion.start + otherMotion.move * t
            return (Placement(position: motion.start + motion.move * t + shift, rotation: rotation),
                    Placement(position: otherPosition, rotation: otherRotation))
        }
        func shapesGap(at t: Double, shift: Vector = .zero) -> Double {
            let (placed, otherPlaced) = placements(at: t, shift: shift)
            return Self.gap(between: body, placed, and: other, otherPlaced, geometry)
        }
        // Both cores: the other body's move (or this one's, toward it) can as well carry its
        // center into this body, which a check of this body's core alone let through (the head-on
        // pairs' open seeds: a 3 pt box's center 1.8 pt inside a 6.6 pt ellipse). A core only
        // where the center of mass lies in the body's one convex shape: a group's may lie in the
        // empty space between its members, where a core stopped an item passing by (it then
        // reported 2200 pt/s while held). With neither, the gap is infinite: no stop.
        // Each core's gap is measured above a level of its own (``coreLevel(startingAt:core:slop:)``).
        var core = body.shapeCount == 1 ? 0.25 * body.halfThinness : nil
        var otherCore = other.shapeCount == 1 ? 0.25 * other.halfThinness : nil
        var levels = (0.0, 0.0)
        func coreGap(at t: Double, shift: Vector = .zero) -> Double {
            let (placed, otherPlaced) = placements(at: t, shift: shift)
            var least = Double.infinity
            if let core { least = Self.gap(from: placed.position, toShapesOf: other, otherPlaced, geometry) - core - levels.0 }
            if let otherCore { least = min(least, Self.gap(from: otherPlaced.position, toShapesOf: body, placed, geometry) - otherCore - levels.1) }
            return least
        }
        // The gap closes no faster than the relative move plus each body's turn times its extent
        // per unit of the fraction: bodies moving together close nothing. Pivoted, no faster than
        // the other body turns about the joint relative to this one (``PivotedMotion``).
        let closing = pivoted?.closingBound(otherExtent: other.extent, otherTurn: otherMotion.turn)
            ?? (motion.move - otherMotion.move).length + abs(motion.turn) * body.extent + abs(otherMotion.turn) * other.extent
        if closing <= 0 { return nil }
        // Which gap the advance closes; a flag rather than a function value, whose captured
        // context would be allocated on the heap.
        var ofCore = false
        func gap(_ t: Double, shift: Vector = .zero) -> Double { ofCore ? coreGap(at: t, shift: shift) : shapesGap(at: t, shift: shift) }
        // The direction in which moving this body opens the gap fastest at the impact: the
        // gap's gradient by central differences (a hundredth of a point; the gaps are exact
        // distances, so it is the normal of the nearest features). Where it vanishes, back
        // along the pair's relative move.
        func away(at t: Double) -> Vector {
            let step = 0.01
            let gradient = Vector(dx: gap(t, shift: Vector(dx: step, dy: 0)) - gap(t, shift: Vector(dx: -step, dy: 0)),
                                  dy: gap(t, shift: Vector(dx: 0, dy: step)) - gap(t, shift: Vector(dx: 0, dy: -step)))
            let length = gradient.length
            if length > 1e-12 && length.isFinite { return gradient * (1 / length) }
            let back = otherMotion.move - motion.move
            return back.length > 0 ? back * (1 / back.length) : .zero
        }
        var distance = gap(0)
        if distance <= slop {
            ofCore = true
            // A pair in which either center already lies inside the other body is embedded: it
            // is its contacts' to push apart, and neither core is checked. Checking the other core
            // still, while the contacts pushed the pair apart, stopped the pair at the start of its
            // move sub-step after sub-step, where it kept the velocity the solver gave it: a pin
            // chain created inside a thrown 75 × 40 pt box stood still in it while warm-started
            // impulses drove the scene's energy up tenfold in 0.07 s (fuzz 20261127/7292).
            // A core starting within the slop of the other body, its center outside it, keeps
            // only its center out (``coreLevel(startingAt:core:slop:)``). Giving up on both cores
            // when one was within the slop let a 46 × 81 pt item, dragged 137 pt in a sub-step by
            // a rope whose anchor jumped, pass right through a 2 pt stick whose center it started
            // 0.35 pt from.
            let start = placements(at: 0)
            let gaps = (core.map { _ in Self.gap(from: start.0.position, toShapesOf: other, start.1, geometry) },
                        otherCore.map { _ in Self.gap(from: start.1.position, toShapesOf: body, start.0, geometry) })
            if let gap = gaps.0, gap <= 0 { return nil }
            if let gap = gaps.1, gap <= 0 { return nil }
            if let radius = core, let gap = gaps.0 { levels.0 = Self.coreLevel(startingAt: gap, core: radius, slop: slop) }
            if let radius = otherCore, let gap = gaps.1 { levels.1 = Self.coreLevel(startingAt: gap, core: radius, slop: slop) }
            if core == nil && otherCore == nil { return nil }
            distance = gap(0)
        }
        if distance > closing * limit + slop { return nil }
        var t = 0.0
        for _ in 0..<largestAdvancementCount {
            // Advancing to half the slop short of touching converges onto the slop from above.
            t += (distance - 0.5 * slop) / closing
            if t >= limit { return nil }
            distance = gap(t)
            if distance <= slop { return (t, away(at: t)) }
        }
        // Still apart after every advance: the pair grazes within a few slops of touching all the
        // way, which its contacts hold.
        return nil
    }

    /// The level above which a core's gap is measured, for a center starting `gap` (> 0) from
    /// the other body's shapes (points): 0 for a core clear of the slop, so that it stops at the
    /// slop. For one within it, the core has done its part (it stopped the approach a sub-step
    /// earlier, or the pair started so close) and only the center is kept out: the level at which
    /// the center stops a quarter of the slop from the other's shapes, or, starting within half
    /// the slop of them, a quarter of the slop deeper than it starts (so it always gets on, and
    /// is the contacts' once inside). Keeping the whole core out, a center that
    /// started in its band could go only a quarter of the slop deeper each sub-step: two small
    /// items pushed out of a large one into each other stopped each other at the start of their
    /// moves for a quarter second, reporting up to 340 pt/s while they stood (fuzz 20261127/227,
    /// shrunk).
    static func coreLevel(startingAt gap: Double, core: Double, slop: Double) -> Double {
        let coreGap = gap - core
        if coreGap > slop { return 0 }
        // The center's gap where the advance stops: the gap measured above the level reaches
        // the slop there.
        let stop = min(0.25 * slop, gap - 0.25 * slop)
        return stop - core - slop
    }

    /// The least signed distance from `point` to the shapes of `body` at `placed` (points).
    static func gap(from point: Vector, toShapesOf body: Body, _ placed: Placement, _ geometry: GeometryBuffers) -> Double {
        var least = Double.infinity
        for index in Int(body.firstShape)..<Int(body.firstShape + body.shapeCount) {
            let shape = geometry.shapes[index]
            least = min(least, shape.isCircle ? (point - placed.place(shape.localCenter)).length - shape.radius
                                              : distance(from: point, toPolygon: shape, placed, geometry))
        }
        return least
    }

    /// The least gap between the shapes of `a` and `b` at their placements (points): exact while
    /// they are apart, the least penetration along a separating-axis candidate (≤ 0) where two
    /// overlap.
    static func gap(between a: Body, _ placedA: Placement, and b: Body, _ placedB: Placement, _ geometry: GeometryBuffers) -> Double {
        var least = Double.infinity
        for i in Int(a.firstShape)..<Int(a.firstShape + a.shapeCount) {
            let shapeA = geometry.shapes[i]
            for j in Int(b.firstShape)..<Int(b.firstShape + b.shapeCount) {
                let shapeB = geometry.shapes[j]
                let gap: Double
                switch (shapeA.isCircle, shapeB.isCircle) {
                case (true, true):
                    gap = (placedA.place(shapeA.localCenter) - placedB.place(shapeB.localCenter)).length - shapeA.radius - shapeB.radius
                case (true, false):
                    gap = distance(from: placedA.place(shapeA.localCenter), toPolygon: shapeB, placedB, geometry) - shapeA.radius
                case (false, true):
                    gap = distance(from: placedB.place(shapeB.localCenter), toPolygon: shapeA, placedA, geometry) - shapeB.radius
                case (false, false):
                    gap = distance(between: shapeA, placedA, and: shapeB, placedB, geometry)
                }
                least = min(least, gap)
            }
        }
        return least
    }

    /// The signed distance from `point` to a convex polygon (points): to its nearest edge from
    /// outside, minus the least depth below an edge from inside.
    static func distance(from point: Vector, toPolygon polygon: Shape, _ placed: Placement, _ geometry: GeometryBuffers) -> Double {
        let count = Int(polygon.vertexCount)
        var deepest = -Double.infinity, nearest = Double.infinity
        for v in 0..<count {
            let (local, normal) = geometry.localVertex(v, of: polygon)
            let a = placed.place(local), b = placed.place(geometry.localVertex((v + 1) % count, of: polygon).vertex)
            deepest = max(deepest, placed.turn(normal).dot(point - a))
            nearest = min(nearest, distance(from: point, toSegment: a, b))
        }
        return deepest <= 0 ? deepest : nearest
    }

    /// The distance between two convex polygons (points): by the separating axis among their
    /// edge normals, negative where they overlap; where apart, the exact distance, which two
    /// convex polygons take between a vertex of one and an edge of the other.
    static func distance(between p: Shape, _ placedP: Placement, and q: Shape, _ placedQ: Placement, _ geometry: GeometryBuffers) -> Double {
        let separation = max(largestSeparation(edgesOf: p, placedP, from: q, placedQ, geometry),
                             largestSeparation(edgesOf: q, placedQ, from: p, placedP, geometry))
        if separation <= 0 { return separation }
        return min(nearestVertex(of: p, placedP, toEdgesOf: q, placedQ, geometry),
                   nearestVertex(of: q, placedQ, toEdgesOf: p, placedP, geometry))
    }

    /// Over `p`'s edges, the largest distance of `q`'s nearest vertex in front of the edge.
    private static func largestSeparation(edgesOf p: Shape, _ placedP: Placement, from q: Shape, _ placedQ: Placement,
                                          _ geometry: GeometryBuffers) -> Double {
        var largest = -Double.infinity
        for v in 0..<Int(p.vertexCount) {
            let (local, normal) = geometry.localVertex(v, of: p)
            let origin = placedP.place(local), direction = placedP.turn(normal)
            var least = Double.infinity
            for w in 0..<Int(q.vertexCount) { least = min(least, direction.dot(placedQ.place(geometry.localVertex(w, of: q).vertex) - origin)) }
            largest = max(largest, least)
        }
        return largest
    }

    /// The least distance from a vertex of `p` to an edge of `q` (points).
    private static func nearestVertex(of p: Shape, _ placedP: Placement, toEdgesOf q: Shape, _ placedQ: Placement,
                                      _ geometry: GeometryBuffers) -> Double {
        let count = Int(q.vertexCount)
        var least = Double.infinity
        for v in 0..<Int(p.vertexCount) {
            let point = placedP.place(geometry.localVertex(v, of: p).vertex)
            for w in 0..<count {
                let a = placedQ.place(geometry.localVertex(w, of: q).vertex), b = placedQ.place(geometry.localVertex((w + 1) % count, of: q).vertex)
                least = min(least, distance(from: point, toSegment: a, b))
            }
        }
        return least
    }
}
