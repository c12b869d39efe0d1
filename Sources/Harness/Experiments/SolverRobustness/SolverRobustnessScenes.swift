import Foundation

/// The scenes of the solver-robustness experiment and what each measures from its trace, in
/// points, seconds and UIKit masses (density × area / 10 000, SPEC); gravity 1000 pt/s².
enum SolverRobustnessScenes {
    static let gravity = SceneUnits.pointsPerSecondSquaredPerGravity

    // MARK: Flat landings

    /// An item of `size` and `shape` dropped flat from rest `height` pt above the floor of
    /// 1000×1000 pt reference bounds, elasticity `elasticity`, friction 0.2, no resistance; one
    /// frame per sub-step, so the first rebound is sampled right after it happens.
    static func flatLanding(size: SceneSize, shape: SceneShape, height: Double, elasticity: Double, substep: Double) -> Scene {
        let item = SceneItem(id: "item", center: ScenePoint(x: 500, y: 1000 - size.height / 2 - height), size: size, shape: shape)
        return Scene(
            name: "flat landing", referenceBounds: SceneRect(x: 0, y: 0, width: 1000, height: 1000), items: [item],
            behaviors: [.gravity(GravitySpec(items: ["item"])),
                        .collision(CollisionSpec(items: ["item"], referenceBoundsAreBoundary: true)),
                        .itemProperties(ItemPropertiesSpec(items: ["item"], elasticity: elasticity, friction: 0.2, resistance: 0))],
            timing: SceneTiming(substep: substep, frameDuration: substep, duration: 2 * (2 * height / gravity).squareRoot() + 0.1,
                                pausesAtRest: false))
    }

    /// The first rebound of a flat landing: its speed at the floor over e·√(2gh), minus 1, and
    /// the spin right after it (rad/s). The speed at the floor follows from the first sample that
    /// moves up, by free flight: v_floor² = v² + 2g·(y_floor − y), exact without resistance.
    /// `nil` when the trace never rebounds.
    static func firstRebound(_ trace: Trace, size: SceneSize, height: Double, elasticity: Double)
        -> (speedError: Double, spin: Double)? {
        let floorCenter = 1000 - size.height / 2
        guard let state = trace.states(of: "item").first(where: { $0.velocity.dy < 0 }) else { return nil }
        let speed = (state.velocity.dy * state.velocity.dy + 2 * gravity * (floorCenter - state.center.y)).squareRoot()
        return (speed / (elasticity * (2 * gravity * height).squareRoot()) - 1, abs(state.angularVelocity))
    }

    // MARK: Tilted landings

    /// A 20×20 pt box, elasticity 0, turned `tilt` rad (a hair off flat), dropped from rest
    /// `height` pt above the floor of 400×400 pt reference bounds at x = 200, with `friction`,
    /// for 1.5 s: one corner lands a moment before the other.
    static func tiltedLanding(tilt: Double, height: Double, friction: Double) -> Scene {
        Scene(
            name: "tilted landing", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
            items: [SceneItem(id: "box", center: ScenePoint(x: 200, y: 390 - height), size: SceneSize(width: 20, height: 20),
                              angle: tilt)],
            behaviors: [.gravity(GravitySpec(items: ["box"])),
                        .collision(CollisionSpec(items: ["box"], referenceBoundsAreBoundary: true)),
                        .itemProperties(ItemPropertiesSpec(items: ["box"], elasticity: 0, friction: friction))],
            timing: SceneTiming(duration: 1.5, pausesAtRest: false))
    }

    /// How far the box of ``tiltedLanding(tilt:height:friction:)`` moved sideways from where it
    /// was dropped, the farthest over its trace (pt). ∞ once a state is not finite.
    static func sidewaysSlide(_ trace: Trace) -> Double {
        var farthest = 0.0
        for box in trace.states(of: "box") {
            guard box.isFinite else { return .infinity }
            farthest = max(farthest, abs(box.center.x - 200))
        }
        return farthest
    }

    // MARK: Overlap recovery

