import Dynamics
import SeedScenarios
import Testing

@Suite struct MagnetScenarioTests {
    @Test func aMagnetMadeOfPushesDrawsTheItemIn() throws {
        let outcome = try MagnetScenario().run()
        // A damped spring of ω = √(100·0.01/0.04) = 5 rad/s and ζ = 3/(2·5) = 0.3: after 10 s its
        // amplitude is e^(−15) of the start, so the item sits on the magnet; the pull is updated once
        // per frame, which only delays it. 0.5 pt is far above that and far below the 20 pt item.
        #expect(outcome.finalDistance < 0.5, "\(outcome.finalDistance) pt from the magnet")
        #expect(outcome.simulation.trace.samples.count == 601)
    }

    @Test func aMagnetOutOfReachOfTheLoopIsNotReached() throws {
        // The same pull (at most 2 N per axis on 0.04 mass units: 5000 pt/s²) over 0.1 s covers
        // about 25 pt of the 360: the test above can fail.
        var short = MagnetScenario()
        short.duration = 0.1
        #expect(try short.run().finalDistance > 100)
    }
}
