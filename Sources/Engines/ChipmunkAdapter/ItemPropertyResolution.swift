import Harness

/// SPEC's override order, applied by the adapter because Chipmunk has no behavior tree: walk the
/// tree pre-order depth-first, top-level behaviors in order; each item-properties behavior writes
/// only what it sets; the last write wins, property by property. Items that only other behaviors
/// name have SPEC's defaults (they are in the animator); items no behavior names have none.
enum ItemPropertyResolution {
    /// The resolved properties of each item a behavior names, by item identifier.
    static func resolve(_ behaviors: [SceneBehavior]) -> [String: ResolvedProperties] {
        var resolved: [String: ResolvedProperties] = [:]
        for behavior in behaviors.flatMap(\.preOrder) {
            guard case .itemProperties(let spec) = behavior.kind else {
                for id in behavior.itemIDs where resolved[id] == nil { resolved[id] = .specDefaults }
                continue
            }
            for id in spec.items {
                var properties = resolved[id] ?? .specDefaults
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
        }
        return resolved
    }
}
