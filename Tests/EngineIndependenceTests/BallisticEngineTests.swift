import Harness
import Testing

/// This target links the harness and nothing of this project's engine: a second engine (here a
/// toy that knows only gravity, initial velocities and `addVelocity` events) runs scenes through
/// the same seam, the same timeline and the same `simulate` path.
struct BallisticEngine: SimulationEngine {
    var name: String { "ballistic" }
    var settings: [String: String] { ["integrator": "exact constant-acceleration kinematics, gravity only"] }
    var integrator: IntegrationScheme { .exact }

    func run(_ scene: Scene) throws -> Trace {
        try scene.validate()
        var accelerations = Array(repeating: SceneVector.zero, count: scene.items.count)
        for behavior in scene.behaviors.flatMap(\.preOrder) {
            guard case .gravity(let spec) = behavior.kind else { throw SimulationError("ballistic: only gravity is supported") }
            for (index, item) in scene.items.enumerated() where spec.items.contains(item.id) {
                accelerations[index] = accelerations[index] + spec.direction.vector * SceneUnits.pointsPerSecondSquaredPerGravity
            }
        }
        var states = scene.items.map { ItemState(center: $0.center, angle: $0.angle, velocity: $0.velocity, angularVelocity: 0) }
        let timeline = SceneTimeline(scene)
        let h = scene.timing.frameDuration
        var samples = [TraceSample(time: 0, states: states)]
        for frame in 0..<scene.timing.frameCount {
            for operation in timeline.operations(beforeFrame: frame) {
                guard case .addVelocity(let id, let linear, _) = operation,
                      let index = scene.items.firstIndex(where: { $0.id == id }) else { continue }
                states[index].velocity = states[index].velocity + linear
            }
            for index in states.indices {
                let a = accelerations[index]
                states[index].center = states[index].center + states[index].velocity * h + a * (0.5 * h * h)
                states[index].velocity = states[index].velocity + a * h
            }
            samples.append(TraceSample(time: Double(frame + 1) * h, states: states))
        }
        return Trace(itemIDs: scene.items.map(\.id), samples: samples)
    }
}

@Suite struct BallisticEngineTests {
    @Test func aSecondEngineRunsASceneWithoutThisProjectsEngine() throws {
        let scene = Scene(
            name: "toss", items: [SceneItem(id: "stone", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: 5, height: 5),
                                            velocity: SceneVector(dx: 100, dy: -300))],
            behaviors: [.gravity(GravitySpec(items: ["stone"]))],
            events: [SceneEvent(time: 0.5, .addVelocity(item: "stone", linear: SceneVector(dx: -100, dy: 0), angular: 0))],
            timing: SceneTiming(duration: 1))
        let simulation = try Simulation.run(scene, on: BallisticEngine())
        let end = try #require(simulation.trace.samples.last).states[0]
        // x: 100 pt/s for 0.5 s, then still; y: −300·1 + ½·1000·1².
        #expect(abs(end.center.x - 50) < 1e-9)
        #expect(abs(end.center.y - 200) < 1e-9)
        #expect(simulation.summary.frames == 60)
        #expect(simulation.csv.hasPrefix(TraceCSV.header))
    }

    @Test func anUnsupportedBehaviorIsReportedNotApproximated() {
        let scene = Scene(name: "snap", items: [SceneItem(id: "a", center: .zero, size: SceneSize(width: 1, height: 1))],
                          behaviors: [.snap(SnapSpec(item: "a", point: ScenePoint(x: 1, y: 1)))])
        #expect(throws: SimulationError("ballistic: only gravity is supported")) { try Simulation.run(scene, on: BallisticEngine()) }
    }
}