    /// Catto's overlap-recovery case (Solver2D, 2024), upright: a pyramid of `rows` rows of
    /// 40×40 pt boxes placed 30 pt apart in both directions, so each overlaps its neighbours by
    /// 10 pt, its bottom row on the floor of 400×400 pt reference bounds; rotation off (so the
    /// overlaps are exact to measure), elasticity 0, friction 0.5, gravity, for 4 s with the
    /// animator pausing at rest. Where the boxes just touch, the rows are 40 pt apart: row `j`
    /// from the floor at y = 380 − 40·j (at rest, soft contacts leave them a slop and a little
    /// sag lower).
    static func overlappingPyramid(rows: Int) -> Scene {
        var items: [SceneItem] = []
        for row in 0..<rows {
            let count = rows - row
            for column in 0..<count {
                items.append(SceneItem(id: "box\(items.count)",
                                       center: ScenePoint(x: 200 + (Double(column) - Double(count - 1) / 2) * 30,
                                                          y: 380 - 30 * Double(row)),
                                       size: SceneSize(width: 40, height: 40)))
            }
        }
        let ids = items.map(\.id)
        return Scene(
            name: "overlap recovery", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: items,
            behaviors: [.gravity(GravitySpec(items: ids)),
                        .collision(CollisionSpec(items: ids, referenceBoundsAreBoundary: true)),
                        .itemProperties(ItemPropertiesSpec(items: ids, elasticity: 0, friction: 0.5, allowsRotation: false))],
            timing: SceneTiming(duration: 4, pausesAtRest: true))
    }

    /// What ``overlappingPyramid(rows:)`` left: the deepest overlap between two boxes, or of a box
    /// with the floor, in the last sample (pt), and how far any box rose above the height where
    /// its row just touches the one below at any time (pt; pushed out gently, no box passes it).
    /// ∞ once a state is not finite.
    static func overlapAndRise(_ trace: Trace, rows: Int) -> (overlapLeft: Double, rise: Double) {
        let touchingHeights = (0..<rows).flatMap { row in Array(repeating: 380 - 40 * Double(row), count: rows - row) }
        var rise = 0.0
        for sample in trace.samples {
            guard sample.states.allSatisfy(\.isFinite) else { return (.infinity, .infinity) }
            for (state, touching) in zip(sample.states, touchingHeights) { rise = max(rise, touching - state.center.y) }
        }
        guard let last = trace.samples.last?.states else { return (.nan, .nan) }
        var deepest = 0.0
        for (index, box) in last.enumerated() {
            deepest = max(deepest, box.center.y + 20 - 400)
            for other in last[(index + 1)...] {
                deepest = max(deepest, min(40 - abs(box.center.x - other.center.x), 40 - abs(box.center.y - other.center.y)))
            }
        }
        return (deepest, rise)
    }

    // MARK: Chains

