/// Same scene, same bits: a second run, the same tree flattened or nested, and a behavior
/// removed and added back before the first frame must all give the base run's trace exactly.
///
/// The reshaped runs come first: one that gives the base run's bits is itself a second run that
/// agreed, so the plain second run is made only when no reshaped run could be or when one
/// differed (then it tells a nondeterministic engine from a tree rule broken, and a reshaped
/// run's difference counts against its own invariant only if the plain rerun agreed).
enum DeterminismCheck {
    /// A variant's run: its trace, or why it failed.
    private enum Outcome {
        case trace(Trace)
        case failed(String)
    }

    /// Checks the invariants of `wanted` (determinism, tree shape, remove-and-readd) that apply.
    static func check(_ scene: Scene, _ trace: Trace, engine: any SimulationEngine,
                      wanted: Set<Invariant> = [.determinism, .treeShape, .removeAndReadd]) -> [Violation] {
        func run(_ variant: Scene, _ what: String) -> Outcome {
            do { return .trace(try engine.run(variant)) } catch { return .failed("\(what) failed: \(error)") }
        }
        // A variant the engine cannot express (an engine without behavior events cannot remove and
        // re-add a behavior) is a relation it has no means to keep, not one it broke.
        func expressible(_ variant: Scene) -> Bool { engine.unsupportedFeature(in: variant) == nil }
        var variants: [(invariant: Invariant, what: String, outcome: Outcome)] = []
        if wanted.contains(.treeShape), let variant = reshaped(scene), expressible(variant) {
            let what = variant.behaviors.count == 1 ? "the tree nested in one composite" : "the tree flattened"
            variants.append((Invariant.treeShape, what, run(variant, what)))
        }
        if wanted.contains(.removeAndReadd), let variant = removedAndReadded(scene), expressible(variant) {
            let what = "removing and re-adding the last top-level behavior at t = 0"
            variants.append((Invariant.removeAndReadd, what, run(variant, what)))
        }
        func agrees(_ outcome: Outcome) -> Bool {
            if case .trace(let other) = outcome { return other.stateHash == trace.stateHash }
            return false
        }
        if !variants.isEmpty && variants.allSatisfy({ agrees($0.outcome) }) { return [] }
        var found: [Violation] = []
        switch run(scene, "a second run") {
        case .failed(let reason): found.append(Violation(.determinism, reason))
        case .trace(let other) where other.stateHash != trace.stateHash:
            found.append(Violation(.determinism, "a second run gave a different trace (\(firstDifference(trace, other)))"))
        case .trace:
            for variant in variants where !agrees(variant.outcome) {
                switch variant.outcome {
                case .trace(let other):
                    found.append(Violation(variant.invariant, "\(variant.what) gave a different trace (\(firstDifference(trace, other)))"))
                case .failed(let reason):
                    found.append(Violation(variant.invariant, reason))
                }
            }
        }
        return found
    }

    /// Whether `invariant` (determinism, tree shape or remove-and-readd) has a run to compare on
    /// `scene`: a second run always; a reshaped tree, or a behavior removed and re-added, only
    /// when the scene has such a variant and `engine` can express it.
    static func applies(_ invariant: Invariant, to scene: Scene, engine: any SimulationEngine) -> Bool {
        switch invariant {
        case .treeShape: reshaped(scene).map { engine.unsupportedFeature(in: $0) == nil } ?? false
        case .removeAndReadd: removedAndReadded(scene).map { engine.unsupportedFeature(in: $0) == nil } ?? false
        default: true
        }
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

    /// Where two traces first differ in what ``Trace/stateHash`` covers (times and states; not
    /// the sub-step states, which a run compared with the base run does not record), for the
    /// message.
    static func firstDifference(_ a: Trace, _ b: Trace) -> String {
        guard a.samples.count == b.samples.count else { return "\(a.samples.count) samples against \(b.samples.count)" }
        for (x, y) in zip(a.samples, b.samples) {
            guard x.time.bitPattern == y.time.bitPattern else { return "first at sample t = \(ContainmentCheck.format(x.time)) s: its time" }
            for (index, (s, t)) in zip(x.states, y.states).enumerated() where s != t || s.center.x.sign != t.center.x.sign {
                let what = s.center != t.center ? "center differs by \(ContainmentCheck.format((s.center - t.center).length)) pt"
                    : s.angle != t.angle ? "angle differs by \(ContainmentCheck.format(abs(s.angle - t.angle))) rad"
                    : "velocity differs by \(ContainmentCheck.format((s.velocity - t.velocity).length)) pt/s"
                return "first at t = \(ContainmentCheck.format(x.time)) s, item \(a.itemIDs[index]): \(what)"
            }
        }
        return "the same states, different bits (a signed zero)"
    }
}
