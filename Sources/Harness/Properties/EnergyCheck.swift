/// No energy from nowhere: in a passive scene (no pushes, snaps, springs or events, only fields
/// with a potential or that do no work or only slow items (see ``FieldPotential``); every
/// elasticity ≤ 1) kinetic, gravitational and field energy never rises above its start by more
/// than ``relativeBound`` of the scene's energy scale, plus what mending the attachments broken
/// at their creation may add, plus what pushing apart the items created overlapping may add,
/// plus semi-implicit Euler's swing in a central field.
///
/// The start is the scene's own: every item's initial velocity and the velocities the initial
/// tree's item behaviors add, given to the bodies as the engine gives them when they join
/// (``SceneMechanics/initialStates(_:shapes:)``), so a scene that starts moving is judged too.
/// Items touching walls or each other at the start are judged like any other; items created
/// overlapping are pushed apart, which lifts them against gravity by at most the overlaps: the
/// allowance is `Σ m·|g|·D`, `D` the sum of every item's deepest start overlap (an item on top of
/// a chain of overlaps may rise by all of them), plus the kinetic energy of leaving the overlap at
/// Box2D v3's push-out limit (3 m/s, ``pushOutSpeed``): `½·m·v²` for each item that starts
/// overlapping. A soft contact resolves an overlap with a velocity, capped there, and its relax
/// pass takes back only what its impulses put in, so an engine may leave an item created
/// overlapping moving at up to that speed, and no faster. A scene with overlapping starts and a central
/// field is not judged (``applies(to:traits:mechanics:)``: the push may move an item anywhere in
/// the field's potential).
///
/// A body wider or taller than the reference bounds it collides with is not judged either: no
/// pose satisfies its walls, so they push it from both sides for as long as it lives, and no
/// engine conserves energy there (fuzz scene 2180 of seed 20261127: a group 402 pt wide in
/// bounds 314 pt wide inside).
///
/// An attachment broken at creation (a rod or rope farther than its length, a pin whose range
/// leaves out its start) is mended on positions, which moves items with gravity or against it:
/// the energy at the start is not that of a consistent state. The allowance is the work gravity
/// does over the farthest mending can move each item (``ConstraintCheck/mendingDistances(_:_:)``,
/// through the attachments linking it to the broken ones): `Σ m·|g|·distance`. The allowance is a
/// bound, so it can hide a gain in the same chain.
enum EnergyCheck {
    /// Allowed growth as a fraction of the energy scale; see ``Invariant/energy``.
    static let relativeBound = 0.02
    /// The fastest an item created overlapping may leave its overlap (pt/s): Box2D v3's
    /// `contactPushMaxVelocity`, 3 m/s at 100 pt/m.
    static let pushOutSpeed = 300.0

    static func applies(to scene: Scene, traits: SceneTraits, mechanics: SceneMechanics) -> Bool {
        !traits.hasPush && (!traits.hasField || fieldsAreJudged(scene, mechanics)) && !traits.hasSnap && !traits.hasSpring && !traits.hasEvents
            && mechanics.items.allSatisfy { $0.properties.elasticity <= 1 } && !CollisionPairs.aBodyExceedsItsBounds(scene, mechanics: mechanics)
    }

    /// Whether every field has a known energy, the fields are smooth where the items start, and
    /// no items start overlapping in a central field (pushing them apart may move an item
    /// anywhere in its potential).
    private static func fieldsAreJudged(_ scene: Scene, _ mechanics: SceneMechanics) -> Bool {
        guard let fields = FieldPotential(scene, mechanics) else { return false }
        let shapes = SceneShapes(scene)
        let start = SceneMechanics.initialStates(scene, shapes: shapes)
        if !fields.central.isEmpty, startOverlap(scene, mechanics: mechanics, start: start, shapes: shapes) > 0 { return false }
        return fields.isSmooth(mechanics, from: start, to: start, substep: scene.timing.substep,
                               negligibleEnergy: negligibleFraction * scale(scene, mechanics, fields, start))
    }

    /// The sum of every item's deepest overlap at the start (points).
    private static func startOverlap(_ scene: Scene, mechanics: SceneMechanics, start: [ItemState], shapes: SceneShapes) -> Double {
        startOverlaps(scene, mechanics: mechanics, start: start, shapes: shapes).reduce(0) { $0 + max(0, $1) }
    }

    /// Each item's deepest overlap at the start (points; 0 or less when it overlaps nothing).
    private static func startOverlaps(_ scene: Scene, mechanics: SceneMechanics, start: [ItemState], shapes: SceneShapes) -> [Double] {
        CollisionPairs(scene, mechanics: mechanics, everyContact: true).startOverlaps(start, shapes: shapes)
    }

    /// Overlaps this shallow (points) are contacts, not overlapping starts: Box2D v3's linear
    /// slop, 0.5 pt.
    static let overlapSlop = 0.5

    /// The share of the energy scale a field's core may change the energy by per crossing and
    /// still be ignored: a hundred crossings stay within 1 %, half the bound.
    static let negligibleFraction = 1e-4

