import DynamicsAdapter
@testable import Harness
import PropertyBased
import Testing

@Suite struct DynamicsEngineTests {
    @Test func recordsTheInitialStateAndEveryRequestedFrame() throws {
        var scene = SceneSamples.small
        scene.recording.everyFrames = 7
        let trace = try DynamicsEngine().run(scene)
        // Frames 0, 7, 14, 21, 28 and the last one (30).
        #expect(trace.samples.map(\.time) == [0, 7, 14, 21, 28, 30].map { Double($0 * 2) / 120 })
        #expect(trace.itemIDs == ["a", "b"])
        #expect(trace.samples[0].states[0].center == ScenePoint(x: 10, y: 20))
    }

    /// Sub-step states, when asked for, cover every sub-step since the previous sample, end at
    /// the sample's state, and leave the recorded states bit-identical.
    @Test func recordsEverySubstepStateWhenAsked() throws {
        var scene = SceneSamples.small
        scene.recording.everyFrames = 7
        let plain = try DynamicsEngine().run(scene)
        let detailed = try DynamicsEngine(recordsSubsteps: true).run(scene)
        #expect(plain.samples.allSatisfy { $0.substepStates == nil } && plain.substep == nil)
        #expect(detailed.substep == scene.timing.substep)
        #expect(plain.samples.map(\.states) == detailed.samples.map(\.states))
        // Frames of 1/60 s run two 1/120 s sub-steps: 14 per 7 frames, 4 in the last 2 frames.
        #expect(detailed.samples.dropFirst().map { $0.substepStates?.map(\.count) } == [14, 14, 14, 14, 4].map { [$0, $0] })
        for sample in detailed.samples.dropFirst() {
            #expect(sample.substepStates?.map(\.last) == sample.states)
        }
    }

    @Test func sameSceneGivesBitIdenticalTraces() throws {
        let first = try DynamicsEngine().run(SceneSamples.small)
        let second = try DynamicsEngine().run(SceneSamples.small)
        #expect(first == second)
        #expect(first.stateHash == second.stateHash)
    }

    @Test func stateHashSeesASingleBit() throws {
        var trace = try DynamicsEngine().run(SceneSamples.small)
        let hash = trace.stateHash
        trace.samples[3].states[1].center.x = trace.samples[3].states[1].center.x.nextUp
        #expect(trace.stateHash != hash)
    }

    @Test func flatAndCompositeScenesAgreeBitForBit() async {
        let spec = zip(Gen.double(in: -2...2), Gen.double(in: -2...2), Gen.bool)
        await propertyCheck(count: 30, input: spec.array(of: 1...5)) { forces in
            let behaviors: [SceneBehavior] = forces.map { dx, dy, isGravity in
                isGravity ? .gravity(GravitySpec(items: ["a", "b"], direction: SceneVector(dx: dx, dy: dy)))
                    : .push(PushSpec(items: ["b"], mode: .continuous, direction: SceneVector(dx: dx, dy: dy), offsets: ["b": SceneVector(dx: 1, dy: 1)]))
            }
            var flat = SceneSamples.small
            flat.behaviors = behaviors
            var nested = flat
            nested.behaviors = [.composite([.composite(Array(behaviors.prefix(2))), .composite(Array(behaviors.dropFirst(2)))])]
            #expect(try! DynamicsEngine().run(flat).stateHash == DynamicsEngine().run(nested).stateHash)
        }
    }
}