    /// A chain of `links` 10×10 pt items 12 pt apart hanging from an anchor by rigid distance
    /// attachments center to center (`pinned` false), or of 12×4 pt links pinned end to end
    /// (`pinned` true), released horizontally under gravity for `seconds`, collisions off. With
    /// `heavyEnd`, a 20×20 pt item that many times heavier than one link hangs on the free end:
    /// 12 pt on from the last center by a rod, or pinned by its left edge's midpoint.
    static func chain(links: Int, pinned: Bool, seconds: Double, heavyEnd: Double? = nil) -> Scene {
        var ids = (0..<links).map { "link\($0)" }
        var items = ids.indices.map { index in
            pinned ? SceneItem(id: ids[index], center: ScenePoint(x: 12 * Double(index) + 6, y: 100), size: SceneSize(width: 12, height: 4))
                : SceneItem(id: ids[index], center: ScenePoint(x: 12 * Double(index + 1), y: 100), size: SceneSize(width: 10, height: 10))
        }
        var behaviors: [SceneBehavior] = []
        if let heavyEnd {
            let center = ScenePoint(x: pinned ? 12 * Double(links) + 10 : 12 * Double(links + 1), y: 100)
            items.append(SceneItem(id: "heavy", center: center, size: SceneSize(width: 20, height: 20)))
            ids.append("heavy")
            // A link's mass at density 1, times `heavyEnd`, over the heavy item's 400 pt².
            behaviors.append(.itemProperties(ItemPropertiesSpec(items: ["heavy"], density: heavyEnd * (pinned ? 48 : 100) / 400)))
        }
        behaviors.append(.gravity(GravitySpec(items: ids)))
        if pinned {
            behaviors.append(.attachment(AttachmentSpec(item: ids[0], anchor: ScenePoint(x: 0, y: 100), attachmentKind: .pin)))
            for index in 1..<ids.count {
                behaviors.append(.attachment(AttachmentSpec(item: ids[index - 1], otherItem: ids[index],
                                                            anchor: ScenePoint(x: 12 * Double(index), y: 100), attachmentKind: .pin)))
            }
        } else {
            behaviors.append(.attachment(AttachmentSpec(item: ids[0], anchor: ScenePoint(x: 0, y: 100))))
            for index in 1..<ids.count {
                behaviors.append(.attachment(AttachmentSpec(item: ids[index - 1], otherItem: ids[index])))
            }
        }
        return Scene(name: pinned ? "pin chain" : "rigid chain", items: items, behaviors: behaviors,
                     timing: SceneTiming(duration: seconds, pausesAtRest: false))
    }

    /// The largest violation of a chain's joints over its trace (pt): |distance − 12| between
    /// neighbouring centers (and the anchor), or the distance between pinned ends; with
    /// `heavyEnd`, the heavy item's joint too. ∞ once a state is not finite.
    static func chainError(_ trace: Trace, links: Int, pinned: Bool, heavyEnd: Bool = false) -> Double {
        chainErrors(trace, links: links, pinned: pinned, heavyEnd: heavyEnd).reduce(0) { max($0, $1) }
    }

    /// The largest violation of a chain's joints (see ``chainError(_:links:pinned:heavyEnd:)``)
    /// at each sample of its trace, up to and including the first sample with a state that is
    /// not finite, which is ∞.
    static func chainErrors(_ trace: Trace, links: Int, pinned: Bool, heavyEnd: Bool = false) -> [Double] {
        let anchor = ScenePoint(x: 0, y: 100)
        var errors: [Double] = []
        for sample in trace.samples {
            guard sample.states.allSatisfy(\.isFinite) else { return errors + [.infinity] }
            var worst = 0.0
            for index in 0..<min(links + (heavyEnd ? 1 : 0), sample.states.count) {
                let state = sample.states[index]
                if pinned {
                    let start = index == links ? end(of: state, side: -1, halfLength: 10) : end(of: state, side: -1)
                    let joint = index == 0 ? anchor : end(of: sample.states[index - 1], side: 1)
                    worst = max(worst, (start - joint).length)
                } else {
                    let previous = index == 0 ? anchor : sample.states[index - 1].center
                    worst = max(worst, abs((state.center - previous).length - 12))
                }
            }
            errors.append(worst)
        }
        return errors
    }

    /// The point `halfLength` (pt; a 12 pt link's 6 by default) from an item's center along its
    /// axis, on `side` (−1 or 1).
    static func end(of state: ItemState, side: Double, halfLength: Double = 6) -> ScenePoint {
        ScenePoint(x: state.center.x + side * halfLength * cos(state.angle), y: state.center.y + side * halfLength * sin(state.angle))
    }

    // MARK: Mass ratios

