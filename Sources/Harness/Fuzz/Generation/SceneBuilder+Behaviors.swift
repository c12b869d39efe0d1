import Foundation

/// Random behaviors of every kind but fields, over the builder's bodies.
extension SceneBuilder {
    /// A rare extreme finite magnitude (1e12 to 1e300), the kind of value that once gave NaN;
    /// inside the envelope an ordinary one.
    mutating func extremeMagnitude() -> Double { withinEnvelope ? dice.uniform(1, 10) : dice.pick([1e12, 1e50, 1e150, 1e300]) }

    /// A rare extreme speed (pt/s) given to an item: up to the engine's cap of 10⁵ pt/s, since a
    /// scene may not give more (``Scene/problems(within:)``); faster motion comes from forces.
    /// One draw, as ``extremeMagnitude()`` takes, so that the rest of the scene is unchanged.
    mutating func extremeSpeed() -> Double { withinEnvelope ? dice.uniform(1, 10) : dice.pick([1e4, 3e4, 6e4, 1e5]) }

    /// A rare extreme turn rate (rad/s) given to an item: within the engine's cap of an eighth
    /// of a turn per sub-step at the coarsest sub-step generated (1/30 s: 23.6 rad/s).
    mutating func extremeTurnRate() -> Double { withinEnvelope ? dice.uniform(1, 10) : dice.pick([21, 22, 23, 23.5]) }

    /// A rare extreme length, up to the largest the scene format takes
    /// (``Scene/largestCoordinate``); inside the envelope an ordinary one.
    mutating func extremeLength() -> Double {
        withinEnvelope ? dice.uniform(1, 10) : dice.pick([1e4, 1e6, 1e8, Scene.largestCoordinate])
    }

    /// Gravity on `items`: usually downward, sometimes at an angle; rarely extreme.
    mutating func gravity(_ items: [String]) -> SceneBehavior {
        let magnitude = dice.chance(0.01) ? extremeMagnitude() : dice.uniform(0.2, 3)
        let angle = dice.chance(0.75) ? Double.pi / 2 : dice.uniform(-Double.pi, Double.pi)
        let spec = dice.chance(0.5) ? GravitySpec(items: items, angle: angle, magnitude: magnitude)
            : GravitySpec(items: items, direction: SceneVector(angle: angle, length: magnitude))
        return .gravity(spec, id: newBehaviorID())
    }

    /// Collision of `items` with each other and the reference bounds (when there are bounds),
    /// sometimes with insets and segment, polyline or closed-path boundaries inside.
    mutating func collision(_ items: [String], mode: CollisionMode? = nil, walls: Bool = true) -> SceneBehavior {
        var boundaries: [SceneBoundary] = []
        if walls, dice.chance(0.3) {
            for _ in 0..<dice.int(1...3) {
                let region = arena
                func point() -> ScenePoint {
                    ScenePoint(x: dice.uniform(region.minX, region.maxX), y: dice.uniform(region.minY, region.maxY))
                }
                let count = dice.pick([2, 2, 3, 4])
                let points = (0..<count).map { _ in point() }
                let closed = count >= 3 && dice.chance(0.4)
                boundaries.append(SceneBoundary(identifier: newBoundaryID(), points: points, closed: closed))
            }
        }
        var insets: SceneInsets?
        if let bounds, walls, dice.chance(0.2) {
            let limit = min(bounds.size.width, bounds.size.height) / 5
            insets = SceneInsets(top: dice.uniform(0, limit), left: dice.uniform(0, limit), bottom: dice.uniform(0, limit),
                                 right: dice.uniform(0, limit))
        }
        let chosenMode = mode ?? (dice.chance(0.75) ? .everything : dice.pick([.items, .boundaries]))
        return .collision(CollisionSpec(items: items, mode: chosenMode, referenceBoundsAreBoundary: bounds != nil && walls,
                                        referenceBoundsInsets: insets, boundaries: boundaries), id: newBehaviorID())
    }

    /// Item properties for a random subset of `items`, each property set or left alone.
    mutating func itemProperties(_ items: [String]) -> SceneBehavior {
        var spec = ItemPropertiesSpec(items: dice.subset(items))
        if dice.chance(0.6) { spec.elasticity = dice.chance(0.15) ? dice.pick([0, 1]) : dice.uniform(0, 1) }
        if dice.chance(0.5) { spec.friction = dice.chance(0.15) ? 0 : dice.uniform(0, 1.5) }
        if dice.chance(0.6) { spec.density = dice.chance(0.3) ? dice.logUniform(0.01, 100) : dice.logUniform(0.2, 5) }
        if dice.chance(0.4) { spec.resistance = dice.uniform(0, 2) }
        if dice.chance(0.3) { spec.angularResistance = dice.uniform(0, 2) }
        if dice.chance(0.1) { spec.allowsRotation = false }
        if dice.chance(0.05) { spec.anchored = true }
        if dice.chance(0.2) { spec.charge = dice.uniform(-3, 3) }
        if dice.chance(0.1) {
            spec.addedLinearVelocity = dice.chance(0.05) && !withinEnvelope ? SceneVector(dx: extremeSpeed(), dy: 0)
                : dice.vector(length: 0...1000)
        }
        if dice.chance(0.05) { spec.addedAngularVelocity = dice.chance(0.1) ? extremeTurnRate() : dice.uniform(-20, 20) }
        return .itemProperties(spec, id: newBehaviorID())
    }

