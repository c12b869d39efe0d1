import Dynamics
import SeedScenarios
import Testing

@Suite struct LoggingItemScenarioTests {
    @Test func aCustomItemIsReadOnceAndWrittenAfterEveryStep() throws {
        let outcome = try LoggingItemScenario().run()
        #expect(outcome.joiningLog.contains("read bounds") && outcome.joiningLog.contains("read center"))
        #expect(!outcome.joiningLog.isEmpty && outcome.joiningLog.last == "write transform")
        #expect(outcome.laterLog == Array(repeating: ["write center", "write transform"], count: 3).flatMap { $0 },
                "\(outcome.laterLog)")
        // The writes drove the opacity: the item fell from y = 50, so it is a little fainter.
        #expect(outcome.opacity < LoggingItem.opacity(atHeight: 50) && outcome.opacity > 0.9)
    }
}
