import Foundation
@testable import Harness
import Testing

/// One case per validation rule: a mutation of the every-kind scene, and the exact error it must
/// produce (path and problem).
@Suite struct SceneValidationTests {
    typealias Mutation = @Sendable (inout Scene) -> Void

    /// Changes the spec of the behavior at top-level `index` (or a child path) through `change`.
    static func attachment(_ index: Int, _ change: @escaping @Sendable (inout AttachmentSpec) -> Void) -> Mutation {
        { scene in
            guard case .attachment(var spec) = scene.behaviors[index].kind else { return }
            change(&spec)
            scene.behaviors[index].kind = .attachment(spec)
        }
    }

    static func collision(_ change: @escaping @Sendable (inout CollisionSpec) -> Void) -> Mutation {
        { scene in
            guard case .collision(var spec) = scene.behaviors[2].kind else { return }
            change(&spec)
            scene.behaviors[2].kind = .collision(spec)
        }
    }

    static func field(_ change: @escaping @Sendable (inout FieldSpec) -> Void) -> Mutation {
        { scene in
            guard case .field(var spec) = scene.behaviors[9].kind else { return }
            change(&spec)
            scene.behaviors[9].kind = .field(spec)
        }
    }

    static let star = [(0.0, -10.0), (6, 8), (-9.5, -3), (9.5, -3), (-6, 8)].map { ScenePoint(x: $0.0, y: $0.1) }