    /// A continuous or instantaneous push on `items`, sometimes off-center, sometimes inactive.
    mutating func push(_ items: [String]) -> SceneBehavior {
        let mode: PushMode = dice.chance(0.5) ? .continuous : .instantaneous
        var magnitude = mode == .continuous ? dice.uniform(0.05, 5) : dice.uniform(0.1, 20)
        if dice.chance(0.02) { magnitude = extremeMagnitude() }
        let angle = dice.uniform(-Double.pi, Double.pi)
        var offsets: [String: SceneVector] = [:]
        for item in items where dice.chance(0.3) { offsets[item] = dice.vector(length: 0...20) }
        return .push(PushSpec(items: items, mode: mode, direction: .polar(angle: angle, magnitude: magnitude), offsets: offsets,
                              active: dice.chance(0.9)), id: newBehaviorID())
    }

    /// A snap of one body to a point in the arena.
    mutating func snap(_ body: String) -> SceneBehavior {
        let region = arena
        return .snap(SnapSpec(item: body, point: ScenePoint(x: dice.uniform(region.minX, region.maxX),
                                                             y: dice.uniform(region.minY, region.maxY)),
                              damping: dice.uniform(0, 1)), id: newBehaviorID())
    }

    /// The center of a body at the start (a group's: the area-weighted mean of its members').
    func startCenter(of body: String) -> ScenePoint {
        if let item = items.first(where: { $0.id == body }) { return item.center }
        let members = items.filter { groups.first { $0.id == body }?.members.contains($0.id) ?? false }
        let total = members.reduce(0) { $0 + $1.area }
        return ScenePoint(x: members.reduce(0) { $0 + $1.center.x * $1.area } / total,
                          y: members.reduce(0) { $0 + $1.center.y * $1.area } / total)
    }

    /// A random attachment of `body` to an anchor or to `other`: rod, rope, spring (up to 60 Hz),
    /// pin (sometimes with a range and friction), sliding (axis and range), or fixed.
    mutating func attachment(_ body: String, to other: String?, kinds: [AttachmentKind] = AttachmentKind.allCases)
        -> SceneBehavior {
        let kind = dice.pick(kinds)
        let here = startCenter(of: body)
        let there = other.map(startCenter) ?? ScenePoint(x: here.x + dice.uniform(-80, 80), y: here.y - dice.uniform(0, 120))
        var spec = AttachmentSpec(item: body, otherItem: other, attachmentKind: kind)
        switch kind {
        case .distance, .limit:
            if dice.chance(0.3) { spec.offset = dice.vector(length: 0...10) }
            if other != nil, dice.chance(0.3) { spec.otherOffset = dice.vector(length: 0...10) }
            if other == nil { spec.anchor = there }
            if dice.chance(0.4) {
                spec.length = dice.chance(0.01) ? extremeLength() : dice.uniform(0, 150)
            }
            if kind == .distance, dice.chance(0.4) {
                spec.frequency = dice.chance(0.3) ? dice.uniform(20, 60) : dice.uniform(0.5, 20)
                spec.damping = dice.uniform(0, 1.2)
            }
        case .fixed, .pin, .sliding:
            spec.anchor = ScenePoint(x: (here.x + there.x) / 2, y: (here.y + there.y) / 2)
            if kind == .pin {
                if dice.chance(0.4) {
                    let lower = -dice.uniform(0, 1.5)
                    spec.range = SceneRange(lower: lower, upper: lower + dice.uniform(0, 2))
                }
                if dice.chance(0.3) { spec.frictionTorque = dice.uniform(0, 5) }
            }
            if kind == .sliding {
                spec.axis = SceneVector(angle: dice.uniform(0, 2 * Double.pi), length: 1)
                if dice.chance(0.6) { spec.range = SceneRange(lower: -dice.uniform(0, 100), upper: dice.uniform(0, 100)) }
            }
        }
        return .attachment(spec, id: newBehaviorID())
    }

    /// A chain of new items hanging from an anchor: rods, ropes, springs or pins, sometimes with
    /// one link far heavier (mass ratios up to 1e4), sometimes long.
    mutating func chain(in region: SceneRect) -> (links: [String], behaviors: [SceneBehavior]) {
        let count = dice.chance(0.05) ? dice.int(40...100) : dice.int(2...15)
        let spacing = dice.uniform(6, 30)
        let direction = SceneVector(angle: Double.pi / 2 + dice.uniform(-1.2, 1.2), length: 1)
        let top = ScenePoint(x: dice.uniform(region.minX + region.size.width / 4, region.maxX - region.size.width / 4),
                             y: region.minY + dice.uniform(5, region.size.height / 4))
        let kind = dice.pick([AttachmentKind.distance, .distance, .limit, .pin])
        let frequency = kind == .distance && dice.chance(0.3) ? dice.uniform(1, 60) : 0
        var links: [String] = [], behaviors: [SceneBehavior] = []
        for index in 0..<count {
            let center = top + direction * (spacing * Double(index + 1))
            let side = spacing * dice.uniform(0.3, 0.9)
            let id = "i\(items.count + 1)"
            items.append(SceneItem(id: id, center: center, size: SceneSize(width: side, height: side),
                                   shape: dice.chance(0.5) ? .ellipse : .rectangle))
            let previous = links.last
            let joint = top + direction * (spacing * (Double(index) + 0.5))
            var spec = AttachmentSpec(item: id, otherItem: previous, attachmentKind: kind)
            switch kind {
            case .pin: spec.anchor = index == 0 ? top : joint
            default:
                if previous == nil { spec.anchor = top }
                spec.frequency = frequency
                spec.damping = frequency > 0 ? dice.uniform(0, 1) : 0
            }
            links.append(id)
            behaviors.append(.attachment(spec, id: newBehaviorID()))
        }
        if dice.chance(0.3), let heavy = links.last {
            behaviors.append(.itemProperties(ItemPropertiesSpec(items: [heavy], density: dice.logUniform(10, withinEnvelope ? 100 : 1e4)),
                                             id: newBehaviorID()))
        }
        return (links, behaviors)
    }
}
