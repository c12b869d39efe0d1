import Foundation

/// Edits that keep a scene consistent while removing parts of it: what refers to a removed
/// item, group or behavior goes with it.
enum SceneEdits {
    /// Index paths of every behavior of the tree, pre-order.
    static func behaviorPaths(_ behaviors: [SceneBehavior]) -> [[Int]] {
        var paths: [[Int]] = []
        func visit(_ behavior: SceneBehavior, _ path: [Int]) {
            paths.append(path)
            for (index, child) in behavior.children.enumerated() { visit(child, path + [index]) }
        }
        for (index, behavior) in behaviors.enumerated() { visit(behavior, [index]) }
        return paths
    }

    /// The scene without the behavior at `path` and its subtree.
    static func removingBehavior(at path: [Int], from scene: Scene) -> Scene {
        var result = scene
        var removed: [SceneBehavior] = []
        result.behaviors = replacing(at: path, in: scene.behaviors) { removed = $0.preOrder; return [] }
        return droppingEvents(about: Set(removed.compactMap(\.id)), from: result)
    }

    /// The scene with the behavior at `path` replaced by its children (a leaf is just removed).
    static func dissolvingBehavior(at path: [Int], in scene: Scene) -> Scene {
        var result = scene
        var removedID: String?
        result.behaviors = replacing(at: path, in: scene.behaviors) { node in
            removedID = node.id
            return node.children
        }
        return droppingEvents(about: Set(removedID.map { [$0] } ?? []), from: result)
    }

    private static func replacing(at path: [Int], in list: [SceneBehavior], with change: (SceneBehavior) -> [SceneBehavior])
        -> [SceneBehavior] {
        guard let first = path.first, list.indices.contains(first) else { return list }
        var copy = list
        if path.count == 1 {
            copy.replaceSubrange(first...first, with: change(list[first]))
        } else {
            copy[first].children = replacing(at: Array(path.dropFirst()), in: list[first].children, with: change)
        }
        return copy
    }

    /// Drops events that name any of `ids` (as target or parent), and events adding them.
    static func droppingEvents(about ids: Set<String>, from scene: Scene) -> Scene {
        guard !ids.isEmpty else { return scene }
        var result = scene
        result.events = scene.events.filter { event in
            switch event.action {
            case .addBehavior(let behavior, let parent):
                parent.map { !ids.contains($0) } ?? true
                    && behavior.preOrder.allSatisfy { $0.id.map { !ids.contains($0) } ?? true }
            case .removeBehavior(let target), .moveAnchor(let target, _, _), .setPushActive(let target, _),
                 .setParameter(let target, _, _):
                !ids.contains(target)
            case .addVelocity: true
            }
        }
        return result
    }

    /// The scene without a group and its members.
    static func removingGroup(_ id: String, from scene: Scene) -> Scene {
        guard let group = scene.groups.first(where: { $0.id == id }) else { return scene }
        var result = scene
        result.groups.removeAll { $0.id == id }
        result = removingBody(id, from: result)
        for member in group.members { result = removingItem(member, from: result) }
        return result
    }

    /// The scene without an item and everything that names it.
    static func removingItem(_ id: String, from scene: Scene) -> Scene {
        var result = scene
        result.items.removeAll { $0.id == id }
        for index in result.groups.indices { result.groups[index].members.removeAll { $0 == id } }
        let emptied = result.groups.filter(\.members.isEmpty).map(\.id)
        result.groups.removeAll(where: \.members.isEmpty)
        result = removingBody(id, from: result)
        for group in emptied { result = removingBody(group, from: result) }
        return result
    }

    /// The scene with body `id` (an item or group) taken out of every behavior and event;
    /// behaviors left naming nobody are dissolved into their children.
    private static func removingBody(_ id: String, from scene: Scene) -> Scene {
        var dropped: Set<String> = []
        func edit(_ behavior: SceneBehavior) -> [SceneBehavior] {
            var copy = behavior
            copy.children = behavior.children.flatMap(edit)
            var keep = true
            switch behavior.kind {
            case .gravity(var spec): spec.items.removeAll { $0 == id }; keep = !spec.items.isEmpty; copy.kind = .gravity(spec)
            case .push(var spec):
                spec.items.removeAll { $0 == id }
                spec.offsets[id] = nil
                keep = !spec.items.isEmpty
                copy.kind = .push(spec)
            case .itemProperties(var spec):
                spec.items.removeAll { $0 == id }; keep = !spec.items.isEmpty; copy.kind = .itemProperties(spec)
            case .collision(var spec): spec.items.removeAll { $0 == id }; keep = !spec.items.isEmpty; copy.kind = .collision(spec)
            case .field(var spec): spec.items.removeAll { $0 == id }; keep = !spec.items.isEmpty; copy.kind = .field(spec)
            case .attachment(let spec): keep = !spec.itemIDs.contains(id)
            case .snap(let spec): keep = spec.item != id
            case .composite: break
            }
            if keep { return [copy] }
            if let behaviorID = behavior.id { dropped.insert(behaviorID) }
            return copy.children
        }
        var result = scene
        result.behaviors = scene.behaviors.flatMap(edit)
        result.events = scene.events.compactMap { event in
            var copy = event
            switch event.action {
            case .addVelocity(let item, _, _): return item == id ? nil : event
            case .addBehavior(let behavior, let parent):
                let edited = edit(behavior)
                guard edited.count == 1 else { return nil }
                copy.action = .addBehavior(edited[0], parent: parent)
                return copy
            default: return event
            }
        }
        return droppingEvents(about: dropped, from: result)
    }
}