    /// A 20×20 pt item of density 1 under a 20×20 pt item `ratio` times denser, resting on the
    /// floor of 400×400 pt reference bounds (or pressed into the bottom-right corner by diagonal
    /// gravity), elasticity 0, for 5 s.
    static func heavyOnLight(ratio: Double, inCorner: Bool) -> Scene {
        let size = SceneSize(width: 20, height: 20)
        let items = [SceneItem(id: "light", center: ScenePoint(x: inCorner ? 390 : 200, y: 390), size: size),
                     SceneItem(id: "heavy", center: inCorner ? ScenePoint(x: 370, y: 370) : ScenePoint(x: 200, y: 370), size: size)]
        let direction = inCorner ? SceneVector(dx: 0.7071067811865476, dy: 0.7071067811865476) : SceneVector(dx: 0, dy: 1)
        return Scene(
            name: "heavy on light", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: items,
            behaviors: [.gravity(GravitySpec(items: ["light", "heavy"], direction: direction)),
                        .collision(CollisionSpec(items: ["light", "heavy"], referenceBoundsAreBoundary: true)),
                        .itemProperties(ItemPropertiesSpec(items: ["light"], elasticity: 0)),
                        .itemProperties(ItemPropertiesSpec(items: ["heavy"], elasticity: 0, density: ratio))],
            timing: SceneTiming(duration: 5, pausesAtRest: false))
    }

    /// An 8 pt circle of density 1 under a 40×40 pt box `ratio` times heavier, both resting on
    /// the floor of 400×400 pt reference bounds, elasticity 0, for 5 s (the solver issue's audit
    /// crushed the circle through the floor at about 1:300).
    static func circleUnderBox(ratio: Double) -> Scene {
        // Masses go with area: the circle's π·4² pt² against the box's 1600 pt².
        let density = ratio * Double.pi * 16 / 1600
        return Scene(
            name: "circle under a box", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
            items: [SceneItem(id: "light", center: ScenePoint(x: 200, y: 396), size: SceneSize(width: 8, height: 8), shape: .ellipse),
                    SceneItem(id: "heavy", center: ScenePoint(x: 200, y: 372), size: SceneSize(width: 40, height: 40))],
            behaviors: [.gravity(GravitySpec(items: ["light", "heavy"])),
                        .collision(CollisionSpec(items: ["light", "heavy"], referenceBoundsAreBoundary: true)),
                        .itemProperties(ItemPropertiesSpec(items: ["light", "heavy"], elasticity: 0)),
                        .itemProperties(ItemPropertiesSpec(items: ["heavy"], density: density))],
            timing: SceneTiming(duration: 5, pausesAtRest: false))
    }

    /// How deep the circle of ``circleUnderBox(ratio:)`` is crushed (pt): its largest overlap with
    /// the floor, or with the box while the box is above it (a box that tipped off beside it
    /// crushes nothing). ∞ once a state is not finite.
    static func circleCrushDepth(_ trace: Trace) -> Double {
        var deepest = 0.0
        for (light, heavy) in zip(trace.states(of: "light"), trace.states(of: "heavy")) {
            guard light.isFinite, heavy.isFinite else { return .infinity }
            deepest = max(deepest, light.center.y + 4 - 400)
            if abs(heavy.center.x - light.center.x) < 20 + 4 {
                deepest = max(deepest, (heavy.center.y + 20) - (light.center.y - 4))
            }
        }
        return deepest
    }

    /// A 20×20 pt item of density 1 in the bottom-right corner of 400×400 pt reference bounds,
    /// and a rod to it from an item `ratio` times heavier that does not collide, both under
    /// diagonal gravity: the rod pulls the light item into the corner (the solver issue's audit
    /// pressed it through at about 1:200). Elasticity 0, 5 s.
    static func rodPullingIntoACorner(ratio: Double) -> Scene {
        let size = SceneSize(width: 20, height: 20)
        return Scene(
            name: "rod pulling into a corner", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
            items: [SceneItem(id: "light", center: ScenePoint(x: 390, y: 390), size: size),
                    SceneItem(id: "heavy", center: ScenePoint(x: 350, y: 390), size: size)],
            behaviors: [.gravity(GravitySpec(items: ["light", "heavy"], direction: SceneVector(dx: 0.7071067811865476, dy: 0.7071067811865476))),
                        .attachment(AttachmentSpec(item: "heavy", otherItem: "light")),
                        .collision(CollisionSpec(items: ["light"], referenceBoundsAreBoundary: true)),
                        .itemProperties(ItemPropertiesSpec(items: ["light", "heavy"], elasticity: 0)),
                        .itemProperties(ItemPropertiesSpec(items: ["heavy"], density: ratio))],
            timing: SceneTiming(duration: 5, pausesAtRest: false))
    }

