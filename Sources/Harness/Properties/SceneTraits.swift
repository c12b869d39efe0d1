/// What a scene contains, for deciding which invariants apply to it.
struct SceneTraits {
    let behaviors: [SceneBehavior]
    let hasEvents: Bool

    /// Every behavior the scene has at any time: those it starts with, those events add, and each
    /// version a `setParameter` event makes of one. A trait holds if it holds at any time: a
    /// collision of items alone that an event turns onto the walls has walls, so a check that
    /// needs a scene without them (momentum, the metamorphic relation) does not apply.
    init(_ scene: Scene) {
        let present = scene.allBehaviors.map(\.behavior)
        var latest: [String: SceneBehavior] = [:]
        for behavior in present { if let id = behavior.id, latest[id] == nil { latest[id] = behavior } }
        var versions: [SceneBehavior] = []
        // Events at the same time apply in file order; a stable sort keeps it.
        for event in scene.events.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }) {
            guard case .setParameter(let target, let parameter, let value) = event.element.action,
                  let behavior = latest[target] else { continue }
            let changed = behavior.setting(parameter, to: value)
            latest[target] = changed
            versions.append(changed)
        }
        behaviors = present + versions
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
