import Dynamics
import SeedScenarios
import Testing

@Suite struct ScenarioRecorderTests {
    @Test func anErrorInsideAnActionIsThrownByTheStepThatRanIt() throws {
        let animator = try DynamicAnimator()
        let item = HeadlessItem(center: Point(x: 0, y: 0), size: Size(width: 10, height: 10))
        let recorder = ScenarioRecorder(name: "error", referenceBounds: nil)
        recorder.track(item, as: "item")
        let failing = try GravityBehavior(items: [item])
        failing.action = { recorder.attempt { () throws(DynamicsError) in throw .invalidTimeInterval(-1) } }
        try animator.addBehavior(failing)
        recorder.recordStart(of: animator)
        #expect(throws: DynamicsError.invalidTimeInterval(-1)) { try recorder.step(animator) }
        // The frame itself was still recorded.
        #expect(recorder.simulation.trace.samples.count == 2)
    }
}
