import Dynamics
import SeedScenarios
import Testing

@Suite struct ShredderScenarioTests {
    @Test func rowsLeaveInOrderAsTheScanLinePassesAndTheSameSeedShredsAlike() throws {
        let first = try ShredderScenario(seed: 4).run(), again = try ShredderScenario(seed: 4).run()
        let other = try ShredderScenario(seed: 5).run()
        // Row k is reached when the line (95 pt + 60 pt/s · t) passes y = 100 + 10k: at t = (5 + 10k)/60
        // s, frame 5 + 10k; its pieces move from the next frame on.
        #expect(first.firstMovingFrame == (0..<6).map { 5 + 10 * $0 + 1 }, "\(first.firstMovingFrame)")
        // Every piece was pushed up, then fell under gravity: after 2 s all are below where they
        // started (a 150 pt/s toss peaks within 0.15 s).
        #expect(first.finalCenters.allSatisfy { $0.y > 160 }, "\(first.finalCenters.map(\.y).min() ?? 0)")
        #expect(first.finalCenters == again.finalCenters)
        #expect(first.finalCenters != other.finalCenters)
    }
}
