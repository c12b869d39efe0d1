import Dynamics
import Foundation
@testable import Harness
import Testing

@Suite struct SceneTests {
    static let sample = Scene(
        name: "sample", referenceBounds: Rect(x: 0, y: 0, width: 400, height: 300),
        items: [SceneItem(id: "a", center: Point(x: 10, y: 20), size: Size(width: 30, height: 40), angle: 0.1),
                SceneItem(id: "b", center: Point(x: 100, y: 20), size: Size(width: 10, height: 10))],
        behaviors: [
            .gravity(GravitySpec(items: ["a"])),
            .composite([.push(PushSpec(items: ["a", "b"], mode: .instantaneous, direction: Vector(dx: 1, dy: 0),
                                       offsets: ["b": Vector(dx: 0, dy: 2)])),
                        .itemProperties(ItemPropertiesSpec(items: ["b"], resistance: 0, addedLinearVelocity: Vector(dx: 0, dy: 5)))]),
        ],
        timing: SceneTiming(frameCount: 30))

    @Test func jsonRoundTripPreservesTheScene() throws {
        let data = try ResultsCoding.encode(Self.sample)
        let decoded = try ResultsCoding.decode(Scene.self, from: data)
        #expect(decoded == Self.sample)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"kind\" : \"composite\""))
        #expect(text.contains("\"schemaVersion\" : 1"))
    }

    @Test func unknownBehaviorKindIsADecodingError() {
        let json = #"{"kind": "teleport", "items": []}"#
        #expect(throws: DecodingError.self) { try ResultsCoding.decode(SceneBehavior.self, from: Data(json.utf8)) }
    }

    /// Each mutation breaks one field; the error must name exactly that field.
    static let mutations: [(field: String, mutate: @Sendable (inout Scene) -> Void)] = [
        ("items[1].size.width", { $0.items[1].size.width = 0 }),
        ("items[0].center.x", { $0.items[0].center.x = .nan }),
        ("items[1].id", { $0.items[1].id = "a" }),
        ("behaviors[0].items[0]", { $0.behaviors[0] = .gravity(GravitySpec(items: ["zzz"])) }),
        ("behaviors[1].children[1].resistance", {
            $0.behaviors[1] = .composite([.gravity(GravitySpec(items: [])), .itemProperties(ItemPropertiesSpec(items: ["a"], resistance: -1))])
        }),
        ("timing.substep", { $0.timing.substep = -1 }),
        ("timing.frameCount", { $0.timing.frameCount = -5 }),
        ("schemaVersion", { $0.schemaVersion = 99 }),
        ("referenceBounds.size.height", { $0.referenceBounds?.size.height = .infinity }),
    ]

    @Test func validationNamesTheBadField() {
        for (field, mutate) in Self.mutations {
            var scene = Self.sample
            mutate(&scene)
            do {
                try scene.validate()
                Issue.record("\(field): accepted")
            } catch {
                #expect(error.field == field)
            }
            #expect(throws: SceneError.self) { try DynamicsEngine().run(scene) }
        }
    }

    @Test func theSampleSceneIsValid() throws {
        try Self.sample.validate()
    }
}
