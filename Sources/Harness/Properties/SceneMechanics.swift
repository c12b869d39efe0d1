import Foundation

/// Each item's mass, moment of inertia, properties and gravity as the scene's initial tree gives
/// them, computed by the harness itself from SPEC (a 100×100 item of density 1 has mass 1; gravity
/// 1 is 1000 pt/s²), never read from the engine: the energy, momentum and rest invariants judge
/// the engine against these.
struct SceneMechanics {
    /// Per item, in scene order.
    struct ItemMechanics {
        var mass: Double
        /// Moment of inertia about the item's center (mass × points²).
        var inertia: Double
        var properties: ResolvedProperties
        /// Sum of the gravity acting on the item (pt/s²).
        var gravity: SceneVector
        /// The body the item moves with (its group, or itself).
        var body: String
    }

    let items: [ItemMechanics]

    init(_ scene: Scene) {
        let resolved = OverrideOrderReference.resolve(scene.behaviors)
        var groupOf: [String: String] = [:]
        for group in scene.groups { for member in group.members { groupOf[member] = group.id } }
        var gravity: [String: SceneVector] = [:]
        for behavior in scene.behaviors.flatMap(\.preOrder) {
            guard case .gravity(let spec) = behavior.kind else { continue }
            let acceleration = spec.direction.vector * SceneUnits.pointsPerSecondSquaredPerGravity
            for id in spec.items { gravity[id] = (gravity[id] ?? .zero) + acceleration }
        }
        items = scene.items.map { item in
            let body = groupOf[item.id] ?? item.id
            let properties = resolved[body] ?? .specDefaults
            let mass = properties.density * item.area / 10_000
            return ItemMechanics(mass: mass, inertia: mass * Self.inertiaPerMass(item), properties: properties,
                                 gravity: gravity[body] ?? .zero, body: body)
        }
    }

    /// The moment of inertia per unit mass about the item's center (points²).
    static func inertiaPerMass(_ item: SceneItem) -> Double {
        let w = item.size.width, h = item.size.height
        switch item.shape {
        case .rectangle: return (w * w + h * h) / 12
        case .ellipse: return (w * w + h * h) / 16
        case .path:
            let points = item.path ?? []
            var twiceArea = 0.0, second = 0.0
            for index in points.indices {
                let a = points[index], b = points[(index + 1) % points.count]
                let cross = a.x * b.y - b.x * a.y
                twiceArea += cross
                second += cross * (a.x * a.x + a.x * b.x + b.x * b.x + a.y * a.y + a.y * b.y + b.y * b.y)
            }
            return twiceArea == 0 ? 0 : second / (6 * twiceArea)
        }
    }

    /// Every item's state as it joins the run: its pose, and the velocity the engine gives its
    /// body then (the item's own, plus what the initial tree's item behaviors add to the body),
    /// a group member's being its group's at its center: V + Ω × (center − the group's center
    /// of mass).
    static func initialStates(_ scene: Scene, shapes: SceneShapes) -> [ItemState] {
        var linear: [String: SceneVector] = [:], angular: [String: Double] = [:]
        for behavior in scene.behaviors.flatMap(\.preOrder) {
            guard case .itemProperties(let spec) = behavior.kind else { continue }
            for id in spec.items {
                if let added = spec.addedLinearVelocity { linear[id] = (linear[id] ?? .zero) + added }
                if let added = spec.addedAngularVelocity { angular[id] = (angular[id] ?? 0) + added }
            }
        }
        var groupOf: [String: String] = [:], centerOf: [String: ScenePoint] = [:]
        let indexOf = Dictionary(scene.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for group in scene.groups {
            var total = 0.0, weighted = SceneVector.zero
            for id in group.members {
                groupOf[id] = group.id
                guard let index = indexOf[id] else { continue }
                let item = scene.items[index]
                total += item.area
                weighted = weighted + ((item.center - .zero) + shapes.outlines[index].centroid.rotated(by: item.angle)) * item.area
            }
            if total > 0 { centerOf[group.id] = .zero + weighted / total }
        }
        return scene.items.map { item in
            let body = groupOf[item.id] ?? item.id
            let velocity = (linear[body] ?? .zero) + (groupOf[item.id] == nil ? item.velocity : .zero)
            let spin = (angular[body] ?? 0) + (groupOf[item.id] == nil ? item.angularVelocity : 0)
            guard let center = centerOf[body] else {
                return ItemState(center: item.center, angle: item.angle, velocity: velocity, angularVelocity: spin)
            }
            let arm = item.center - center
            return ItemState(center: item.center, angle: item.angle, velocity: velocity + SceneVector(dx: -arm.dy, dy: arm.dx) * spin,
                             angularVelocity: spin)
        }
    }

    /// The bounding radius of an item (points): half its diagonal, or its farthest vertex.
    static func radius(_ item: SceneItem) -> Double {
        if item.shape == .path, let path = item.path { return path.map { ($0 - .zero).length }.max() ?? 0 }
        return (item.size.width * item.size.width + item.size.height * item.size.height).squareRoot() / 2
    }

    /// Kinetic plus gravitational potential energy of the moving items in `states` (potential
    /// measured from `origin`, so only differences mean anything).
    func energy(_ states: [ItemState], origin: ScenePoint = .zero) -> Double {
        var total = 0.0
        for (item, state) in zip(items, states) where !item.properties.anchored {
            total += 0.5 * item.mass * state.velocity.dot(state.velocity)
            total += 0.5 * item.inertia * state.angularVelocity * state.angularVelocity
            total -= item.mass * item.gravity.dot(state.center - origin)
        }
        return total
    }

    /// Total linear momentum (mass × pt/s).
    func linearMomentum(_ states: [ItemState]) -> SceneVector {
        zip(items, states).reduce(.zero) { $0 + $1.1.velocity * $1.0.mass }
    }

    /// Total angular momentum about the origin (mass × pt²/s), each item's spin included.
    func angularMomentum(_ states: [ItemState]) -> Double {
        zip(items, states).reduce(0) { total, pair in
            let (item, state) = pair
            return total + item.mass * (state.center - .zero).cross(state.velocity) + item.inertia * state.angularVelocity
        }
    }
}