    /// How deep the light item of ``rodPullingIntoACorner(ratio:)`` is pressed into the walls (pt).
    /// ∞ once a state is not finite.
    static func cornerDepth(_ trace: Trace) -> Double {
        var deepest = 0.0
        for light in trace.states(of: "light") {
            guard light.isFinite else { return .infinity }
            deepest = max(deepest, light.center.x + 10 - 400, light.center.y + 10 - 400)
        }
        return deepest
    }

    /// How deep the light item is crushed (pt): its largest overlap with the bounds or with the
    /// heavy item (20 when the heavy item sits where it is). ∞ once a state is not finite.
    static func crushDepth(_ trace: Trace, inCorner: Bool) -> Double {
        var deepest = 0.0
        for (light, heavy) in zip(trace.states(of: "light"), trace.states(of: "heavy")) {
            guard light.isFinite, heavy.isFinite else { return .infinity }
            let intoBounds = max(light.center.y + 10 - 400, inCorner ? light.center.x + 10 - 400 : 0, 0)
            let gap = inCorner ? max(abs(light.center.x - heavy.center.x), abs(light.center.y - heavy.center.y))
                : light.center.y - heavy.center.y
            deepest = max(deepest, intoBounds, 20 - gap)
        }
        return deepest
    }

    // MARK: Pyramid

    /// Box2D v3's pyramid (each row one box shorter and half a box further in, boxes touching)
    /// of `rows` rows of 20×20 pt boxes resting on the floor of reference bounds four boxes wider
    /// than its base, friction 0.5, elasticity 0, for `seconds`. The top box is the last item.
    static func pyramid(rows: Int, seconds: Double) -> Scene {
        let width = Double(rows + 4) * 20, height = Double(rows + 4) * 20
        var items: [SceneItem] = []
        for row in 0..<rows {
            let count = rows - row
            let left = width / 2 - Double(count - 1) * 10
            for column in 0..<count {
                items.append(SceneItem(id: "box\(items.count)",
                                       center: ScenePoint(x: left + Double(column) * 20, y: height - (Double(row) + 0.5) * 20),
                                       size: SceneSize(width: 20, height: 20)))
            }
        }
        let ids = items.map(\.id)
        return Scene(
            name: "pyramid", referenceBounds: SceneRect(x: 0, y: 0, width: width, height: height), items: items,
            behaviors: [.gravity(GravitySpec(items: ids)),
                        .collision(CollisionSpec(items: ids, referenceBoundsAreBoundary: true)),
                        .itemProperties(ItemPropertiesSpec(items: ids, elasticity: 0, friction: 0.5))],
            timing: SceneTiming(duration: seconds, pausesAtRest: false))
    }

    /// How far soft contacts let the top of a pyramid of `rows` rows of 20 pt boxes sink under
    /// gravity 1000 pt/s² (pt), estimated: a contact spring of frequency 30 Hz (Box2D v3's default
    /// contact hertz) and effective mass `m_eff` rests at its load `L` over `m_eff·ω²` beyond the
    /// linear slop (0.1 pt). Row `j` from the top carries `(j + 2)/2` box weights on each box, on
    /// two half-overlapping boxes below, so on four points; at each point one box has a 10 pt arm
    /// and the other none, so `1/m_eff = 2/m + 10²/I` with `I = m·20²/6`, `m_eff = m/3.5`. Each
    /// row's contacts give `(j + 2)/8·m·g / (m/3.5·ω²) + 0.1 pt = 0.4375·(j + 2)·g/ω² + 0.1 pt`;
    /// summed over the rows: 73 pt for 100 rows, 1.8 pt for 10. Box2D v3 sinks 76 pt under the
    /// 100-row load; this engine's soft step 96 pt (its relax and the turns a point's impulse
    /// gives raise it).
    static func softContactSag(rows: Int) -> Double {
        let gravity = 1000.0, omega = 2 * Double.pi * 30, slop = 0.1
        return 0.4375 * gravity / (omega * omega) * Double(rows * (rows + 3)) / 2 + slop * Double(rows)
    }

