import Foundation

/// Bit-exact state hashes of a few fixed scenes, committed in `Golden/determinism.json`.
///
/// Two runs in one process share one hash seed and one build, so they cannot reveal a result
/// that depends on hashing order or on anything else that changes between processes; comparing
/// with hashes recorded by an earlier process can. A legitimate engine change moves the hashes:
/// regenerate them with `harness golden --update` and review the diff.
public struct DeterminismBaseline: Codable, Equatable, Sendable {
    /// One scene's recorded hash.
    public struct Entry: Codable, Equatable, Sendable {
        /// The scene's name.
        public var scene: String
        /// ``Trace/stateHash`` as 16 hexadecimal digits.
        public var stateHash: String
    }

    /// The entries, one per scene of ``scenes``.
    public var entries: [Entry]

    /// The path of the committed file, relative to the package root.
    public static let relativePath = "Golden/determinism.json"

    /// Runs every scene of ``scenes`` on `engine` and records its hash.
    public static func measure(engine: any SimulationEngine) throws -> DeterminismBaseline {
        DeterminismBaseline(entries: try scenes.map { scene in
            Entry(scene: scene.name, stateHash: String(format: "%016llx", try engine.run(scene).stateHash))
        })
    }

    /// The fixed scenes: forces and damping, a colliding pile of boxes and discs, and joints.
    public static let scenes: [Scene] = [forces, pile, joints]

    static let forces = Scene(
        name: "forces",
        items: [SceneItem(id: "a", center: ScenePoint(x: 10, y: 20), size: SceneSize(width: 30, height: 40), angle: 0.1),
                SceneItem(id: "b", center: ScenePoint(x: 100, y: 20), size: SceneSize(width: 10, height: 10))],
        behaviors: [
            .gravity(GravitySpec(items: ["a"], direction: SceneVector(dx: 0.3, dy: 1))),
            .push(PushSpec(items: ["a", "b"], mode: .continuous, direction: SceneVector(dx: 1, dy: -0.5),
                           offsets: ["b": SceneVector(dx: 0, dy: 2)])),
            .itemProperties(ItemPropertiesSpec(items: ["b"], resistance: 0.7, angularResistance: 0.3)),
        ],
        timing: SceneTiming(frameCount: 120))

    static let pile: Scene = {
        var items: [SceneItem] = []
        for index in 0..<30 {
            let column = Double(index % 6), row = Double(index / 6)
            let center = ScenePoint(x: 100 + column * 26 + row * 3, y: 100 + row * 30)
            let shape: SceneShape = index % 4 == 0 ? .ellipse : .rectangle
            items.append(SceneItem(id: "box\(index)", center: center, size: SceneSize(width: 20, height: 20),
                                   angle: Double(index) * 0.07, shape: shape))
        }
        let ids = items.map(\.id)
        return Scene(
            name: "pile",
            referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
            items: items,
            behaviors: [
                .gravity(GravitySpec(items: ids)),
                .collision(CollisionSpec(items: ids, referenceBoundsAreBoundary: true)),
                .itemProperties(ItemPropertiesSpec(items: ids, elasticity: 0.4, friction: 0.5)),
            ],
            timing: SceneTiming(frameCount: 240))
    }()

    static let joints = Scene(
        name: "joints",
        items: [SceneItem(id: "bob", center: ScenePoint(x: 300, y: 100), size: SceneSize(width: 20, height: 20)),
                SceneItem(id: "spring", center: ScenePoint(x: 100, y: 250), size: SceneSize(width: 30, height: 30)),
                SceneItem(id: "rope", center: ScenePoint(x: 150, y: 250), size: SceneSize(width: 10, height: 10))],
        behaviors: [
            .gravity(GravitySpec(items: ["bob", "spring", "rope"])),
            .attachment(AttachmentSpec(item: "bob", anchor: ScenePoint(x: 200, y: 100))),
            .attachment(AttachmentSpec(item: "spring", anchor: ScenePoint(x: 100, y: 100), frequency: 2, damping: 0.1)),
            .attachment(AttachmentSpec(item: "rope", otherItem: "spring", length: 80, attachmentKind: .limit)),
        ],
        timing: SceneTiming(frameCount: 240))
}
