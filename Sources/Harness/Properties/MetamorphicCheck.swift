import Foundation

/// Translating, mirroring or turning a scene by 90° transforms its trajectories alike, over a
/// short horizon, for scenes whose items do not touch or pull one another (item–item contacts
/// and couplings are chaotic: round-off grows without bound) and whose fields do not depend on
/// absolute position (noise, turbulence).
enum MetamorphicCheck {
    /// Allowed position error as a fraction of the scene's extent; see ``Invariant/metamorphic``.
    static let relativeBound = 1e-6
    /// Allowed angle error (radians): the same fraction of a turn.
    static let angleBound = 1e-6 * 2 * Double.pi
    /// The compared span (s).
    static let horizon = 0.5

    /// Also only circles may touch walls: a polygon meeting a wall edge-on or corner-on chooses
    /// its contact face by a tie-break that no mirror can preserve. Judged on the compared span
    /// alone (``horizonScene(_:)``): what events do after it cannot matter.
    static func applies(to scene: Scene) -> Bool {
        let scene = horizonScene(scene), traits = SceneTraits(scene)
        let walled = traits.collisions.filter { $0.mode != .items }.flatMap { ContainmentCheck.members(of: $0, in: scene) }
        let circles = walled.allSatisfy { scene.items[$0].shape == .ellipse && scene.items[$0].size.width == scene.items[$0].size.height }
        return circles && !traits.hasItemContacts && !traits.hasCoupling && !traits.contains {
            // Noise depends on absolute position; negative drag feeds on speed and blows up; a
            // rope going slack or taut and a range hit are switches round-off can flip. Each
            // amplifies round-off without bound.
            switch $0 {
            case .field(let spec): spec.fieldKind == .noise || spec.fieldKind == .turbulence || (spec.fieldKind == .drag && spec.strength < 0)
            case .attachment(let spec): spec.attachmentKind == .limit || spec.range != nil
            default: false
            }
        }
    }

    /// Translation, mirror and quarter turn; no quarter turn with a snap, which turns its item
    /// back to the absolute angle 0.
    static func transforms(for scene: Scene) -> [SceneTransform] {
        let center = scene.referenceBounds.map { ScenePoint(x: $0.minX + $0.size.width / 2, y: $0.minY + $0.size.height / 2) } ?? .zero
        let turn = SceneTraits(scene).hasSnap ? [] : [SceneTransform(kind: .quarterTurn(about: center))]
        return [SceneTransform(kind: .translation(SceneVector(dx: 250, dy: -125))), SceneTransform(kind: .mirror(x: center.x))] + turn
    }

    /// The scene over the compared span: its first ``horizon`` seconds, with the events in them.
    static func horizonScene(_ scene: Scene) -> Scene {
        var short = scene
        short.timing.duration = min(scene.timing.duration, horizon)
        short.events = scene.events.filter { $0.time <= short.timing.duration }
        return short
    }

    static func check(_ scene: Scene, _ trace: Trace, engine: any SimulationEngine) -> [Violation] {
        let short = horizonScene(scene)
        let extent = OverlapTest.extent(of: scene)
        var found: [Violation] = []
        for transform in transforms(for: scene) {
            let variant = transform.scene(short)
            if engine.unsupportedFeature(in: variant) != nil { continue }
            let other: Trace
            do { other = try engine.run(variant) } catch {
                found.append(Violation(.metamorphic, "the scene \(transform.name) failed: \(error)"))
                continue
            }
            search: for (base, moved) in zip(trace.samples, other.samples) {
                for (index, (expected, got)) in zip(base.states.map(transform.state), moved.states).enumerated() {
                    let distance = (expected.center - got.center).length
                    let turn = abs(remainder(expected.angle - got.angle, 2 * Double.pi))
                    if distance > relativeBound * extent || turn > angleBound {
                        found.append(Violation(.metamorphic, "the scene \(transform.name): \(scene.items[index].id) is \(ContainmentCheck.format(distance)) pt and \(ContainmentCheck.format(turn)) rad from the transformed trajectory at t = \(ContainmentCheck.format(base.time)) s"))
                        break search
                    }
                }
            }
        }
        return found
    }
}
