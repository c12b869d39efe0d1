import Foundation

/// Builds one random scene: the generator's working state (items, behaviors and events so far,
/// and identifiers in use). Profiles live in `SceneBuilder+Profiles.swift`, behaviors in
/// `SceneBuilder+Behaviors.swift`, fields in `SceneBuilder+Fields.swift`, events in
/// `SceneBuilder+Events.swift`.
struct SceneBuilder {
    var dice: Dice<SeededGenerator>
    var bounds: SceneRect?
    var items: [SceneItem] = []
    var groups: [SceneGroup] = []
    var behaviors: [SceneBehavior] = []
    var events: [SceneEvent] = []
    var timing = SceneTiming(duration: 1.5)
    /// Whether this scene's inputs stay inside the engine's operating envelope
    /// (``OperatingEnvelope``): items of 2 pt and up, speeds up to 5000 pt/s, no extreme
    /// magnitudes, sub-steps from 1/480 to 1/60 s. About half the scenes' inputs do, so that
    /// failures inside the envelope, the ones that are bugs, are found as often as those outside.
    var withinEnvelope = false
    private var behaviorCount = 0
    private var boundaryCount = 0

    init(dice: Dice<SeededGenerator>) {
        self.dice = dice
    }

    /// The scene built so far.
    var scene: Scene {
        Scene(name: "random", referenceBounds: bounds, items: items, groups: groups, behaviors: behaviors, events: events,
              timing: timing)
    }

    /// The bodies behaviors may name: items outside groups, and the groups.
    var bodies: [String] {
        let grouped = Set(groups.flatMap(\.members))
        return items.map(\.id).filter { !grouped.contains($0) } + groups.map(\.id)
    }

    /// A fresh behavior identifier.
    mutating func newBehaviorID() -> String {
        behaviorCount += 1
        return "b\(behaviorCount)"
    }

    /// A fresh boundary identifier.
    mutating func newBoundaryID() -> String {
        boundaryCount += 1
        return "wall\(boundaryCount)"
    }

    /// The region items start in: the bounds, or a 600×600 square around the origin.
    var arena: SceneRect { bounds ?? SceneRect(x: -300, y: -300, width: 600, height: 600) }

    /// A usual container: 400×400 at the origin most of the time, otherwise another size and place.
    mutating func makeContainer() -> SceneRect {
        if dice.chance(0.7) { return SceneRect(x: 0, y: 0, width: 400, height: 400) }
        return SceneRect(x: dice.uniform(-500, 500), y: dice.uniform(-500, 500), width: dice.uniform(150, 1200),
                         height: dice.uniform(150, 1200))
    }

    // MARK: Items

    /// A random item size: mostly ordinary, sometimes tiny (1–3 pt) or huge, sometimes a thin
    /// stick (aspect 1:50 to 1:3); inside the envelope nothing thinner than 2 pt.
    mutating func itemSize() -> SceneSize {
        let side: Double = switch dice.uniform(0, 1) {
        case ..<0.1: dice.uniform(1, 3)
        case ..<0.85: dice.uniform(6, 60)
        case ..<0.95: dice.uniform(60, 150)
        default: dice.uniform(150, 300)
        }
        let aspect = dice.chance(0.12) ? dice.logUniform(0.02, 0.3) : dice.logUniform(0.5, 2)
        let thinnest = withinEnvelope ? 2.0 : 1.0
        let size = SceneSize(width: max(thinnest, side), height: max(thinnest, side * aspect))
        return dice.chance(0.5) ? size : SceneSize(width: size.height, height: size.width)
    }

    /// A convex path inscribed in an ellipse of `size`, counter-clockwise on screen, its centroid
    /// moved to the origin; rarely with thousands of vertices.
    mutating func convexPath(size: SceneSize) -> [ScenePoint] {
        let count = dice.chance(0.03) ? dice.int(500...3000) : dice.int(3...10)
        var angles = (0..<count).map { Double($0) / Double(count) * 2 * Double.pi }
        if count <= 10 {
            let jitter = 0.35 * 2 * Double.pi / Double(count)
            angles = angles.map { $0 + dice.uniform(-jitter, jitter) }
        }
        let points = angles.map { ScenePoint(x: size.width / 2 * cos($0), y: size.height / 2 * sin($0)) }
        let centroid = Self.centroid(of: points)
        return points.map { ScenePoint(x: $0.x - centroid.x, y: $0.y - centroid.y) }
    }

