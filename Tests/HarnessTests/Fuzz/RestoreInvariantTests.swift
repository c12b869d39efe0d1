import DynamicsAdapter
@testable import Harness
import Testing

/// The restore invariant: a run interrupted after a frame, its engine's state restored into a
/// second instance, must give the uninterrupted run's samples bit for bit. The engine passes
/// it on generated scenes at several frames each; engines whose restore loses a little or a lot
/// fail it; an engine that cannot restore is not judged by it.
@Suite(.tags(.slow), .enabled(if: SlowTests.run, SlowTests.skipped)) struct RestoreInvariantTests {
    static let engine = DynamicsEngine()

    /// Items falling into a box, pinned together by an attachment that an event makes after the
    /// snapshot's frame is passed in some runs and before it in others, and a gravity change
    /// that resolves the tree again late in the run.
    static func pile(eventTimes: (attach: Double, gravity: Double)) -> Scene {
        let items = (0..<5).map { index in
            SceneItem(id: "i\(index)", center: ScenePoint(x: 60 + Double(index) * 55, y: 80 + Double(index % 2) * 40),
                      size: SceneSize(width: 30, height: 20 + Double(index) * 4), angle: 0.3 * Double(index))
        }
        let ids = items.map(\.id)
        return Scene(
            name: "restore-pile", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 300), items: items,
            behaviors: [.gravity(GravitySpec(items: ids), id: "gravity"),
                        .collision(CollisionSpec(items: ids, referenceBoundsAreBoundary: true), id: "walls")],
            events: [SceneEvent(time: eventTimes.attach, .addBehavior(.attachment(AttachmentSpec(item: "i1", otherItem: "i2", anchor: ScenePoint(x: 140, y: 110),
                                                                                                    attachmentKind: .pin), id: "pin"), parent: nil)),
                     SceneEvent(time: eventTimes.gravity, .setParameter("gravity", parameter: "magnitude", value: .number(1.7)))],
            timing: SceneTiming(duration: 1.5))
    }

    @Test func theEngineContinuesExactlyFromEveryFrameTried() throws {
        // The pin made before the snapshot reads the items where they were then, not where they
        // are at the snapshot (a restore that made the caller's behaviors late gave another pin).
        let scene = Self.pile(eventTimes: (attach: 0.2, gravity: 1.1))
        let whole = try Self.engine.run(scene)
        for frame in [1, 11, 12, 13, 40, 65, 66, 67, 89] {
            let restored = try Self.engine.run(scene, restoringAfterFrame: frame)
            #expect(restored.stateHash == whole.stateHash, "after frame \(frame)")
            #expect(restored.samples == whole.samples, "after frame \(frame)")
        }
    }

    @Test(arguments: 0..<24)
    func generatedScenesRestoreExactly(index: Int) throws {
        let scene = SceneGenerator().scene(run: 20_261_127, index: index)
        guard RestoreCheck.applies(to: scene, engine: Self.engine) else { return }
        let whole = try Self.engine.run(scene)
        let count = scene.timing.frameCount
        for frame in Set([1, count / 3, count / 2, count - 1]) where frame >= 1 && frame < count {
            let restored = try Self.engine.run(scene, restoringAfterFrame: frame)
            #expect(restored.stateHash == whole.stateHash, "scene \(index), after frame \(frame): \(DeterminismCheck.firstDifference(whole, restored))")
        }
    }

    /// The real engine, with a restore that loses something: `tail` edits the samples after the
    /// frame (as a restore that kept less than the whole state would change them).
    struct LossyRestore: SimulationEngine {
        var label: String
        var tail: @Sendable (Scene, Int, inout Trace) throws -> Void
        var name: String { label }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }
        var restoresSnapshots: Bool { true }
        func run(_ scene: Scene) throws -> Trace { try RestoreInvariantTests.engine.run(scene) }
        func run(_ scene: Scene, restoringAfterFrame frame: Int) throws -> Trace {
            var trace = try RestoreInvariantTests.engine.run(scene, restoringAfterFrame: frame)
            try tail(scene, frame, &trace)
            return trace
        }
    }

    /// A restore that keeps the poses but not the velocities (what saving the items' places and
    /// loading them gives): the rest of the run starts from rest.
    static let posesOnly = LossyRestore(label: "poses-only") { scene, frame, trace in
        var restarted = scene
        let state = trace.samples[frame].states
        for (index, item) in restarted.items.enumerated() {
            restarted.items[index] = SceneItem(id: item.id, center: state[index].center, size: item.size, angle: state[index].angle)
        }
        restarted.events = []
        restarted.timing = SceneTiming(frameCount: scene.timing.frameCount - frame)
        let tail = try RestoreInvariantTests.engine.run(restarted)
        let offset = Double(frame) * scene.timing.frameDuration
        trace.samples = Array(trace.samples[...frame]) + tail.samples.dropFirst().map { sample in
            var shifted = sample
            shifted.time += offset
            return shifted
        }
    }

    /// A restore off by one unit in the last place of one coordinate: exact means exact.
    static let oneULP = LossyRestore(label: "one-ulp") { _, frame, trace in
        let last = trace.samples.count - 1
        trace.samples[last].states[0].center.x = trace.samples[last].states[0].center.x.nextUp
    }

    @Test func aLossyRestoreFailsTheInvariant() throws {
        let scene = Self.pile(eventTimes: (attach: 1.3, gravity: 1.4))
        for engine in [Self.posesOnly, Self.oneULP] {
            let report = PropertyChecker(engine: engine).check(scene, only: [.restore])
            #expect(report.checked.contains(.restore), "\(engine.name)")
            let violation = try #require(report.violations.first { $0.invariant == .restore }, "\(engine.name) passed")
            #expect(violation.detail.contains("restored from a snapshot after frame"), "\(violation.detail)")
        }
        let healthy = PropertyChecker(engine: Self.engine).check(scene, only: [.restore])
        #expect(healthy.checked.contains(.restore) && healthy.violations.isEmpty, "\(healthy.violations)")
    }

    @Test func anEngineThatCannotRestoreIsNotJudgedByIt() {
        struct NoSnapshots: SimulationEngine {
            var name: String { "no-snapshots" }
            var settings: [String: String] { [:] }
            var integrator: IntegrationScheme { .exact }
            func run(_ scene: Scene) throws -> Trace { try RestoreInvariantTests.engine.run(scene) }
        }
        let report = PropertyChecker(engine: NoSnapshots()).check(Self.pile(eventTimes: (attach: 0.2, gravity: 1.1)), only: [.restore])
        #expect(!report.checked.contains(.restore))
        #expect(report.violations.isEmpty)
    }

    @Test func theFrameIsInsideTheRunAndFollowsTheTrace() throws {
        let scene = Self.pile(eventTimes: (attach: 0.2, gravity: 1.1))
        let trace = try Self.engine.run(scene)
        let frame = RestoreCheck.frame(for: scene, trace)
        #expect(frame >= 1 && frame < scene.timing.frameCount)
        #expect(frame == RestoreCheck.frame(for: scene, try Self.engine.run(scene)))
    }
}
