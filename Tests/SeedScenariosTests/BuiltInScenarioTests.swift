import Harness
import SeedScenarios
import Testing

@Suite struct BuiltInScenarioTests {
    @Test(arguments: BuiltInScenario.all.map(\.name))
    func everyScenarioRecordsAFiniteDrawableRun(name: String) throws {
        let scenario = try #require(BuiltInScenario.named(name))
        let run = try scenario.run()
        #expect(run.trace.samples.count >= 2)
        #expect(run.trace.samples.allSatisfy { $0.states.count == run.scene.items.count && $0.states.allSatisfy(\.isFinite) })
        #expect(run.svg.contains("<animate"), "the SVG does not move")
        #expect(Set(BuiltInScenario.all.map(\.name)).count == BuiltInScenario.all.count)
    }
}
