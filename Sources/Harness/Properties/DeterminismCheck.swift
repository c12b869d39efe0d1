/// Same scene, same bits: a second run, the same tree flattened or nested, and a behavior
/// removed and added back before the first frame must all give the base run's trace exactly.
enum DeterminismCheck {
    static func check(_ scene: Scene, _ trace: Trace, engine: any SimulationEngine) -> [Violation] {
        var found: [Violation] = []
        func compare(_ variant: Scene, _ invariant: Invariant, _ what: String) {
            do {
                let other = try engine.run(variant)
                if other.stateHash != trace.stateHash {
                    found.append(Violation(invariant, "\(what) gave a different trace (\(firstDifference(trace, other)))"))
                }
            } catch {
                found.append(Violation(invariant, "\(what) failed: \(error)"))
            }
        }
        compare(scene, .determinism, "a second run")
        if let variant = reshaped(scene) { compare(variant, .treeShape, variant.behaviors.count == 1 ? "the tree nested in one composite" : "the tree flattened") }
        if let variant = removedAndReadded(scene) { compare(variant, .removeAndReadd, "removing and re-adding the last top-level behavior at t = 0") }
        return found
    }

    /// The tree flattened into pre-order (when it has children) or nested under one composite
    /// (when flat). `nil` when an event depends on the tree's shape: a parent, or a target with
    /// children.
    static func reshaped(_ scene: Scene) -> Scene? {
        guard !scene.behaviors.isEmpty else { return nil }
        let parents = Set(scene.allBehaviors.compactMap { $0.behavior.children.isEmpty ? nil : $0.behavior.id })
        for event in scene.events {
            switch event.action {
            case .addBehavior(let behavior, let parent): if parent != nil || !behavior.children.isEmpty { return nil }
            case .removeBehavior(let target): if parents.contains(target) { return nil }
            default: break
            }
        }
        var variant = scene
        if scene.behaviors.contains(where: { !$0.children.isEmpty }) {
            variant.behaviors = scene.behaviors.flatMap(\.preOrder).compactMap { behavior in
                guard behavior.kind != .composite else { return nil }
                var leaf = behavior
                leaf.children = []
                return leaf
            }
        } else {
            variant.behaviors = [.composite(scene.behaviors, id: "nested-\(scene.behaviors.count)")]
            if scene.allBehaviors.contains(where: { $0.behavior.id == variant.behaviors[0].id }) { return nil }
        }
        return variant
    }

    /// The scene with two events first at t = 0: remove the last top-level behavior and add it
    /// back at the top level (so it stays last). `nil` when that behavior has no identifier or
    /// acts once on being added (an instantaneous push, an added velocity), since adding it
    /// again rightly acts again.
    static func removedAndReadded(_ scene: Scene) -> Scene? {
        guard let last = scene.behaviors.last, let id = last.id else { return nil }
        let actsOnAdding = last.preOrder.contains {
            switch $0.kind {
            case .push(let spec): spec.mode == .instantaneous
            case .itemProperties(let spec): spec.addedLinearVelocity != nil || spec.addedAngularVelocity != nil
            default: false
            }
        }
        guard !actsOnAdding else { return nil }
        var variant = scene
        variant.events = [SceneEvent(time: 0, .removeBehavior(id)), SceneEvent(time: 0, .addBehavior(last, parent: nil))] + scene.events
        return variant
    }

    /// Where two traces first differ, for the message.
    static func firstDifference(_ a: Trace, _ b: Trace) -> String {
        guard a.samples.count == b.samples.count else { return "\(a.samples.count) samples against \(b.samples.count)" }
        for (x, y) in zip(a.samples, b.samples) where x != y {
            for (index, (s, t)) in zip(x.states, y.states).enumerated() where s != t {
                return "first at t = \(ContainmentCheck.format(x.time)) s, item \(a.itemIDs[index]): center differs by \(ContainmentCheck.format((s.center - t.center).length)) pt"
            }
            return "first at t = \(ContainmentCheck.format(x.time)) s (running state)"
        }
        return "the same samples, different properties or contacts"
    }
}