    /// The area centroid of a simple polygon.
    static func centroid(of points: [ScenePoint]) -> ScenePoint {
        var area = 0.0, x = 0.0, y = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            let cross = a.x * b.y - b.x * a.y
            area += cross
            x += (a.x + b.x) * cross
            y += (a.y + b.y) * cross
        }
        return ScenePoint(x: x / (3 * area), y: y / (3 * area))
    }

    /// Adds an item somewhere in `region` with a speed drawn from `speeds` (pt/s), sometimes
    /// straddling the region's edge (its center still inside) or just touching it, sometimes
    /// overlapping an item already there, and returns its identifier.
    @discardableResult
    mutating func addItem(in region: SceneRect, speeds: ClosedRange<Double>, shapes: [SceneShape] = [.rectangle, .ellipse, .path],
                          spin: Double = 20) -> String {
        let size = itemSize()
        let shape = dice.pick(shapes)
        var center = ScenePoint(x: dice.uniform(region.minX, region.maxX), y: dice.uniform(region.minY, region.maxY))
        if !items.isEmpty, dice.chance(0.08) {
            let other = dice.pick(items)
            let reach = min(other.size.width, other.size.height) / 2
            center = other.center + dice.vector(length: 0...reach)
        } else if dice.chance(0.13) {
            let touching = dice.chance(0.25)
            let reach = min(size.width, size.height) / 2 * (touching ? 1 : dice.uniform(0, 0.95))
            switch dice.int(0...3) {
            case 0: center.x = region.minX + reach
            case 1: center.x = region.maxX - reach
            case 2: center.y = region.minY + reach
            default: center.y = region.maxY - reach
            }
        }
        let id = "i\(items.count + 1)"
        items.append(SceneItem(
            id: id, center: center, size: size, angle: dice.chance(0.5) ? 0 : dice.uniform(-Double.pi, Double.pi),
            shape: shape, path: shape == .path ? convexPath(size: size) : nil,
            velocity: dice.vector(length: speeds), angularVelocity: dice.chance(0.3) ? dice.uniform(-spin, spin) : 0))
        return id
    }

    /// A fast-item speed range: most items up to 3000 pt/s, some up to 5000, some slow; outside
    /// the envelope a few up to the engine's cap of 10⁵ pt/s.
    mutating func containerSpeeds() -> ClosedRange<Double> {
        switch dice.uniform(0, 1) {
        case ..<0.3: 0...300
        case ..<0.85: 0...3000
        case ..<0.95 where !withinEnvelope: 5000...100_000
        default: 3000...5000
        }
    }

    /// Puts two or three ungrouped items into a new group.
    mutating func addGroup() {
        let named = Set(behaviors.flatMap { $0.preOrder.flatMap(\.itemIDs) })
        let free = bodies.filter { id in items.contains { $0.id == id } && !named.contains(id) }
        guard free.count >= 2 else { return }
        var pool = free, members: [String] = []
        for _ in 0..<dice.int(2...min(3, free.count)) { members.append(pool.remove(at: dice.int(0...(pool.count - 1)))) }
        groups.append(SceneGroup(id: "g\(groups.count + 1)", members: members))
        // A member moves with its group: the format gives group velocities through events only.
        for index in items.indices where members.contains(items[index].id) {
            items[index].velocity = .zero
            items[index].angularVelocity = 0
        }
    }

    // MARK: Tree shape

    /// Wraps runs of the top-level behaviors into composites, nested to random depth; the
    /// pre-order of the leaves is unchanged.
    mutating func nestRandomly() {
        guard behaviors.count >= 2, dice.chance(0.4) else { return }
        behaviors = nest(behaviors, depth: 0)
    }

    private mutating func nest(_ list: [SceneBehavior], depth: Int) -> [SceneBehavior] {
        guard list.count >= 2, depth < 4 else { return list }
        // A behavior that an event removes must not take another as its child: the child would
        // go with it, and the events after that still name the child (1 scene in ~1600 was
        // invalid that way). The dice are thrown as before, so other scenes keep their seeds.
        let removedByEvents = Set(events.compactMap { event -> String? in
            if case .removeBehavior(let id) = event.action { id } else { nil }
        })
        var result: [SceneBehavior] = []
        var index = 0
        while index < list.count {
            let run = dice.int(1...min(3, list.count - index))
            let slice = Array(list[index..<(index + run)])
            if run >= 2, dice.chance(0.6) {
                result.append(.composite(nest(slice, depth: depth + 1), id: newBehaviorID()))
            } else if run == 2, dice.chance(0.5), !removedByEvents.contains(slice[0].id ?? "") {
                var parent = slice[0]
                parent.children += [slice[1]]
                result.append(parent)
            } else {
                result += slice
            }
            index += run
        }
        return result
    }

    /// Sometimes a coarser or finer sub-step (1/480 to 1/30 s; inside the envelope to 1/60 s)
    /// and frame.
    mutating func randomTiming(duration: Double) {
        var rates: [Double] = [120, 120, 120, 60, 240, 480, 90]
        if !withinEnvelope { rates.append(30) }
        let substep = 1 / dice.pick(rates)
        let frame = dice.chance(0.9) ? 1.0 / 60 : 1.0 / 30
        timing = SceneTiming(substep: substep, frameDuration: frame, duration: duration, pausesAtRest: dice.chance(0.5))
    }
}