    /// The scene's energy scale (mass·pt²/s²): the kinetic energy at `start`, plus the work
    /// gravity can do across the arena, plus what the fields' potentials can release.
    private static func scale(_ scene: Scene, _ mechanics: SceneMechanics, _ fields: FieldPotential?, _ start: [ItemState]) -> Double {
        let kinetic = mechanics.energy(start) - mechanics.energy(start.map {
            ItemState(center: $0.center, angle: $0.angle, velocity: .zero, angularVelocity: 0)
        })
        let extent = OverlapTest.extent(of: scene)
        return kinetic + (fields?.scale(scene, mechanics, extent: extent) ?? 0) + zip(mechanics.items, scene.items).reduce(0) { total, pair in
            pair.0.properties.anchored ? total : total + pair.0.mass * pair.0.gravity.length * extent
        }
    }

    /// What the check reads off a run: the energy's growth beyond semi-implicit Euler's swing at
    /// each sample judged, and the growth allowed.
    struct Growth {
        /// The samples' times (s) and the growth at each beyond the swing (mass·pt²/s²), up to
        /// the first sample where the fields stop being smooth.
        var times: [Double] = [], excess: [Double] = []
        /// The growth and the swing at each of those samples.
        var growth: [Double] = [], swing: [Double] = []
        /// The scene's energy scale, and what mending broken attachments and pushing apart
        /// items created overlapping may add (mass·pt²/s²).
        var scale: Double, allowance: Double, pushed: Double
        /// The sum of every item's deepest start overlap (pt).
        var overlap: Double

        /// The growth allowed: ``relativeBound`` of the scale plus the allowances.
        var bound: Double { relativeBound * scale + allowance + pushed }
    }

    /// The growth of `trace`'s energy over the scene's start; `nil` without samples or without an
    /// energy scale.
    static func growth(_ scene: Scene, _ trace: Trace, traits: SceneTraits, mechanics: SceneMechanics, shapes: SceneShapes) -> Growth? {
        guard !trace.samples.isEmpty else { return nil }
        let start = SceneMechanics.initialStates(scene, shapes: shapes)
        let fields = traits.hasField ? FieldPotential(scene, mechanics) : nil
        let overlaps = startOverlaps(scene, mechanics: mechanics, start: start, shapes: shapes)
        let overlap = overlaps.reduce(0) { $0 + max(0, $1) }
        func energy(_ states: [ItemState]) -> Double {
            mechanics.energy(states) + (fields?.energy(states, mechanics) ?? 0)
        }
        let initial = energy(start)
        let scale = scale(scene, mechanics, fields, start)
        guard scale > 0 else { return nil }
        // The growth beyond what semi-implicit Euler's swing in a central field allows (0 without one).
        // Judged only while the fields are smooth on the scale of a sub-step (see `FieldPotential`).
        var found = Growth(scale: scale, allowance: 0, pushed: 0, overlap: overlap)
        var previous = start
        for sample in trace.samples {
            if let fields, !fields.isSmooth(mechanics, from: previous, to: sample.states, substep: scene.timing.substep,
                                            negligibleEnergy: negligibleFraction * scale) { break }
            previous = sample.states
            let growth = energy(sample.states) - initial
            let swing = fields?.integrationAllowance(start, sample.states, mechanics, substep: scene.timing.substep) ?? 0
            found.times.append(sample.time)
            found.growth.append(growth)
            found.swing.append(swing)
            found.excess.append(growth - swing)
        }
        let mending = traits.hasAttachment ? ConstraintCheck.mendingDistances(scene, trace) : [:]
        for (index, item) in mechanics.items.enumerated() where !item.properties.anchored {
            let weight = item.mass * (item.gravity + (fields?.uniform[index] ?? .zero)).length
            found.allowance += weight * (mending[item.body] ?? 0)
            found.pushed += weight * overlap
        }
        // Per body, not per item: a group's members leave together.
        var flung = Set<String>()
        for (index, item) in mechanics.items.enumerated() where !item.properties.anchored && overlaps[index] > overlapSlop && !flung.contains(item.body) {
            flung.insert(item.body)
            let mass = mechanics.items.filter { $0.body == item.body }.reduce(0) { $0 + $1.mass }
            found.pushed += 0.5 * mass * pushOutSpeed * pushOutSpeed
        }
        return found
    }

    static func check(_ scene: Scene, _ trace: Trace, traits: SceneTraits, mechanics: SceneMechanics, shapes: SceneShapes) -> [Violation] {
        guard let found = growth(scene, trace, traits: traits, mechanics: mechanics, shapes: shapes) else { return [] }
        var worst = (excess: 0.0, growth: 0.0, swing: 0.0, time: 0.0)
        for index in found.excess.indices where found.excess[index] > worst.excess {
            worst = (found.excess[index], found.growth[index], found.swing[index], found.times[index])
        }
        let (scale, allowance, pushed, overlap) = (found.scale, found.allowance, found.pushed, found.overlap)
        guard worst.excess > found.bound else { return [] }
        let mended = allowance == 0 ? "" : ", beyond the \(ContainmentCheck.format(allowance)) that mending attachments broken at the start may add"
        let lifted = pushed == 0 ? "" : ", beyond the \(ContainmentCheck.format(pushed)) that pushing apart items created \(ContainmentCheck.format(overlap)) pt into each other and the walls may add"
        let swung = worst.swing == 0 ? "" : " (semi-implicit Euler's swing there: \(ContainmentCheck.format(worst.swing)))"
        return [Violation(.energy, "energy rose by \(ContainmentCheck.format(worst.growth / scale * 100)) % of the scene's energy scale (\(ContainmentCheck.format(scale)))\(mended)\(lifted)\(swung) by t = \(ContainmentCheck.format(worst.time)) s", time: worst.time)]
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