    static let rules: [(String, String, SceneError.Problem, Mutation)] = [
        // Scene-level values.
        ("zero reference width", "referenceBounds.size.width", .notPositive(0), { $0.referenceBounds?.size.width = 0 }),
        ("non-finite reference origin", "referenceBounds.origin.y", .nonFinite(.infinity), { $0.referenceBounds?.origin.y = .infinity }),
        // Items.
        ("empty item id", "items[6].id", .emptyIdentifier, { $0.items[6].id = "" }),
        ("duplicate item id", "items[6].id", .duplicateIdentifier("box"), { $0.items[6].id = "box" }),
        ("non-finite center", "items[0].center.x", .nonFinite(.infinity), { $0.items[0].center.x = .infinity }),
        ("center beyond the largest coordinate", "items[0].center.x", .outOfRange(-2e9, lower: -1e9, upper: 1e9),
         { $0.items[0].center.x = -2e9 }),
        ("width beyond the largest coordinate", "items[0].size.width", .tooLarge(1e300, limit: 1e9), { $0.items[0].size.width = 1e300 }),
        ("zero width", "items[2].size.width", .notPositive(0), { $0.items[2].size.width = 0 }),
        ("negative height", "items[0].size.height", .notPositive(-3), { $0.items[0].size.height = -3 }),
        ("non-finite angle", "items[0].angle", .nonFinite(-.infinity), { $0.items[0].angle = -.infinity }),
        ("non-finite velocity", "items[0].velocity.dy", .nonFinite(-.infinity), { $0.items[0].velocity.dy = -.infinity }),
        ("path shape without a path", "items[2].path", .missingKey, { $0.items[2].path = nil }),
        ("path on a rectangle", "items[0].path", .notApplicable("is used only with shape \"path\""),
         { $0.items[0].path = [ScenePoint(x: 0, y: 0)] }),
        ("concave path", "items[2].path", .concavePath(vertex: 2), {
            $0.items[2].path = [ScenePoint(x: -10, y: -10), ScenePoint(x: 10, y: -10), ScenePoint(x: 0, y: -5), ScenePoint(x: 0, y: 10)]
        }),
        ("self-intersecting path (a star)", "items[2].path", .selfIntersectingPath, { $0.items[2].path = star }),
        ("degenerate path", "items[2].path", .degeneratePath, {
            $0.items[2].path = [ScenePoint(x: -10, y: 0), ScenePoint(x: 0, y: 0), ScenePoint(x: 10, y: 0)]
        }),
        ("path with two points", "items[2].path", .tooFew(minimum: 3, got: 2), {
            $0.items[2].path = [ScenePoint(x: -10, y: 0), ScenePoint(x: 10, y: 0)]
        }),
        // Groups.
        ("group with an unknown member", "groups[0].members[1]", .unknownItem("nobody"), { $0.groups[0].members[1] = "nobody" }),
        ("item in two groups", "groups[1].members[0]", .itemInTwoGroups(item: "left", firstGroup: "pair"), {
            $0.groups.append(SceneGroup(id: "again", members: ["left"]))
        }),
        ("empty group", "groups[1].members", .tooFew(minimum: 1, got: 0), { $0.groups.append(SceneGroup(id: "none", members: [])) }),
        ("group id used by an item", "groups[1].id", .duplicateIdentifier("box"), { $0.groups.append(SceneGroup(id: "box", members: ["spare"])) }),
        ("velocity on a group member", "items[3].velocity", .notApplicable(
            "a member of group \"pair\" moves with the group; give the group velocity with an addVelocity event"),
         { $0.items[3].velocity = SceneVector(dx: 1, dy: 0) }),
        // References and identifiers.
        ("dangling item reference", "behaviors[0].items[1]", .unknownItem("ghost"), {
            $0.behaviors[0].kind = .gravity(GravitySpec(items: ["box", "ghost"]))
        }),
        ("group member named on its own", "behaviors[0].items[0]", .memberOfGroup(item: "left", group: "pair"), {
            $0.behaviors[0].kind = .gravity(GravitySpec(items: ["left"]))
        }),
        ("item named twice", "behaviors[0].items[1]", .duplicateIdentifier("box"), {
            $0.behaviors[0].kind = .gravity(GravitySpec(items: ["box", "box"]))
        }),
        ("duplicate behavior id", "behaviors[9].id", .duplicateIdentifier("gravity"), { $0.behaviors[9].id = "gravity" }),
        ("empty behavior id", "behaviors[1].children[0].id", .emptyIdentifier, { $0.behaviors[1].children[0].id = "" }),
        // Forces and properties.
        ("non-finite gravity magnitude", "behaviors[0].magnitude", .nonFinite(.infinity), {
            $0.behaviors[0].kind = .gravity(GravitySpec(items: ["box"], angle: 1, magnitude: .infinity))
        }),
        ("push offset for an item it does not push", "behaviors[1].children[0].offsets.wedge",
         .notApplicable("names \"wedge\", which the push does not act on"), {
            $0.behaviors[1].children[0].kind = .push(PushSpec(items: ["box"], mode: .continuous, direction: .zero,
                                                              offsets: ["wedge": .zero]))
        }),
        ("negative friction", "behaviors[1].children[2].friction", .negative(-0.1), {
            $0.behaviors[1].children[2].kind = .itemProperties(ItemPropertiesSpec(items: ["box"], friction: -0.1))
        }),
        ("zero density", "behaviors[1].children[2].density", .notPositive(0), {
            $0.behaviors[1].children[2].kind = .itemProperties(ItemPropertiesSpec(items: ["box"], density: 0))
        }),
        ("elasticity above 1", "behaviors[1].children[2].elasticity", .outOfRange(5, lower: 0, upper: 1), {
            $0.behaviors[1].children[2].kind = .itemProperties(ItemPropertiesSpec(items: ["box"], elasticity: 5))
        }),
        // Collisions.
        ("duplicate boundary identifier", "behaviors[2].boundaries[1].identifier", .duplicateIdentifier("shelf"), collision {
            $0.boundaries[1].identifier = "shelf"
        }),
        ("boundary point beyond the largest coordinate", "behaviors[2].boundaries[0].points[0].x",
         .outOfRange(-1e300, lower: -1e9, upper: 1e9), collision { $0.boundaries[0].points[0].x = -1e300 }),
        ("boundary with one point", "behaviors[2].boundaries[0].points", .tooFew(minimum: 2, got: 1), collision {
            $0.boundaries[0].points = [ScenePoint(x: 0, y: 0)]
        }),
        ("insets without the reference-bounds boundary", "behaviors[2].referenceBoundsInsets",
         .notApplicable("requires referenceBoundsAreBoundary: true"), collision { $0.referenceBoundsAreBoundary = false }),
        ("insets that leave no room", "behaviors[2].referenceBoundsInsets", .invalid("leave no room inside the reference bounds"),
         collision { $0.referenceBoundsInsets = SceneInsets(left: 200, right: 200) }),
        ("reference-bounds boundary without reference bounds", "behaviors[2].referenceBoundsAreBoundary",
         .notApplicable("the scene has no referenceBounds"), { $0.referenceBounds = nil }),
        // Attachments.
        ("distance attachment without an anchor", "behaviors[3].anchor", .missingKey, attachment(3) { $0.anchor = nil }),
        ("anchor with a second item", "behaviors[4].anchor", .notApplicable("must be omitted when otherItem is given"),
         attachment(4) { $0.anchor = ScenePoint(x: 1, y: 1) }),
        ("item attached to itself", "behaviors[4].otherItem", .invalid("is the attached item itself"), attachment(4) { $0.otherItem = "disc" }),
        ("negative length", "behaviors[3].length", .negative(-1), attachment(3) { $0.length = -1 }),
        ("length beyond the largest coordinate", "behaviors[3].length", .tooLarge(1e10, limit: 1e9), attachment(3) { $0.length = 1e10 }),
        ("anchor beyond the largest coordinate", "behaviors[3].anchor.y", .outOfRange(1e300, lower: -1e9, upper: 1e9),
         attachment(3) { $0.anchor = ScenePoint(x: 0, y: 1e300) }),
        ("negative damping", "behaviors[3].damping", .negative(-0.5), attachment(3) { $0.damping = -0.5 }),
        ("friction torque on a rope", "behaviors[4].frictionTorque", .notApplicable("is not used by a limit attachment"),
         attachment(4) { $0.frictionTorque = 1 }),
        ("range on a distance attachment", "behaviors[3].range", .notApplicable("is not used by a distance attachment"),
         attachment(3) { $0.range = SceneRange(lower: 0, upper: 1) }),
        ("pin range upside down", "behaviors[5].range", .invalid("lower (1.0) is above upper (-1.0)"),
         attachment(5) { $0.range = SceneRange(lower: 1, upper: -1) }),
        ("pin without an anchor", "behaviors[5].anchor", .missingKey, attachment(5) { $0.anchor = nil }),
        ("offset on a pin", "behaviors[5].offset", .notApplicable("is not used by a pin attachment"),
         attachment(5) { $0.offset = SceneVector(dx: 1, dy: 0) }),
        ("sliding range without 0", "behaviors[6].range", .invalid("must contain 0 (the position at creation)"),
         attachment(6) { $0.range = SceneRange(lower: 5, upper: 10) }),
        ("sliding without an axis", "behaviors[6].axis", .missingKey, attachment(6) { $0.axis = nil }),
        ("sliding axis not a unit vector", "behaviors[6].axis", .invalid("must be a unit vector, has length 2.0"),
         attachment(6) { $0.axis = SceneVector(dx: 2, dy: 0) }),
        ("axis on a weld", "behaviors[7].axis", .notApplicable("is not used by a fixed attachment"),
         attachment(7) { $0.axis = SceneVector(dx: 1, dy: 0) }),
        ("snap damping above 1", "behaviors[8].damping", .outOfRange(1.5, lower: 0, upper: 1), {
            $0.behaviors[8].kind = .snap(SnapSpec(item: "disc", point: .zero, damping: 1.5))
        }),
        // Fields.
        ("smoothness above 1", "behaviors[9].smoothness", .outOfRange(2, lower: 0, upper: 1), field { $0.smoothness = 2 }),
        ("negative minimum radius", "behaviors[9].minimumRadius", .negative(-1), field { $0.minimumRadius = -1 }),
        ("negative region radius", "behaviors[9].region.regions[0].radius", .negative(-5), field {
            $0.region = .union([.circle(radius: -5), .infinite])
        }),
        ("negative animation speed", "behaviors[9].animationSpeed", .negative(-1), field { $0.animationSpeed = -1 }),
        ("region with too many nodes", "behaviors[9].region", .tooMany(maximum: 1024, got: 1025), field {
            $0.region = .union(Array(repeating: .infinite, count: 1024))
        }),
        ("33 fields", "behaviors", .tooMany(maximum: 32, got: 34), {
            $0.behaviors += Array(repeating: .field(FieldSpec(fieldKind: .spring, items: ["box"])), count: 31)
            $0.events.remove(at: 5)
        }),
        // Timing.
        ("zero sub-step", "timing.substep", .notPositive(0), { $0.timing.substep = 0 }),
        ("one-second frames", "timing.frameDuration", .tooLarge(1, limit: 0.5), { $0.timing.frameDuration = 1 }),
        ("too many sub-steps per frame", "timing.substep", .invalid("gives more than 10000 sub-steps per frame"), {
            $0.timing.substep = 1e-7
        }),
        ("negative duration", "timing.duration", .negative(-1), { $0.timing.duration = -1; $0.events = [] }),
        ("recording every 0 frames", "recording.everyFrames", .outOfRange(0, lower: 1, upper: Double(Int.max)), {
            $0.recording.everyFrames = 0
        }),
        // Events.
        ("event after the end", "events[7].time", .eventAfterEnd(time: 3, end: 1), { $0.events[7].time = 3 }),
        ("negative event time", "events[0].time", .negative(-0.5), { $0.events[0].time = -0.5 }),
        ("non-finite event time", "events[0].time", .nonFinite(.infinity), { $0.events[0].time = .infinity }),
        ("removing an unknown behavior", "events[7].target", .unknownBehavior("cord"), { $0.events[7].action = .removeBehavior("cord") }),
        ("naming a behavior already removed", "events[2].target", .unknownBehavior("spring"), {
            $0.events.insert(SceneEvent(time: 0.05, .removeBehavior("spring")), at: 0)
        }),
        ("moving the anchor of an item–item attachment", "events[1].target", .notApplicable(
            "\"rope\" is a attachment behavior; moveAnchor moves the anchor of an item–anchor attachment or the point of a snap"),
         { $0.events[1].action = .moveAnchor("rope", to: .zero, duration: 0) }),
        ("negative drag duration", "events[1].duration", .negative(-1), {
            $0.events[1].action = .moveAnchor("spring", to: .zero, duration: -1)
        }),
        ("activating a gravity behavior as a push", "events[0].target", .notApplicable("\"gravity\" is a gravity behavior, not a push"),
         { $0.events[0].action = .setPushActive("gravity", active: true) }),
        ("setting an unknown parameter", "events[2].parameter", .notApplicable(
            "\"colour\" cannot be set on a field behavior (settable: animationSpeed, direction, falloff, minimumRadius, position, smoothness, strength)"),
         { $0.events[2].action = .setParameter("vortex", parameter: "colour", value: .number(1)) }),
        ("a parameter of the wrong type", "events[2].value", .wrongType(expected: "a number"), {
            $0.events[2].action = .setParameter("vortex", parameter: "strength", value: .flag(true))
        }),
        ("a parameter out of range", "events[2].value", .negative(-2), {
            $0.events[2].action = .setParameter("spring", parameter: "frequency", value: .number(-2))
        }),
        ("a length set beyond the largest coordinate", "events[2].value", .tooLarge(1e300, limit: 1e9), {
            $0.events[2].action = .setParameter("spring", parameter: "length", value: .number(1e300))
        }),
        ("a field moved beyond the largest coordinate", "events[2].value", .outOfRange(3e9, lower: -1e9, upper: 1e9), {
            $0.events[2].action = .setParameter("vortex", parameter: "position", value: .point(ScenePoint(x: 1, y: 3e9)))
        }),
        ("an unknown collision mode", "events[3].value", .unknownValue("walls", allowed: ["items", "boundaries", "everything"]), {
            $0.events[3].action = .setParameter("walls", parameter: "mode", value: .word("walls"))
        }),
        ("adding under an unknown parent", "events[5].parent", .unknownBehavior("nowhere"), {
            $0.events[5].action = .addBehavior(.gravity(GravitySpec(items: ["box"])), parent: "nowhere")
        }),
        ("adding a behavior with a used id", "events[5].behavior.id", .duplicateIdentifier("snap"), {
            $0.events[5].action = .addBehavior(.gravity(GravitySpec(items: ["box"]), id: "snap"), parent: nil)
        }),
        ("an invalid behavior added by an event", "events[5].behavior.children[0].frequency", .negative(-1), {
            $0.events[5].action = .addBehavior(.composite([.attachment(AttachmentSpec(item: "box", anchor: .zero, frequency: -1))]),
                                               parent: nil)
        }),
        ("velocity for an unknown item", "events[4].item", .unknownItem("ghost"), {
            $0.events[4].action = .addVelocity(item: "ghost", linear: .zero, angular: 0)
        }),
    ]

