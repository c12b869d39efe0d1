/// No energy from nowhere: in a passive scene (no pushes, fields, snaps, springs, events or added
/// velocities; every elasticity ≤ 1; nothing overlapping at the start) kinetic plus gravitational
/// energy never rises above its start by more than ``relativeBound`` of the scene's energy scale,
/// plus what mending the attachments broken at their creation may add.
///
/// An attachment broken at creation (a rod or rope farther than its length, a pin whose range
/// leaves out its start) is mended on positions, which moves items with gravity or against it:
/// the energy at the start is not that of a consistent state. The allowance is the work gravity
/// does over the farthest mending can move each item (``ConstraintCheck/mendingDistances(_:_:)``,
/// through the attachments linking it to the broken ones): `Σ m·|g|·distance`.
///
/// Of the 13 energy failures in 8000 fuzz scenes (seeds 1 to 5, 20261123, 7 and 99), 6 shrank to
/// such a start alone, failing in the first frame (a 60 pt rod to an item 314 pt away, a 3 pt rope
/// to one 64 pt away, a pin whose range left out its start); with the allowance, 2 still failed
/// (rope chains gaining 19 % of the scene's energy scale, fixed since by projecting ropes).
/// Leaving such scenes out altogether also hid those two, whose broken attachments were elsewhere
/// in the scene. The allowance is a bound, so it can hide a gain in the same chain: one scene's
/// rope chain, hauled by a rod 395 pt too long, gained 4.3 %, within it; the chain alone gained
/// 2.3 %.
enum EnergyCheck {
    /// Allowed growth as a fraction of the energy scale; see ``Invariant/energy``.
    static let relativeBound = 0.02

    static func applies(to scene: Scene, traits: SceneTraits, mechanics: SceneMechanics) -> Bool {
        !traits.hasPush && !traits.hasField && !traits.hasSnap && !traits.hasSpring && !traits.hasEvents
            && !traits.hasAddedVelocity && mechanics.items.allSatisfy { $0.properties.elasticity <= 1 }
            && !OverlapTest.startsOverlapping(scene) && groupsStartAtRest(scene)
    }

    private static func groupsStartAtRest(_ scene: Scene) -> Bool {
        let grouped = Set(scene.groups.flatMap(\.members))
        return scene.items.allSatisfy { !grouped.contains($0.id) || !$0.hasInitialVelocity }
    }

    static func check(_ scene: Scene, _ trace: Trace, traits: SceneTraits, mechanics: SceneMechanics) -> [Violation] {
        guard let first = trace.samples.first else { return [] }
        var start = first.states
        for (index, item) in scene.items.enumerated() where item.hasInitialVelocity {
            start[index].velocity = item.velocity
            start[index].angularVelocity = item.angularVelocity
        }
        let initial = mechanics.energy(start)
        let kinetic = initial - mechanics.energy(start.map {
            ItemState(center: $0.center, angle: $0.angle, velocity: .zero, angularVelocity: 0)
        })
        let extent = OverlapTest.extent(of: scene)
        let scale = kinetic + zip(mechanics.items, scene.items).reduce(0) { total, pair in
            pair.0.properties.anchored ? total : total + pair.0.mass * pair.0.gravity.length * extent
        }
        guard scale > 0 else { return [] }
        var worst = (growth: 0.0, time: 0.0)
        for sample in trace.samples {
            let growth = mechanics.energy(sample.states) - initial
            if growth > worst.growth { worst = (growth, sample.time) }
        }
        let mending = traits.hasAttachment ? ConstraintCheck.mendingDistances(scene, trace) : [:]
        let allowance = mechanics.items.reduce(0) { total, item in
            item.properties.anchored ? total : total + item.mass * item.gravity.length * (mending[item.body] ?? 0)
        }
        guard worst.growth > relativeBound * scale + allowance else { return [] }
        let mended = allowance == 0 ? "" : ", beyond the \(ContainmentCheck.format(allowance)) that mending attachments broken at the start may add"
        return [Violation(.energy, "energy rose by \(ContainmentCheck.format(worst.growth / scale * 100)) % of the scene's energy scale (\(ContainmentCheck.format(scale)))\(mended) by t = \(ContainmentCheck.format(worst.time)) s")]
    }
}

/// Conservative start-overlap test by bounding circles, and the scene's extent.
enum OverlapTest {
    /// Whether any two colliding items, or an item and a wall it collides with, might touch at
    /// the start (bounding circles).
    static func startsOverlapping(_ scene: Scene) -> Bool {
        let items = scene.items
        let radii = items.map(SceneMechanics.radius)
        for spec in SceneTraits(scene).collisions {
            let members = ContainmentCheck.members(of: spec, in: scene)
            if spec.mode != .boundaries {
                for (n, i) in members.enumerated() {
                    for j in members.dropFirst(n + 1) where (items[i].center - items[j].center).length < radii[i] + radii[j] {
                        return true
                    }
                }
            }
            guard spec.mode != .items else { continue }
            for i in members {
                let c = items[i].center, r = radii[i]
                if spec.referenceBoundsAreBoundary, let bounds = scene.referenceBounds {
                    let insets = spec.referenceBoundsInsets ?? SceneInsets()
                    if c.x - r < bounds.minX + insets.left || c.x + r > bounds.maxX - insets.right
                        || c.y - r < bounds.minY + insets.top || c.y + r > bounds.maxY - insets.bottom { return true }
                }
                for boundary in spec.boundaries {
                    var points = boundary.points
                    if boundary.closed, let first = points.first { points.append(first) }
                    for (a, b) in zip(points, points.dropFirst()) where distance(from: c, toSegment: a, b) < r { return true }
                }
            }
        }
        return false
    }

    /// Distance from `p` to segment a–b (points).
    static func distance(from p: ScenePoint, toSegment a: ScenePoint, _ b: ScenePoint) -> Double {
        let edge = b - a, length2 = edge.dot(edge)
        let t = length2 > 0 ? max(0, min(1, (p - a).dot(edge) / length2)) : 0
        return (p - (a + edge * t)).length
    }

    /// The diagonal of the reference bounds, or of the items' start box plus 400 pt (points).
    static func extent(of scene: Scene) -> Double {
        if let bounds = scene.referenceBounds { return (bounds.size.width * bounds.size.width + bounds.size.height * bounds.size.height).squareRoot() }
        let xs = scene.items.map(\.center.x), ys = scene.items.map(\.center.y)
        let width = (xs.max() ?? 0) - (xs.min() ?? 0) + 400, height = (ys.max() ?? 0) - (ys.min() ?? 0) + 400
        return (width * width + height * height).squareRoot()
    }
}
