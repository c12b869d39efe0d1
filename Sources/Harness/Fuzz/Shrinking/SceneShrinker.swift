import Foundation

/// Shrinks a failing scene to a small one that fails the same way: greedily takes the first
/// simpler candidate that still fails, until none does or the budget is spent. Candidates, most
/// shrunk first: a shorter run, fewer events, fewer behaviors (subtrees dropped, composites
/// dissolved), fewer items, then simpler numbers (rounded, then one at a time toward zero and
/// round powers of ten). The caller's test decides what "still fails" means: the fuzzer asks
/// for the same failure signature, so that a failure cannot drift into another.
public struct SceneShrinker: Sendable {
    /// The most candidate scenes to try.
    public var budget: Int

    /// Creates a shrinker trying at most `budget` candidates.
    public init(budget: Int = 400) {
        self.budget = budget
    }

    /// The smallest failing scene found from `scene`, and how many candidates were tried.
    /// `stillFails` must be deterministic; an invalid candidate must return false. Only
    /// candidates smaller by ``size(of:)`` are taken, so shrinking always ends.
    public func shrink(_ scene: Scene, stillFails: (Scene) -> Bool) -> (scene: Scene, tries: Int) {
        var current = scene, tries = 0
        var improved = true
        while improved && tries < budget {
            improved = false
            let size = Self.size(of: current)
            for candidate in Self.candidates(current) where tries < budget && Self.size(of: candidate).lexicographicallyPrecedes(size) {
                tries += 1
                if stillFails(candidate) {
                    current = candidate
                    improved = true
                    break
                }
            }
        }
        return (current, tries)
    }

    /// The measure shrinking decreases, compared in order: items, behaviors, events, the
    /// duration (ms), how complicated its numbers are (``SceneEdits/numberComplexity(_:)``), the
    /// length of the file (bytes).
    public static func size(of scene: Scene) -> [Int] {
        [scene.items.count, scene.allBehaviors.count, scene.events.count, Int(min(scene.timing.duration * 1000, 1e15)),
         SceneEdits.numberComplexity(scene), (try? scene.jsonData().count) ?? Int.max]
    }

    /// The simpler neighbours of `scene`, most shrunk first. Never contains `scene` itself.
    public static func candidates(_ scene: Scene) -> [Scene] {
        var result: [Scene] = []
        func add(_ candidate: Scene) { if candidate != scene && !result.contains(candidate) { result.append(candidate) } }
        if scene.timing.duration > 2 * scene.timing.frameDuration {
            var shorter = scene
            shorter.timing.duration = (scene.timing.duration / 2 / scene.timing.frameDuration).rounded(.up) * scene.timing.frameDuration
            shorter.events = scene.events.filter { $0.time <= shorter.timing.duration }
            add(shorter)
        }
        if !scene.events.isEmpty {
            var none = scene
            none.events = []
            add(none)
            for index in scene.events.indices {
                var fewer = scene
                fewer.events.remove(at: index)
                add(fewer)
            }
        }
        for path in SceneEdits.behaviorPaths(scene.behaviors) {
            add(SceneEdits.removingBehavior(at: path, from: scene))
            add(SceneEdits.dissolvingBehavior(at: path, in: scene))
        }
        for group in scene.groups { add(SceneEdits.removingGroup(group.id, from: scene)) }
        for item in scene.items.reversed() { add(SceneEdits.removingItem(item.id, from: scene)) }
        for candidate in SceneEdits.simplifications(of: scene) { add(candidate) }
        for candidate in SceneEdits.numberSimplifications(of: scene) { add(candidate) }
        return result
    }
}