    /// Where the pyramid's top box was over the last second of the trace: its lowest point below
    /// where it started, and how far it moved up or down within that second (pt). The first
    /// seconds are left out: a pyramid loaded all at once bobs as it settles (this engine's
    /// 100-row one by 29 pt in the first second and 0.5 pt in the tenth with rigid contacts, by
    /// 34 pt in the sixth and 7.6 pt in the tenth with the soft step), while a collapsing or
    /// sinking one keeps going down. ∞ once a state is not finite.
    static func topBoxAtTheEnd(_ trace: Trace) -> (lowest: Double, movement: Double) {
        guard let top = trace.itemIDs.last, let end = trace.samples.last?.time else { return (.nan, .nan) }
        let states = trace.states(of: top)
        guard let first = states.first else { return (.nan, .nan) }
        guard states.allSatisfy(\.isFinite) else { return (.infinity, .infinity) }
        let drops = zip(trace.samples, states).filter { $0.0.time >= end - 1 }.map { $0.1.center.y - first.center.y }
        guard let lowest = drops.max(), let highest = drops.min() else { return (.nan, .nan) }
        return (lowest, lowest - highest)
    }

    /// How far the pyramid's top box is below where it started at each sample (pt; up is
    /// negative).
    static func topBoxDrops(_ trace: Trace) -> [Double] {
        guard let top = trace.itemIDs.last else { return [] }
        let states = trace.states(of: top)
        guard let first = states.first else { return [] }
        return states.map { $0.center.y - first.center.y }
    }

    // MARK: Spinning elastic box

    /// A 10×10 pt box of elasticity 1, no resistance, thrown at `velocity` (pt/s) spinning at
    /// `spin` rad/s inside 400×400 pt reference bounds under gravity, with `friction`, for 20 s.
    static func spinningBox(velocity: SceneVector, spin: Double, friction: Double) -> Scene {
        Scene(
            name: "spinning elastic box", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
            items: [SceneItem(id: "box", center: ScenePoint(x: 200, y: 200), size: SceneSize(width: 10, height: 10),
                              velocity: velocity, angularVelocity: spin)],
            behaviors: [.gravity(GravitySpec(items: ["box"])),
                        .collision(CollisionSpec(items: ["box"], referenceBoundsAreBoundary: true)),
                        .itemProperties(ItemPropertiesSpec(items: ["box"], elasticity: 1, friction: friction, resistance: 0,
                                                           angularResistance: 0))],
            timing: SceneTiming(duration: 20, pausesAtRest: false))
    }

    /// The largest rise of the box's mechanical energy (kinetic, rotational, potential above the
    /// floor) over its starting energy, relative to it. ∞ once a state is not finite.
    static func energyRise(_ trace: Trace) -> Double {
        let states = trace.states(of: "box")
        guard let first = states.first else { return .nan }
        guard states.allSatisfy(\.isFinite) else { return .infinity }
        let start = boxEnergy(first)
        return (states.map(boxEnergy).max() ?? start) / start - 1
    }

    /// The box's mechanical energy relative to its start, E/E₀ − 1, at each sample; empty when
    /// a state is not finite.
    static func relativeEnergies(_ trace: Trace) -> [Double] {
        let states = trace.states(of: "box")
        guard let first = states.first, states.allSatisfy(\.isFinite) else { return [] }
        let start = boxEnergy(first)
        return states.map { boxEnergy($0) / start - 1 }
    }

    /// The mechanical energy of the 10×10 pt box of ``spinningBox(velocity:spin:friction:)``
    /// (kinetic, rotational, and potential above the floor at y = 395).
    static func boxEnergy(_ state: ItemState) -> Double {
        let mass = 100.0 / 10_000, inertia = mass * 200 / 12
        return 0.5 * mass * (state.velocity.dx * state.velocity.dx + state.velocity.dy * state.velocity.dy) + 0.5 * inertia * state.angularVelocity * state.angularVelocity
            + mass * gravity * (395 - state.center.y)
    }
}
