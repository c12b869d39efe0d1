import Testing
@testable import Harness

/// What a scene has at any time, events included: the checks decide from it which invariants
/// apply.
@Suite struct SceneTraitsTests {
    static let box = SceneItem(id: "a", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: 20, height: 20))

    static func scene(_ behaviors: [SceneBehavior], _ events: [SceneEvent]) -> Scene {
        var scene = Scene(name: "traits", referenceBounds: SceneRect(x: -200, y: -200, width: 400, height: 400), items: [box],
                          behaviors: behaviors, timing: SceneTiming(duration: 1))
        scene.events = events
        return scene
    }

    /// A collision of items alone has no walls until an event turns it onto the reference bounds.
    @Test func aCollisionTurnedOntoTheWallsByAnEventHasWalls() {
        let collision = SceneBehavior.collision(CollisionSpec(items: ["a"], mode: .items, referenceBoundsAreBoundary: true), id: "touch")
        #expect(!SceneTraits(Self.scene([collision], [])).hasWalls)
        let turned = SceneEvent(time: 0.2, .setParameter("touch", parameter: "mode", value: .word("everything")))
        #expect(SceneTraits(Self.scene([collision], [turned])).hasWalls)
    }

    /// A parameter set on a behavior that was removed and added again under the same identifier
    /// changes the one present then: here the second collision, which has the reference bounds
    /// as walls, where the first had none.
    @Test func aParameterChangesTheBehaviorPresentWhenItIsSet() {
        let first = SceneBehavior.collision(CollisionSpec(items: ["a"], mode: .items), id: "touch")
        let second = SceneBehavior.collision(CollisionSpec(items: ["a"], mode: .items, referenceBoundsAreBoundary: true), id: "touch")
        let events = [SceneEvent(time: 0.1, .removeBehavior("touch")),
                      SceneEvent(time: 0.2, .addBehavior(second, parent: nil)),
                      SceneEvent(time: 0.3, .setParameter("touch", parameter: "mode", value: .word("everything")))]
        #expect(SceneTraits(Self.scene([first], events)).hasWalls)
        // Set before the second is added, the parameter changes the first, which has no walls.
        let early = [SceneEvent(time: 0.05, .setParameter("touch", parameter: "mode", value: .word("everything")))] + events.dropLast()
        #expect(!SceneTraits(Self.scene([first], Array(early))).hasWalls)
    }
}
