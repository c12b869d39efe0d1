/// SPEC's override order, for the adapters of engines that have no behavior tree (Chipmunk,
/// Box2D) to apply themselves: walk the tree pre-order depth-first, top-level behaviors in order;
/// each item-properties behavior writes only what it sets; the last write wins, property by
/// property. Items that only other behaviors
/// name have SPEC's defaults (they are in the animator); items no behavior names have none.
public enum ItemPropertyResolution {
    /// The resolved properties of each item a behavior names, by item identifier.
    public static func resolve(_ behaviors: [SceneBehavior]) -> [String: ResolvedProperties] {
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

    /// Each item's velocity when it joins (pt/s, rad/s), in scene order: its own plus what the
    /// item-properties behaviors add (SPEC: additions made before joining accumulate and apply on
    /// joining).
    public static func initialVelocities(of scene: Scene) -> [(linear: SceneVector, angular: Double)] {
        var velocities = scene.items.map { ($0.velocity, $0.angularVelocity) }
        let indexOfItem = Dictionary(uniqueKeysWithValues: scene.items.enumerated().map { ($1.id, $0) })
        for behavior in scene.behaviors.flatMap(\.preOrder) {
            guard case .itemProperties(let spec) = behavior.kind else { continue }
            for index in spec.items.compactMap({ indexOfItem[$0] }) {
                if let added = spec.addedLinearVelocity { velocities[index].0 = velocities[index].0 + added }
                if let added = spec.addedAngularVelocity { velocities[index].1 += added }
            }
        }
        return velocities
    }
}
