import DynamicsAdapter
import Foundation
@testable import Harness
import Testing

@Suite struct SceneCodingTests {
    static func decode(_ json: String) throws(SceneError) -> Scene { try Scene.decode(from: Data(json.utf8)) }

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(name))
    }

    /// Wraps one behavior in a minimal version-2 scene with items a and b.
    static func scene(behavior: String, events: String = "[]") -> String {
        """
        {"schemaVersion": 2, "items": [{"id": "a", "center": {"x": 0, "y": 0}, "size": {"width": 10, "height": 10}},
                                       {"id": "b", "center": {"x": 50, "y": 0}, "size": {"width": 10, "height": 10}}],
         "behaviors": [\(behavior)], "events": \(events)}
        """
    }

    @Test func theEveryKindSceneIsValid() {
        #expect(SceneSamples.everyKind.problems() == [])
    }

    @Test func everyBehaviorKindRoundTrips() throws {
        let whole = SceneSamples.everyKind
        #expect(try Scene.decode(from: whole.jsonData()) == whole)
        // And each behavior on its own, so a failure names the kind.
        for (path, behavior) in whole.allBehaviors {
            var single = whole
            single.behaviors = [SceneBehavior(id: behavior.id, behavior.kind)]
            single.events = []
            #expect(try Scene.decode(from: single.jsonData()).behaviors == single.behaviors, "\(path) (\(behavior.kindName))")
        }
    }

    @Test func everyEventActionRoundTrips() throws {
        for event in SceneSamples.everyKind.events {
            var scene = SceneSamples.everyKind
            scene.events = [event]
            #expect(try Scene.decode(from: scene.jsonData()).events == [event])
        }
    }

    @Test func everyRegionShapeRoundTrips() throws {
        let regions: [SceneRegion] = [
            .infinite, .circle(radius: 3), .rectangle(size: SceneSize(width: 1, height: 2)), .inverse(.circle(radius: 1)),
            .union([.infinite, .circle(radius: 2), .circle(radius: 3)]), .intersection([.infinite, .infinite]),
            .difference(.circle(radius: 5), .inverse(.rectangle(size: SceneSize(width: 1, height: 1)))),
        ]
        for region in regions {
            let data = try JSONEncoder().encode(region)
            #expect(try JSONDecoder().decode(SceneRegion.self, from: data) == region)
        }
    }

    @Test func bothDirectionFormsRoundTrip() throws {
        for direction in [SceneDirection.vector(SceneVector(dx: 0.3, dy: -2)), .polar(angle: 1, magnitude: -2)] {
            var scene = SceneSamples.small
            scene.behaviors = [.gravity(GravitySpec(items: ["a"])), .push(PushSpec(items: ["a"], mode: .continuous, direction: direction))]
            if case .gravity(var spec) = scene.behaviors[0].kind { spec.direction = direction; scene.behaviors[0].kind = .gravity(spec) }
            #expect(try Scene.decode(from: scene.jsonData()) == scene)
        }
    }

    /// The version-1 file was written by the encoder of the version before this one.
    @Test func aVersion1FileStillDecodes() throws {
        let scene = try Scene.decode(from: Self.fixture("scene-v1.json"))
        let expected = Scene(
            name: "version-1 fixture", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 300),
            items: [SceneItem(id: "a", center: ScenePoint(x: 100, y: 50), size: SceneSize(width: 30, height: 40), angle: 0.1),
                    SceneItem(id: "b", center: ScenePoint(x: 200, y: 60), size: SceneSize(width: 20, height: 20), shape: .ellipse),
                    SceneItem(id: "c", center: ScenePoint(x: 300, y: 80), size: SceneSize(width: 20, height: 20), shape: .path,
                              path: [ScenePoint(x: -10, y: -10), ScenePoint(x: 10, y: -10), ScenePoint(x: 0, y: 10)])],
            behaviors: [
                .gravity(GravitySpec(items: ["a", "b", "c"], direction: SceneVector(dx: 0.1, dy: 1))),
                .composite([
                    .push(PushSpec(items: ["a", "b"], mode: .continuous, direction: SceneVector(dx: 1, dy: 0),
                                   offsets: ["b": SceneVector(dx: 0, dy: 2)])),
                    .push(PushSpec(items: ["c"], mode: .instantaneous, direction: SceneVector(dx: -0.5, dy: 0))),
                    .composite([.itemProperties(ItemPropertiesSpec(
                        items: ["b"], elasticity: 0.5, friction: 0.3, density: 2, resistance: 0, angularResistance: 0.2,
                        allowsRotation: false, anchored: false, charge: 1, addedLinearVelocity: SceneVector(dx: 0, dy: 5),
                        addedAngularVelocity: 0.5))]),
                ]),
                .collision(CollisionSpec(items: ["a", "b", "c"], referenceBoundsAreBoundary: true,
                                         boundaries: [SceneBoundary(identifier: "shelf", from: ScenePoint(x: 50, y: 200),
                                                                    to: ScenePoint(x: 250, y: 220))])),
                .attachment(AttachmentSpec(item: "a", offset: SceneVector(dx: 5, dy: 0), anchor: ScenePoint(x: 100, y: 0),
                                           frequency: 2, damping: 0.3)),
                .attachment(AttachmentSpec(item: "b", otherItem: "c", otherOffset: SceneVector(dx: 0, dy: 1), length: 90,
                                           attachmentKind: .limit)),
            ],
            timing: SceneTiming(substep: 1.0 / 240, frameDuration: 1.0 / 60, frameCount: 90, pausesAtRest: false),
            recording: SceneRecording(everyFrames: 3))
        #expect(scene == expected)
        #expect(scene.timing.frameCount == 90)
        #expect(scene.problems() == [])
        // Re-encoded, it is a version-2 file with a duration instead of a frame count.
        let text = String(decoding: try scene.jsonData(), as: UTF8.self)
        #expect(text.contains("\"schemaVersion\" : 2") && text.contains("\"duration\" : 1.5") && !text.contains("frameCount"))
    }

    @Test func aVersion2FileMayNotUseTheVersion1FrameCount() {
        let json = #"{"schemaVersion": 2, "timing": {"frameCount": 10}}"#
        #expect(throws: SceneError(path: "timing.frameCount", problem: .unknownKey(allowed: ["duration", "frameDuration", "pausesAtRest", "substep"]))) {
            try Self.decode(json)
        }
    }

    @Test func anUnreadableVersionIsRefused() {
        #expect(throws: SceneError(path: "schemaVersion", problem: .unsupportedVersion(3, supported: 1...2))) {
            try Self.decode(#"{"schemaVersion": 3}"#)
        }
        #expect(throws: SceneError(path: "schemaVersion", problem: .missingKey)) { try Self.decode("{}") }
    }

    @Test func malformedJSONIsATypedErrorWithItsPlace() {
        do {
            _ = try Self.decode(#"{"schemaVersion": 2, "items": [}"#)
            Issue.record("accepted")
        } catch {
            guard case .malformedJSON(let syntax) = error.problem else { Issue.record("\(error)"); return }
            #expect(error.path == "items[0]" && error.location == JSONLocation(line: 1, column: 32))
            #expect(syntax.problem == .unexpected(found: "'}'", expected: "a value"))
        }
    }

    /// `JSONDecoder` reads a trailing comma and a key given twice without a word; a scene file
    /// holding either is refused, naming it.
    @Test func aStrayCommaOrARepeatedKeyIsMalformed() {
        for (json, problem) in [(#"{"schemaVersion": 2, "items": [],}"#, JSONSyntaxError.Problem.trailingComma(before: "}")),
                                (#"{"schemaVersion": 2, "name": "a", "name": "b"}"#, .duplicateKey("name"))] {
            #expect {
                try Self.decode(json)
            } throws: { error in
                guard case .malformedJSON(let syntax) = (error as? SceneError)?.problem else { return false }
                return syntax.problem == problem
            }
        }
    }

    /// (JSON, the path of the error, its problem): each decoding rule with the exact path.
    static let decodingRules: [(String, String, SceneError.Problem)] = [
        (scene(behavior: #"{"kind": "teleport", "items": ["a"]}"#), "behaviors[0].kind",
         .unknownValue("teleport", allowed: ["gravity", "push", "itemProperties", "collision", "attachment", "snap", "field", "composite"])),
        (scene(behavior: #"{"kind": "gravity", "items": ["a"], "strenght": 2}"#), "behaviors[0].strenght",
         .unknownKey(allowed: ["angle", "children", "direction", "id", "items", "kind", "magnitude"])),
        (scene(behavior: #"{"kind": "composite", "children": [{"kind": "snap", "item": "a", "point": {"x": 1, "y": 2, "z": 3}}]}"#),
         "behaviors[0].children[0].point.z", .unknownKey(allowed: ["x", "y"])),
        (scene(behavior: #"{"kind": "push", "items": ["a"]}"#), "behaviors[0].mode", .missingKey),
        (scene(behavior: #"{"kind": "push", "items": ["a"], "mode": "sideways"}"#), "behaviors[0].mode",
         .unknownValue("sideways", allowed: ["continuous", "instantaneous"])),
        (scene(behavior: #"{"kind": "attachment", "item": "a", "frequency": "fast", "anchor": {"x": 0, "y": 0}}"#),
         "behaviors[0].frequency", .wrongType(expected: "a number")),
        (scene(behavior: #"{"kind": "field", "fieldKind": "custom", "items": ["a"]}"#), "behaviors[0].fieldKind",
         .notApplicable("a custom field is a closure (code) and cannot be written in a scene file")),
        (scene(behavior: #"{"kind": "gravity", "items": ["a"], "direction": {"dx": 0, "dy": 1}, "angle": 1}"#),
         "behaviors[0].direction", .notApplicable("give either direction or angle and magnitude, not both")),
        (scene(behavior: #"{"kind": "gravity", "items": ["a"], "angle": 1}"#), "behaviors[0].magnitude", .missingKey),
        (scene(behavior: #"{"kind": "field", "fieldKind": "spring", "items": ["a"], "region": {"shape": "circle", "size": {"width": 1, "height": 1}}}"#),
         "behaviors[0].region.size", .unknownKey(allowed: ["radius", "shape"])),
        (scene(behavior: #"{"kind": "field", "fieldKind": "spring", "items": ["a"], "region": {"shape": "union", "regions": [{"shape": "infinite"}]}}"#),
         "behaviors[0].region.regions", .tooFew(minimum: 2, got: 1)),
        (scene(behavior: #"{"kind": "collision", "items": ["a"], "boundaries": [{"identifier": "x", "from": {"x": 0, "y": 0}, "points": []}]}"#),
         "behaviors[0].boundaries[0].from", .notApplicable("give either from and to, or points")),
        (scene(behavior: #"{"kind": "gravity", "items": ["a"]}"#, events: #"[{"time": 1, "action": "explode"}]"#),
         "events[0].action", .unknownValue("explode", allowed: ["addBehavior", "removeBehavior", "moveAnchor", "setPushActive", "setParameter", "addVelocity"])),
        (scene(behavior: #"{"kind": "gravity", "items": ["a"]}"#, events: #"[{"time": 1, "action": "removeBehavior", "target": "g", "to": {"x": 0, "y": 0}}]"#),
         "events[0].to", .unknownKey(allowed: ["action", "target", "time"])),
        (#"{"schemaVersion": 2, "items": [{"id": "a", "center": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}, "mass": 3}]}"#,
         "items[0].mass", .unknownKey(allowed: ["angle", "angularVelocity", "center", "id", "path", "shape", "size", "velocity"])),
        (#"{"schemaVersion": 2, "items": [{"id": "a", "center": {"x": 0, "y": 0}, "size": {"width": 1, "height": 1}, "shape": "star"}]}"#,
         "items[0].shape", .unknownValue("star", allowed: ["rectangle", "ellipse", "path"])),
        (#"{"schemaVersion": 2, "items": {"id": "a"}}"#, "items", .wrongType(expected: "an array")),
        (#"{"schemaVersion": 2, "colour": "red"}"#, "colour",
         .unknownKey(allowed: ["behaviors", "events", "groups", "items", "name", "recording", "referenceBounds", "schemaVersion", "timing"])),
    ]

    @Test(arguments: decodingRules.indices)
    func decodingNamesThePathAndTheReason(_ index: Int) {
        let (json, path, problem) = Self.decodingRules[index]
        #expect(throws: SceneError(path: path, problem: problem)) { try Self.decode(json) }
    }

    @Test func theMessageReadsAsThePathThenTheReason() {
        let error = SceneError(path: "behaviors[2].children[0].frequency", problem: .negative(-1))
        #expect(error.description == "behaviors[2].children[0].frequency: must be ≥ 0, got -1")
    }

    @Test func aNonFiniteNumberCannotBeWrittenAndNamesItsPath() {
        var scene = SceneSamples.small
        scene.items[1].center.y = .infinity
        #expect(throws: SceneError(path: "items[1].center.y", problem: .nonFinite(.infinity))) { try scene.jsonData() }
    }

    @Test func hugeNumbersInAFileAreRefusedWithAPath() {
        let json = #"{"schemaVersion": 2, "items": [{"id": "a", "center": {"x": 1e999, "y": 0}, "size": {"width": 1, "height": 1}}]}"#
        #expect(throws: SceneError(path: "items[0].center.x", problem: .malformedJSON(JSONSyntaxError(
            location: JSONLocation(line: 1, column: 60), path: "items[0].center.x", problem: .numberOutOfRange("1e999"))))) {
            try Self.decode(json)
        }
    }
}