    @Test(arguments: rules.indices)
    func eachRuleNamesThePathAndTheReason(_ index: Int) {
        let (name, path, problem, mutate) = Self.rules[index]
        var scene = SceneSamples.everyKind
        mutate(&scene)
        #expect(scene.problems() == [SceneError(path: path, problem: problem)], "\(name)")
    }

    /// The example in the issue, reproduced word for word.
    @Test func theIssuesExampleMessage() {
        var scene = SceneSamples.small
        scene.behaviors.append(.composite([.attachment(AttachmentSpec(item: "a", anchor: .zero, frequency: -1))]))
        #expect(scene.problems().map(\.description) == ["behaviors[2].children[0].frequency: must be ≥ 0, got -1"])
    }

    /// NaN is not equal to itself, so these compare messages.
    @Test func notANumberIsNamedLikeAnyNonFiniteValue() {
        var scene = SceneSamples.small
        scene.items[0].center.y = .nan
        scene.timing.duration = .nan
        #expect(scene.problems().map(\.description) == ["items[0].center.y: must be finite, got nan", "timing.duration: must be finite, got nan"])
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        var scene = SceneSamples.small
        scene.items[0].size.width = 0
        scene.items[1].center.x = .nan
        scene.timing.substep = -1
        #expect(scene.problems().map(\.path) == ["items[0].size.width", "items[1].center.x", "timing.substep"])
        #expect(throws: SceneError(path: "items[0].size.width", problem: .notPositive(0))) { try scene.validate() }
    }

    /// A hand-made convex polygon of many vertices (a fine circle) is valid; rotating its vertex
    /// order or reversing its winding keeps it valid.
    @Test func convexPathsOfAnySizeAndWindingAreAccepted() {
        for count in [3, 4, 17, 1000, 100_000] {
            let circle = (0..<count).map { index in
                let angle = 2 * Double.pi * Double(index) / Double(count)
                return ScenePoint(x: 30 * cos(angle), y: 30 * sin(angle))
            }
            #expect(ConvexPathCheck.problem(with: circle) == nil, "\(count) vertices")
            #expect(ConvexPathCheck.problem(with: circle.reversed()) == nil, "\(count) vertices, reversed")
        }
    }
}
