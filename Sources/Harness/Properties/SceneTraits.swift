/// What a scene contains, for deciding which invariants apply to it.
struct SceneTraits {
    let behaviors: [SceneBehavior]
    let hasEvents: Bool

    /// Every behavior the scene has at any time: those it starts with, those events add, and each
    /// version a `setParameter` event makes of one. A trait holds if it holds at any time: a
    /// collision of items alone that an event turns onto the walls has walls, so a check that
    /// needs a scene without them (the metamorphic relation) does not apply. The events are
    /// replayed on the behavior tree in time order, so that a parameter set on a behavior
    /// removed and added again under the same identifier changes the one present then.
    init(_ scene: Scene) {
        var tree = SceneBehaviorTree(roots: scene.behaviors)
        var versions: [SceneBehavior] = []
        for index in scene.events.timeOrder {
            switch scene.events[index].action {
            case .addBehavior(let behavior, let parent): tree.add(behavior, parent: parent)
            case .removeBehavior(let id): tree.remove(id)
            case .setParameter(let id, let parameter, let value):
                tree.update(id) { $0 = $0.setting(parameter, to: value) }
                if let changed = tree.behavior(withID: id) { versions.append(changed) }
            default: break
            }
        }
        behaviors = scene.allBehaviors.map(\.behavior) + versions
        hasEvents = !scene.events.isEmpty
    }

    /// Whether any behavior matches.
    func contains(_ test: (SceneBehavior.Kind) -> Bool) -> Bool { behaviors.contains { test($0.kind) } }

    var hasPush: Bool { contains { if case .push = $0 { true } else { false } } }
    var hasField: Bool { contains { if case .field = $0 { true } else { false } } }
    var hasSnap: Bool { contains { if case .snap = $0 { true } else { false } } }
    var hasGravity: Bool { contains { if case .gravity = $0 { true } else { false } } }
    var hasAttachment: Bool { contains { if case .attachment = $0 { true } else { false } } }
    var hasSpring: Bool { contains { if case .attachment(let spec) = $0 { spec.frequency > 0 } else { false } } }
    var hasAddedVelocity: Bool {
        contains {
            if case .itemProperties(let spec) = $0 { spec.addedLinearVelocity != nil || spec.addedAngularVelocity != nil } else { false }
        }
    }
    var collisions: [CollisionSpec] {
        behaviors.compactMap { if case .collision(let spec) = $0.kind { spec } else { nil } }
    }
    /// Whether items can touch walls: reference bounds or segments.
    var hasWalls: Bool { collisions.contains { $0.mode != .items && ($0.referenceBoundsAreBoundary || !$0.boundaries.isEmpty) } }
    /// Whether two items can touch each other.
    var hasItemContacts: Bool { collisions.contains { $0.mode != .boundaries && $0.items.count >= 2 } }
    /// Whether any item–item attachment couples two bodies.
    var hasCoupling: Bool { contains { if case .attachment(let spec) = $0 { spec.otherItem != nil } else { false } } }
}
