@testable import Harness

/// Scenes shared by the scene tests.
enum SceneSamples {
    /// Two items under gravity and a nested push: the small scene most engine tests use.
    static let small = Scene(
        name: "sample", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 300),
        items: [SceneItem(id: "a", center: ScenePoint(x: 10, y: 20), size: SceneSize(width: 30, height: 40), angle: 0.1),
                SceneItem(id: "b", center: ScenePoint(x: 100, y: 20), size: SceneSize(width: 10, height: 10))],
        behaviors: [
            .gravity(GravitySpec(items: ["a"])),
            .composite([.push(PushSpec(items: ["a", "b"], mode: .instantaneous, direction: SceneVector(dx: 1, dy: 0),
                                       offsets: ["b": SceneVector(dx: 0, dy: 2)])),
                        .itemProperties(ItemPropertiesSpec(items: ["b"], resistance: 0, addedLinearVelocity: SceneVector(dx: 0, dy: 5)))]),
        ],
        timing: SceneTiming(frameCount: 30))

    /// One behavior of every kind, with every parameter set away from its default, nested, with
    /// groups, initial velocities and one event of every action.
    static let everyKind: Scene = {
        let items = [
            SceneItem(id: "box", center: ScenePoint(x: 100, y: 100), size: SceneSize(width: 30, height: 20), angle: 0.2,
                      velocity: SceneVector(dx: 10, dy: -5), angularVelocity: 0.5),
            SceneItem(id: "disc", center: ScenePoint(x: 200, y: 100), size: SceneSize(width: 20, height: 20), shape: .ellipse),
            SceneItem(id: "wedge", center: ScenePoint(x: 300, y: 100), size: SceneSize(width: 20, height: 20), shape: .path,
                      path: [ScenePoint(x: -10, y: -10), ScenePoint(x: 10, y: -10), ScenePoint(x: 0, y: 10)]),
            SceneItem(id: "left", center: ScenePoint(x: 100, y: 250), size: SceneSize(width: 20, height: 20)),
            SceneItem(id: "right", center: ScenePoint(x: 130, y: 250), size: SceneSize(width: 20, height: 20)),
            SceneItem(id: "slider", center: ScenePoint(x: 300, y: 250), size: SceneSize(width: 20, height: 10)),
            SceneItem(id: "spare", center: ScenePoint(x: 350, y: 350), size: SceneSize(width: 10, height: 10)),
        ]
        let all = ["box", "disc", "wedge", "pair", "slider"]
        let behaviors: [SceneBehavior] = [
            .gravity(GravitySpec(items: all, angle: 1.4, magnitude: 0.8), id: "gravity"),
            SceneBehavior(id: "forces", .composite, children: [
                .push(PushSpec(items: ["box", "disc"], mode: .continuous, direction: SceneVector(dx: 0.5, dy: 0),
                               offsets: ["box": SceneVector(dx: 2, dy: 3)]), id: "wind"),
                .push(PushSpec(items: ["wedge"], mode: .instantaneous, direction: .polar(angle: 3, magnitude: 0.2),
                               active: false), id: "kick"),
                SceneBehavior(.itemProperties(ItemPropertiesSpec(
                    items: ["box", "pair"], elasticity: 0.6, friction: 0.4, density: 2, resistance: 0.05,
                    angularResistance: 0.3, allowsRotation: true, anchored: false, charge: -1,
                    addedLinearVelocity: SceneVector(dx: 1, dy: 2), addedAngularVelocity: 0.1)), children: [
                    .field(FieldSpec(fieldKind: .vortex, items: ["disc"], position: ScenePoint(x: 200, y: 150),
                                     region: .difference(.circle(radius: 100), .rectangle(size: SceneSize(width: 20, height: 30))),
                                     strength: 0.5, falloff: 0.5, minimumRadius: 0.01), id: "vortex"),
                ]),
            ]),
            .collision(CollisionSpec(
                items: all, mode: .everything, referenceBoundsAreBoundary: true,
                referenceBoundsInsets: SceneInsets(top: 5, left: 6, bottom: 7, right: 8),
                boundaries: [SceneBoundary(identifier: "shelf", from: ScenePoint(x: 50, y: 300), to: ScenePoint(x: 250, y: 320)),
                             SceneBoundary(identifier: "cup", points: [ScenePoint(x: 300, y: 300), ScenePoint(x: 300, y: 350),
                                                                       ScenePoint(x: 350, y: 350)]),
                             SceneBoundary(identifier: "post", points: [ScenePoint(x: 20, y: 20), ScenePoint(x: 30, y: 20),
                                                                        ScenePoint(x: 30, y: 30)], closed: true)]),
                       id: "walls"),
            .attachment(AttachmentSpec(item: "box", offset: SceneVector(dx: 5, dy: 0), anchor: ScenePoint(x: 100, y: 50),
                                       length: 45, frequency: 2, damping: 0.3), id: "spring"),
            .attachment(AttachmentSpec(item: "disc", otherItem: "wedge", otherOffset: SceneVector(dx: 0, dy: 2), length: 120,
                                       attachmentKind: .limit), id: "rope"),
            .attachment(AttachmentSpec(item: "pair", anchor: ScenePoint(x: 115, y: 230), attachmentKind: .pin,
                                       frictionTorque: 0.5, range: SceneRange(lower: -0.5, upper: 0.7)), id: "hinge"),
            .attachment(AttachmentSpec(item: "slider", anchor: ScenePoint(x: 300, y: 250), attachmentKind: .sliding,
                                       range: SceneRange(lower: -30, upper: 40), axis: SceneVector(dx: 0.6, dy: 0.8)), id: "rail"),
            .attachment(AttachmentSpec(item: "wedge", otherItem: "slider", anchor: ScenePoint(x: 300, y: 175),
                                       frequency: 3, damping: 0.5, attachmentKind: .fixed), id: "weld"),
            .snap(SnapSpec(item: "disc", point: ScenePoint(x: 220, y: 120), damping: 0.8), id: "snap"),
            .field(FieldSpec(fieldKind: .noise, items: ["box"], region: .union([.circle(radius: 50), .inverse(.infinite)]),
                             strength: 0.2, smoothness: 0.6, animationSpeed: 2, seed: 7)),
            .field(FieldSpec(fieldKind: .linearGravity, items: ["wedge"], region: .intersection([.infinite, .circle(radius: 500)]),
                             direction: SceneVector(dx: 0, dy: -1))),
        ]
        let events = [
            SceneEvent(time: 0.1, .setPushActive("kick", active: true)),
            SceneEvent(time: 0.2, .moveAnchor("spring", to: ScenePoint(x: 140, y: 60), duration: 0.25)),
            SceneEvent(time: 0.3, .setParameter("vortex", parameter: "strength", value: .number(-0.5))),
            SceneEvent(time: 0.3, .setParameter("walls", parameter: "mode", value: .word("boundaries"))),
            SceneEvent(time: 0.4, .addVelocity(item: "disc", linear: SceneVector(dx: -40, dy: 0), angular: 1)),
            SceneEvent(time: 0.5, .addBehavior(.field(FieldSpec(fieldKind: .drag, items: ["box"], strength: 0.1,
                                                                direction: SceneVector(dx: 1, dy: 0)), id: "air"),
                                               parent: "forces")),
            SceneEvent(time: 0.6, .moveAnchor("snap", to: ScenePoint(x: 150, y: 150), duration: 0)),
            SceneEvent(time: 0.7, .removeBehavior("rope")),
        ]
        return Scene(name: "every kind", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: items,
                     groups: [SceneGroup(id: "pair", members: ["left", "right"])], behaviors: behaviors, events: events,
                     timing: SceneTiming(duration: 1))
    }()
}
