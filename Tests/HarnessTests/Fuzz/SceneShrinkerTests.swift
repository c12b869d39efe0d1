import DynamicsAdapter
import Foundation
import Harness
import Testing

/// The shrinker reduces a failing scene to its known minimal core.
@Suite struct SceneShrinkerTests {
    /// A cluttered scene whose "failure" is known exactly: a collision behavior naming `culprit`
    /// while `culprit` moves faster than 1000 pt/s.
    static func cluttered() -> Scene {
        var items = (1...6).map { SceneItem(id: "i\($0)", center: ScenePoint(x: Double($0) * 50, y: 100), size: SceneSize(width: 17.31, height: 23.7),
                                          angle: 0.37, shape: .ellipse, velocity: SceneVector(dx: $0 < 5 ? 12.345 : 0, dy: $0 < 5 ? -6.789 : 0)) }
        items.append(SceneItem(id: "culprit", center: ScenePoint(x: 200, y: 300), size: SceneSize(width: 31.7, height: 12.9),
                               velocity: SceneVector(dx: 2345.678, dy: 0)))
        let ids = items.map(\.id)
        return Scene(
            name: "cluttered", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: items,
            groups: [SceneGroup(id: "g", members: ["i5", "i6"])],
            behaviors: [
                .gravity(GravitySpec(items: ["i1", "i2", "g"], angle: 1.2345, magnitude: 2.3456), id: "gravity"),
                .composite([.collision(CollisionSpec(items: Array(ids.prefix(4)) + ["g", "culprit"], referenceBoundsAreBoundary: true), id: "walls"),
                            .push(PushSpec(items: ["i3"], mode: .continuous, direction: SceneVector(dx: 0.3, dy: 0.1)), id: "push")], id: "box"),
                .itemProperties(ItemPropertiesSpec(items: ["i1", "culprit"], elasticity: 0.777, density: 3.21), id: "stuff"),
            ],
            events: [SceneEvent(time: 0.3, .setPushActive("push", active: false)), SceneEvent(time: 0.5, .removeBehavior("gravity")),
                     SceneEvent(time: 0.7, .addVelocity(item: "i2", linear: SceneVector(dx: 1, dy: 2), angular: 0.5))],
            timing: SceneTiming(duration: 1.9))
    }

    static func fails(_ scene: Scene) -> Bool {
        guard scene.problems().isEmpty, let culprit = scene.items.first(where: { $0.id == "culprit" }), culprit.velocity.dx > 1000 else { return false }
        return scene.allBehaviors.contains { if case .collision(let spec) = $0.behavior.kind { spec.items.contains("culprit") } else { false } }
    }

    @Test func reducesACraftedSceneToItsCore() throws {
        let scene = Self.cluttered()
        #expect(Self.fails(scene))
        let (minimal, tries) = SceneShrinker(budget: 2000).shrink(scene, stillFails: Self.fails)
        #expect(Self.fails(minimal))
        #expect(minimal.items.map(\.id) == ["culprit"], "\(minimal.items.map(\.id))")
        #expect(minimal.groups.isEmpty && minimal.events.isEmpty)
        #expect(minimal.allBehaviors.count == 1)
        #expect(minimal.timing.duration <= 2 * minimal.timing.frameDuration)
        #expect(minimal.items[0].velocity.dx == 2000, "numbers simplified: \(minimal.items[0].velocity)")
        #expect(tries < 2000)
    }

    @Test func candidatesAreValidOrRejectedAndNeverTheSceneItself() {
        let scene = Self.cluttered()
        let candidates = SceneShrinker.candidates(scene)
        #expect(!candidates.contains(scene))
        #expect(candidates.filter { $0.problems().isEmpty }.count * 10 >= candidates.count * 9,
                "edits keep scenes consistent: \(candidates.filter { !$0.problems().isEmpty }.map { $0.problems()[0].description })")
    }
}
