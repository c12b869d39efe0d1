import Foundation

/// Each item's mass, moment of inertia, properties and gravity as the scene's initial tree gives
/// them, computed by the harness itself from SPEC (a 100×100 item of density 1 has mass 1; gravity
/// 1 is 1000 pt/s²), never read from the engine: the energy, momentum and rest invariants judge
/// the engine against these.
struct SceneMechanics {
    /// Per item, in scene order.
    struct ItemMechanics {
        var mass: Double
        /// Moment of inertia about the item's centroid (mass × points²).
        var inertia: Double
        /// The item's centroid in its own frame (points): zero but for a path drawn off its
        /// center. Energy and momentum are of the centroid's motion, `v + ω × R(θ)·c`.
        var centroid: SceneVector
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
            let centroid = Self.centroid(of: item)
            return ItemMechanics(mass: mass, inertia: mass * max(0, Self.inertiaPerMass(item) - centroid.dot(centroid)),
                                 centroid: centroid, properties: properties, gravity: gravity[body] ?? .zero, body: body)
        }
    }

    /// An item's centroid in its own frame (points): zero for a rectangle or an ellipse.
    static func centroid(of item: SceneItem) -> SceneVector {
        item.shape == .path ? ItemOutline.centroid(of: (item.path ?? []).map { $0 - .zero }) : .zero
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
    /// body then (the item's own, plus what the initial tree's item behaviors add to the body:
    /// added velocities are the body's, at its center of mass), at the item's center:
    /// V + Ω × (center − the body's center of mass), the body being the item's group, or the
    /// item itself with its center of mass at its centroid.
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
        // A path drawn off its center is a body whose center of mass is its centroid.
        for (index, item) in scene.items.enumerated() where groupOf[item.id] == nil && shapes.outlines[index].centroid != .zero {
            centerOf[item.id] = item.center + shapes.outlines[index].centroid.rotated(by: item.angle)
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

    /// Where the centroid of an item in `state` is and how fast it moves (points, pt/s): the
    /// state's center and velocity when the centroid is the center.
    func centroidMotion(of item: ItemMechanics, in state: ItemState) -> (position: ScenePoint, velocity: SceneVector) {
        guard item.centroid != .zero else { return (state.center, state.velocity) }
        let arm = item.centroid.rotated(by: state.angle)
        return (state.center + arm, state.velocity + SceneVector(dx: -arm.dy, dy: arm.dx) * state.angularVelocity)
    }

    /// Kinetic plus gravitational potential energy of the moving items in `states` (potential
    /// measured from `origin`, so only differences mean anything): each item's centroid's
    /// motion and its spin about the centroid, which for a group's members add up to the group's.
    func energy(_ states: [ItemState], origin: ScenePoint = .zero) -> Double {
        var total = 0.0
        for (item, state) in zip(items, states) where !item.properties.anchored {
            let centroid = centroidMotion(of: item, in: state)
            total += 0.5 * item.mass * centroid.velocity.dot(centroid.velocity)
            total += 0.5 * item.inertia * state.angularVelocity * state.angularVelocity
            total -= item.mass * item.gravity.dot(centroid.position - origin)
        }
        return total
    }

    /// Total linear momentum (mass × pt/s).
    func linearMomentum(_ states: [ItemState]) -> SceneVector {
        zip(items, states).reduce(.zero) { $0 + centroidMotion(of: $1.0, in: $1.1).velocity * $1.0.mass }
    }

    /// Total angular momentum about the origin (mass × pt²/s), each item's spin included.
    func angularMomentum(_ states: [ItemState]) -> Double {
        zip(items, states).reduce(0) { total, pair in
            let (item, state) = pair
            let centroid = centroidMotion(of: item, in: state)
            return total + item.mass * (centroid.position - .zero).cross(centroid.velocity) + item.inertia * state.angularVelocity
        }
    }
}
