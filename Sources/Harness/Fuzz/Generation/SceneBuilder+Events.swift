import Foundation

/// Random timed events, each valid against the behavior tree as the earlier events leave it.
extension SceneBuilder {
    /// Adds `count` events at random times in the run: drags and jumps of anchors and snap
    /// points, behaviors removed (and sometimes re-added) and added (sometimes under a parent),
    /// pushes switched, parameters set, velocities added.
    mutating func addEvents(count: Int) {
        var tree = SceneBehaviorTree(roots: behaviors)
        var removed: [SceneBehavior] = []
        let times = (0..<count).map { _ in dice.chance(0.1) ? 0 : dice.uniform(0, timing.duration) }.sorted()
        for time in times {
            if let action = randomAction(tree: tree, removed: &removed) {
                switch action {
                case .addBehavior(let behavior, let parent): _ = tree.add(behavior, parent: parent)
                case .removeBehavior(let id): if let behavior = tree.remove(id) { removed.append(behavior) }
                case .setParameter(let id, let name, let value): _ = tree.update(id) { $0 = $0.setting(name, to: value) }
                default: break
                }
                events.append(SceneEvent(time: time, action))
            }
        }
    }

    private mutating func randomAction(tree: SceneBehaviorTree, removed: inout [SceneBehavior]) -> SceneEvent.Action? {
        let present = tree.allBehaviors.filter { $0.id != nil }
        let area = arena
        let somewhere = ScenePoint(x: dice.uniform(area.minX, area.maxX), y: dice.uniform(area.minY, area.maxY))
        switch dice.int(0...6) {
        case 0:
            let movable = present.filter {
                switch $0.kind {
                case .snap: true
                case .attachment(let spec): spec.otherItem == nil
                default: false
                }
            }
            guard let target = movable.isEmpty ? nil : dice.pick(movable) else { return nil }
            return .moveAnchor(target.id!, to: somewhere, duration: dice.chance(0.3) ? 0 : dice.uniform(0.05, 0.8))
        case 1:
            guard !present.isEmpty else { return nil }
            return .removeBehavior(dice.pick(present).id!)
        case 2:
            if !removed.isEmpty, dice.chance(0.5) {
                let behavior = removed.remove(at: dice.int(0...(removed.count - 1)))
                guard behavior.preOrder.allSatisfy({ $0.id == nil || tree.behavior(withID: $0.id!) == nil }) else { return nil }
                return .addBehavior(behavior, parent: nil)
            }
            let composites = present.filter { $0.kind == .composite }
            let parent = !composites.isEmpty && dice.chance(0.3) ? dice.pick(composites).id : nil
            let bodies = bodies
            guard !bodies.isEmpty else { return nil }
            var added: SceneBehavior = switch dice.int(0...3) {
            case 0: gravity(dice.subset(bodies))
            case 1: push(dice.subset(bodies))
            case 2: attachment(dice.pick(bodies), to: nil, kinds: [.distance, .limit])
            default: itemProperties(bodies)
            }
            if tree.fieldCount < Scene.maximumFieldCount, dice.chance(0.2) { added = field(dice.subset(bodies)) }
            return .addBehavior(added, parent: parent)
        case 3:
            let pushes = present.filter { if case .push = $0.kind { true } else { false } }
            guard !pushes.isEmpty else { return nil }
            return .setPushActive(dice.pick(pushes).id!, active: dice.chance(0.5))
        case 4:
            guard !present.isEmpty else { return nil }
            let target = dice.pick(present)
            guard let (name, value) = parameter(for: target.kind) else { return nil }
            return .setParameter(target.id!, parameter: name, value: value)
        default:
            let bodies = bodies
            guard !bodies.isEmpty else { return nil }
            return .addVelocity(item: dice.pick(bodies), linear: dice.vector(length: 0...1500), angular: dice.uniform(-10, 10))
        }
    }

    /// A settable parameter of a behavior of `kind` and a valid value for it.
    private mutating func parameter(for kind: SceneBehavior.Kind) -> (String, SceneValue)? {
        switch kind {
        case .gravity: return ("magnitude", .number(dice.uniform(0, 3)))
        case .push: return ("magnitude", .number(dice.uniform(0, 10)))
        case .itemProperties:
            return dice.pick([("elasticity", .number(dice.uniform(0, 1))), ("friction", .number(dice.uniform(0, 1))),
                              ("density", .number(dice.logUniform(0.1, 10))), ("resistance", .number(dice.uniform(0, 2))),
                              ("allowsRotation", .flag(dice.chance(0.5)))])
        case .collision: return ("mode", .word(dice.pick(CollisionMode.allCases).rawValue))
        case .attachment(let spec):
            // Only a rod or rope has a length: a pin given one by an event is invalid when the
            // tree-shape check removes it and adds it back.
            let length: [(String, SceneValue)] = [.distance, .limit].contains(spec.attachmentKind) ? [("length", .number(dice.uniform(0, 150)))] : []
            return dice.pick([("frequency", .number(dice.uniform(0, 10))), ("damping", .number(dice.uniform(0, 1)))] + length)
        case .snap: return ("damping", .number(dice.uniform(0, 1)))
        case .field: return ("strength", .number(dice.uniform(-5, 5)))
        case .composite: return nil
        }
    }
}
