extension SceneValidator {
    /// Checks the events in time order (file order among equal times), against the behavior
    /// tree as the earlier events leave it.
    mutating func checkEvents() {
        var tree = SceneBehaviorTree(roots: scene.behaviors)
        if tree.fieldCount > Scene.maximumFieldCount {
            report("behaviors", .tooMany(maximum: Scene.maximumFieldCount, got: tree.fieldCount))
        }
        let end = scene.timing.duration
        for index in scene.events.timeOrder {
            let event = scene.events[index]
            let path = "events[\(index)]"
            if !event.time.isFinite {
                report("\(path).time", .nonFinite(event.time))
            } else if event.time < 0 {
                report("\(path).time", .negative(event.time))
            } else if end.isFinite, event.time > end {
                report("\(path).time", .eventAfterEnd(time: event.time, end: end))
            }
            check(event.action, path: path, tree: &tree)
        }
    }

    private mutating func check(_ action: SceneEvent.Action, path: String, tree: inout SceneBehaviorTree) {
        switch action {
        case .addBehavior(let behavior, let parent):
            checkTree(behavior, path: "\(path).behavior", registering: false)
            var added = Set<String>()
            for (subpath, node) in Self.labelled(behavior, "\(path).behavior") {
                guard let id = node.id, tree.behavior(withID: id) != nil || !added.insert(id).inserted else { continue }
                report("\(subpath).id", .duplicateIdentifier(id))
            }
            if !tree.add(behavior, parent: parent), let parent {
                report("\(path).parent", .unknownBehavior(parent))
            } else if tree.fieldCount > Scene.maximumFieldCount {
                report("\(path).behavior", .tooMany(maximum: Scene.maximumFieldCount, got: tree.fieldCount))
            }
        case .removeBehavior(let id):
            if tree.remove(id) == nil { report("\(path).target", .unknownBehavior(id)) }
        case .moveAnchor(let id, let point, let duration):
            place(point, "\(path).to")
            nonNegative(duration, "\(path).duration")
            guard let target = present(id, in: tree, path: path) else { return }
            switch target.kind {
            case .snap: break
            case .attachment(let spec) where spec.otherItem == nil: break
            default:
                report("\(path).target", .notApplicable("\"\(id)\" is a \(target.kindName) behavior; moveAnchor moves the anchor of an item–anchor attachment or the point of a snap"))
            }
        case .setPushActive(let id, _):
            guard let target = present(id, in: tree, path: path) else { return }
            if case .push = target.kind { return }
            report("\(path).target", .notApplicable("\"\(id)\" is a \(target.kindName) behavior, not a push"))
        case .setParameter(let id, let name, let value):
            guard let target = present(id, in: tree, path: path) else { return }
            let rules = SceneParameter.rules(for: target.kind)
            guard let rule = rules[name] else {
                let settable = rules.keys.sorted().joined(separator: ", ")
                return report("\(path).parameter", .notApplicable(
                    "\"\(name)\" cannot be set on a \(target.kindName) behavior (settable: \(settable.isEmpty ? "none" : settable))"))
            }
            if let problem = SceneParameter.problem(with: value, under: rule) {
                report("\(path).value", problem)
            } else {
                tree.update(id) { $0 = $0.setting(name, to: value) }
            }
        case .addVelocity(let item, let linear, let angular):
            if !scene.items.contains(where: { $0.id == item }) && !scene.groups.contains(where: { $0.id == item }) {
                report("\(path).item", .unknownItem(item))
            }
            finite(linear, "\(path).linear")
            finite(angular, "\(path).angular")
        }
    }

    /// A behavior and its descendants with their JSON paths, pre-order.
    private static func labelled(_ behavior: SceneBehavior, _ path: String) -> [(String, SceneBehavior)] {
        [(path, behavior)] + behavior.children.enumerated().flatMap { labelled($1, "\(path).children[\($0)]") }
    }

    /// The present behavior `id`, or `nil` after reporting that it is absent.
    private mutating func present(_ id: String, in tree: SceneBehaviorTree, path: String) -> SceneBehavior? {
        guard let behavior = tree.behavior(withID: id) else {
            report("\(path).target", .unknownBehavior(id))
            return nil
        }
        return behavior
    }
}

extension Array where Element == SceneEvent {
    /// The events' indices in time order, file order among equal times (non-finite times last).
    var timeOrder: [Int] {
        indices.sorted { a, b in
            let ta = self[a].time.isFinite ? self[a].time : .infinity, tb = self[b].time.isFinite ? self[b].time : .infinity
            return ta != tb ? ta < tb : a < b
        }
    }
}
