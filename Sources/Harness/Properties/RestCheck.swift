import Foundation

/// A dissipative scene with gravity and collisions comes to rest: the animator pauses before
/// ``bound(for:mechanics:)``.
enum RestCheck {
    /// The speed below which an item counts as still (pt/s), as in the run summary.
    static let restSpeed = SimulationSummary.restSpeed

    /// Scenes that must settle: pausing at rest, every item colliding with the reference bounds
    /// under downward gravity, every item damped, bouncing at most half back and with friction;
    /// nothing that adds energy; no overlap at the start.
    static func applies(to scene: Scene, traits: SceneTraits, mechanics: SceneMechanics) -> Bool {
        guard scene.timing.pausesAtRest, scene.referenceBounds != nil, !scene.items.isEmpty, !traits.hasPush, !traits.hasField,
              !traits.hasSnap, !traits.hasAttachment, !traits.hasEvents, !traits.hasAddedVelocity,
              !OverlapTest.startsOverlapping(scene) else { return false }
        let walled = Set(traits.collisions.filter { $0.referenceBoundsAreBoundary && $0.mode != .items && $0.referenceBoundsInsets == nil }
            .flatMap { ContainmentCheck.members(of: $0, in: scene) })
        return scene.items.indices.allSatisfy { index in
            let item = mechanics.items[index]
            let down = item.gravity.dy > 0 && abs(item.gravity.dx) < 1e-9 * item.gravity.dy
            return walled.contains(index) && down && item.properties.resistance >= 0.1 && item.properties.angularResistance >= 0.1
                && item.properties.elasticity <= 0.5 && item.properties.friction >= 0.2 && !item.properties.anchored
        }
    }

    /// The time (s) by which the scene must have paused: for the worst item, the fall and the
    /// bounces (each bounce at most e times the speed of the one before, so the bounce times sum
    /// to at most (1+e)/(1−e) times the first fall's two-way time), then the exponential damping
    /// of any sliding or rolling from the largest speed to the rest speed, plus 2 s.
    static func bound(for scene: Scene, mechanics: SceneMechanics) -> Double {
        guard let bounds = scene.referenceBounds else { return .infinity }
        var worst = 0.0
        for (item, state) in zip(mechanics.items, scene.items) {
            let g = item.gravity.length, e = item.properties.elasticity
            let speed = (state.velocity.dot(state.velocity) + 2 * g * bounds.size.height).squareRoot()
                + abs(state.angularVelocity) * SceneMechanics.radius(state)
            let bounces = (1 + e) / (1 - e) * 2 * speed / g
            let damping = log(max(1, speed / restSpeed)) / min(item.properties.resistance, item.properties.angularResistance)
            worst = max(worst, bounces + damping)
        }
        return worst + 2
    }

    static func check(_ scene: Scene, _ trace: Trace, mechanics: SceneMechanics) -> [Violation] {
        let limit = bound(for: scene, mechanics: mechanics)
        guard limit < scene.timing.duration else { return [] }
        let summary = SimulationSummary(scene: scene, trace: trace)
        if let pause = summary.pauses.first, pause <= limit { return [] }
        let when = summary.pauses.first.map { "first paused at t = \(ContainmentCheck.format($0)) s" } ?? "never paused"
        return [Violation(.rest, "\(when); the bound is \(ContainmentCheck.format(limit)) s")]
    }
}
