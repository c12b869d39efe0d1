import DynamicsAdapter
import Foundation
import Harness
import PropertyBased
import Synchronization
import Testing

/// The scene generator: valid scenes, reproducible from their seed, round-tripping through the
/// file format, and covering everything the format expresses.
@Suite struct SceneGeneratorTests {
    /// Random scenes through swift-property-based, shrinking with the harness's own shrinker. The
    /// shrinking is bounded (200 steps per process): a scene of a hundred items offers hundreds of
    /// candidates per step, and unbounded shrinking of a failure once kept a run busy for minutes;
    /// a bounded one still reports the failing seed and a smaller scene.
    static let scenes = Generator<Scene, [Scene]>(
        run: { rng in
            var source = SeededGenerator(seed: rng.next())
            return SceneGenerator().scene(using: &source)
        },
        shrink: { scene in
            shrinkSteps.add(1, ordering: .relaxed).newValue > 200 ? [] : SceneShrinker.candidates(scene)
        })
    static let shrinkSteps = Atomic<Int>(0)

    @Test func generatedScenesAreValidAndRoundTripThroughTheirFiles() async {
        await propertyCheck(count: 200, input: Self.scenes) { scene in
            #expect(scene.problems().isEmpty, "\(scene.problems().prefix(3))")
            let decoded = try Scene.decode(from: try scene.jsonData())
            #expect(decoded == scene)
        }
    }

    /// Nesting a behavior under one that an event removes left later events naming the removed
    /// child: about 1 scene in 1600, and a flaky property test. The six seeds that showed it come
    /// first; then the first 2000 seeds of the same scheme, deterministically.
    @Test func eventsNeverNameABehaviorRemovedWithItsParent() {
        let seeds: [UInt64] = [1424, 5172, 5967, 8179, 8297, 9554] + Array(0..<2000)
        for seed in seeds {
            var source = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15)
            let scene = SceneGenerator().scene(using: &source)
            #expect(scene.problems().isEmpty, "seed \(seed): \(scene.problems().prefix(2))")
        }
    }

    /// The fuzzer gives no item a speed or turn rate past the engine's caps, which a scene may
    /// not ask for (``Scene/problems(within:)``): such a scene would be an invalid one, counted
    /// as a failure of the run. The extreme inputs it still tries are forces of up to 1e300.
    @Test func generatedScenesGiveNoSpeedPastTheEnginesCaps() {
        let engine = DynamicsEngine()
        for index in 0..<3000 {
            let scene = SceneGenerator().scene(run: 11, index: index)
            let problems = scene.problems(within: engine.limits(for: scene))
            #expect(problems.isEmpty, "scene \(index): \(problems.prefix(2))")
        }
    }

    @Test func aSeedAndIndexGiveTheSameSceneEveryTime() throws {
        for index in 0..<50 {
            let a = SceneGenerator().scene(run: 42, index: index), b = SceneGenerator().scene(run: 42, index: index)
            #expect(try a.jsonData() == b.jsonData())
        }
        #expect(SceneGenerator().scene(run: 42, index: 0) != SceneGenerator().scene(run: 43, index: 0))
    }

    /// Over a thousand scenes every profile, behavior kind, field kind, attachment kind, event
    /// action and awkward corner of the format turns up.
    @Test func coversTheWholeFormat() {
        var seen = Set<String>()
        for index in 0..<1000 {
            let scene = SceneGenerator().scene(run: 7, index: index)
            seen.insert("profile " + (scene.name.split(separator: "-").last.map(String.init) ?? ""))
            if !scene.groups.isEmpty { seen.insert("group") }
            if scene.behaviors.contains(where: { !$0.children.isEmpty }) { seen.insert("nested") }
            for item in scene.items {
                seen.insert("shape \(item.shape.rawValue)")
                if min(item.size.width, item.size.height) <= 1.5 { seen.insert("tiny item") }
                if max(item.size.width, item.size.height) >= 150 { seen.insert("huge item") }
                if item.velocity.length >= 3000 { seen.insert("fast item") }
                if item.velocity.length > 5000 { seen.insert("past 5000 pt/s") }
                if min(item.size.width, item.size.height) <= 0.05 * max(item.size.width, item.size.height) { seen.insert("stick of 1:20 or thinner") }
                if (item.path?.count ?? 0) >= 500 { seen.insert("many-vertex path") }
            }
            for (_, behavior) in scene.allBehaviors {
                seen.insert("kind \(behavior.kindName)")
                switch behavior.kind {
                case .field(let spec): seen.insert("field \(spec.fieldKind.rawValue)")
                case .attachment(let spec):
                    seen.insert("attachment \(spec.attachmentKind.rawValue)")
                    if spec.frequency >= 50 { seen.insert("stiff spring") }
                    if spec.range != nil { seen.insert("range \(spec.attachmentKind.rawValue)") }
                case .itemProperties(let spec):
                    if let density = spec.density, density >= 1000 { seen.insert("mass ratio") }
                case .gravity(let spec): if spec.direction.vector.length >= 1e12 { seen.insert("extreme value") }
                default: break
                }
            }
            for event in scene.events { seen.insert("event \(String(describing: event.action).prefix(while: { $0 != "(" }))") }
            if abs(scene.timing.substep - 1.0 / 480) < 1e-12 { seen.insert("sub-step 1/480") }
            if abs(scene.timing.substep - 1.0 / 30) < 1e-12 { seen.insert("sub-step 1/30") }
            var fieldsOn: [String: Int] = [:]
            for (_, behavior) in scene.allBehaviors {
                if case .field(let spec) = behavior.kind { for id in spec.items { fieldsOn[id, default: 0] += 1 } }
                if case .itemProperties(let spec) = behavior.kind, let density = spec.density, density <= 0.02 { seen.insert("density near 0.01") }
            }
            if fieldsOn.values.contains(where: { $0 >= 3 }) { seen.insert("three fields on one item") }
            if scene.items.count >= 25 { seen.insert("25 items or more") }
            if OperatingEnvelope.standard.excursions(of: scene, trace: nil, before: nil).isEmpty { seen.insert("inside the envelope") }
        }
        let expected = SceneProfile.allCases.map { "profile \($0.rawValue)" }
            + ["gravity", "push", "itemProperties", "collision", "attachment", "snap", "field", "composite"].map { "kind \($0)" }
            + ["linearGravity", "radialGravity", "spring", "electric", "magnetic", "drag", "velocity", "vortex", "noise", "turbulence"].map { "field \($0)" }
            + ["distance", "limit", "fixed", "pin", "sliding"].map { "attachment \($0)" }
            + ["addBehavior", "removeBehavior", "moveAnchor", "setPushActive", "setParameter", "addVelocity"].map { "event \($0)" }
            + ["group", "nested", "shape rectangle", "shape ellipse", "shape path", "tiny item", "huge item", "fast item",
               "many-vertex path", "stiff spring", "range pin", "range sliding", "mass ratio", "extreme value",
               "past 5000 pt/s", "stick of 1:20 or thinner", "sub-step 1/480", "sub-step 1/30", "density near 0.01",
               "three fields on one item", "25 items or more", "inside the envelope"]
        #expect(Set(expected).subtracting(seen).isEmpty, "never generated: \(Set(expected).subtracting(seen).sorted())")
    }
}
