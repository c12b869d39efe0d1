/// The override rule of SPEC.md, written independently of the engine from the scene alone: walk
/// the behavior tree pre-order depth-first (top-level behaviors in order); each item-properties
/// behavior writes only what it sets; the last write wins, property by property.
enum OverrideOrderReference {
    /// The properties of every item id named by any behavior of `behaviors`.
    static func resolve(_ behaviors: [SceneBehavior]) -> [String: ResolvedProperties] {
        var resolved: [String: ResolvedProperties] = [:]
        func visit(_ behavior: SceneBehavior) {
            if case .itemProperties(let spec) = behavior.kind {
                for id in spec.items {
                    var properties = resolved[id] ?? ResolvedProperties.specDefaults
                    if let value = spec.elasticity { properties.elasticity = value }
                    if let value = spec.friction { properties.friction = value }
                    if let value = spec.density { properties.density = value }
                    if let value = spec.resistance { properties.resistance = value }
                    if let value = spec.angularResistance { properties.angularResistance = value }
                    if let value = spec.allowsRotation { properties.allowsRotation = value }
                    if let value = spec.anchored { properties.anchored = value }
                    if let value = spec.charge { properties.charge = value }
                    resolved[id] = properties
                }
            } else {
                for id in behavior.itemIDs where resolved[id] == nil { resolved[id] = ResolvedProperties.specDefaults }
            }
            behavior.children.forEach(visit)
        }
        behaviors.forEach(visit)
        return resolved
    }

    /// Which of the eight properties differ between `a` and `b` (by name).
    static func differences(_ a: ResolvedProperties, _ b: ResolvedProperties) -> [String] {
        var names: [String] = []
        if a.elasticity != b.elasticity { names.append("elasticity") }
        if a.friction != b.friction { names.append("friction") }
        if a.density != b.density { names.append("density") }
        if a.resistance != b.resistance { names.append("resistance") }
        if a.angularResistance != b.angularResistance { names.append("angularResistance") }
        if a.allowsRotation != b.allowsRotation { names.append("allowsRotation") }
        if a.anchored != b.anchored { names.append("anchored") }
        if a.charge != b.charge { names.append("charge") }
        return names
    }
}

/// Random behavior trees of item-properties behaviors, nested in composites, for one seed.
enum RandomPropertyTree {
    static let itemIDs = ["a", "b", "c"]

    static func make(seed: UInt64) -> [SceneBehavior] {
        var generator = SeededGenerator(seed: seed)
        func maybe(_ value: Double) -> Double? { Bool.random(using: &generator) ? value : nil }
        func pick(_ values: [Double]) -> Double { values[Int.random(in: 0..<values.count, using: &generator)] }
        func spec() -> ItemPropertiesSpec {
            let items = itemIDs.filter { _ in Bool.random(using: &generator) }
            let choices = [0.0, 0.25, 0.5, 0.75, 1.0]
            return ItemPropertiesSpec(
                items: items.isEmpty ? [itemIDs[Int.random(in: 0..<3, using: &generator)]] : items,
                elasticity: maybe(pick(choices)),
                friction: maybe(pick(choices)),
                density: maybe(pick([0.5, 1, 2])),
                resistance: maybe(pick(choices)),
                angularResistance: maybe(pick(choices)),
                allowsRotation: Bool.random(using: &generator) ? Bool.random(using: &generator) : nil,
                charge: maybe(pick([-1, 0, 2])))
        }
        func node(depth: Int) -> SceneBehavior {
            if depth < 3 && Int.random(in: 0..<3, using: &generator) == 0 {
                return .composite((0..<Int.random(in: 1...3, using: &generator)).map { _ in node(depth: depth + 1) })
            }
            return .itemProperties(spec())
        }
        return [.gravity(GravitySpec(items: itemIDs))] + (0..<Int.random(in: 2...6, using: &generator)).map { _ in node(depth: 0) }
    }
}
