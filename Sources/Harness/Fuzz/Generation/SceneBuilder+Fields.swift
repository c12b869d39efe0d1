import Foundation

/// Random fields of every kind, with random region trees.
extension SceneBuilder {
    /// A field of a random kind (or `kind`) acting on `items`.
    mutating func field(_ items: [String], kind: SceneFieldKind? = nil) -> SceneBehavior {
        let fieldKind = kind ?? dice.pick(SceneFieldKind.allCases)
        let area = arena
        var spec = FieldSpec(fieldKind: fieldKind, items: items,
                             position: ScenePoint(x: dice.uniform(area.minX, area.maxX), y: dice.uniform(area.minY, area.maxY)),
                             region: dice.chance(0.4) ? .infinite : region(depth: 0),
                             strength: dice.chance(0.01) ? extremeMagnitude() : strength(for: fieldKind))
        if dice.chance(0.2) { spec.falloff = dice.uniform(-1, 2) }
        if dice.chance(0.3) { spec.minimumRadius = dice.uniform(0, 2) }
        switch fieldKind {
        case .linearGravity, .drag, .velocity: spec.direction = dice.vector(length: 0...10)
        case .noise, .turbulence:
            spec.smoothness = dice.uniform(0, 1)
            spec.animationSpeed = dice.uniform(0, 5)
            spec.seed = dice.bits()
        default: break
        }
        return .field(spec, id: newBehaviorID())
    }

    /// A field whose energy the energy invariant can judge (see `FieldPotential`): linear gravity
    /// without falloff, or radial gravity, spring or electric, everywhere; magnetic, with any
    /// region; drag without wind, slowing only (or the field of kind `chosen`). It acts on the
    /// non-path items among `items` (a path item's center of mass need not be its center), or on
    /// all of them if there are none.
    mutating func fieldWithKnownEnergy(_ items: [String], kind chosen: SceneFieldKind? = nil) -> SceneBehavior {
        let kind = chosen ?? dice.pick([SceneFieldKind.linearGravity, .radialGravity, .spring, .electric, .magnetic, .drag])
        let paths = Set(self.items.filter { $0.shape == .path }.map(\.id))
        let solid = items.filter { !paths.contains($0) }
        var behavior = field(solid.isEmpty ? items : solid, kind: kind)
        guard case .field(var spec) = behavior.kind else { return behavior }
        switch kind {
        case .linearGravity:
            spec.region = .infinite
            spec.falloff = nil
        case .radialGravity, .spring, .electric:
            spec.region = .infinite
        case .drag:
            spec.direction = .zero
            spec.strength = abs(spec.strength)
        default:
            break
        }
        behavior.kind = .field(spec)
        return behavior
    }

    /// A strength of the right order for the kind (the force laws are in metres; SPEC).
    private mutating func strength(for kind: SceneFieldKind) -> Double {
        let magnitude: Double = switch kind {
        case .linearGravity, .radialGravity, .vortex, .noise: dice.uniform(0.1, 20)
        case .spring: dice.uniform(0.1, 50)
        case .electric, .magnetic: dice.uniform(0.1, 10)
        case .drag: dice.uniform(0.01, 3)
        case .velocity: dice.uniform(0.1, 2)
        case .turbulence: dice.uniform(0.01, 1)
        }
        return dice.chance(0.2) ? -magnitude : magnitude
    }

    /// A random region tree (circles and rectangles combined by inverse, union, intersection and
    /// difference), at most four levels deep.
    mutating func region(depth: Int) -> SceneRegion {
        let leafOnly = depth >= 3 || dice.chance(0.5)
        if leafOnly {
            return dice.chance(0.5) ? .circle(radius: dice.uniform(10, 300))
                : .rectangle(size: SceneSize(width: dice.uniform(10, 600), height: dice.uniform(10, 600)))
        }
        switch dice.int(0...3) {
        case 0: return .inverse(region(depth: depth + 1))
        case 1: return .union((0..<dice.int(2...3)).map { _ in region(depth: depth + 1) })
        case 2: return .intersection((0..<dice.int(2...3)).map { _ in region(depth: depth + 1) })
        default: return .difference(region(depth: depth + 1), region(depth: depth + 1))
        }
    }
}
