import Dynamics
import SeedScenarios
import Testing

@Suite struct DropShadeScenarioTests {
    static let screen = DropShadeScenario.screen

    @Test func releasedDownwardTheShadeDropsIntoPlaceAndTheTransitionFinishes() throws {
        let outcome = try DropShadeScenario(panDistance: 250, releaseVelocity: 600).run()
        #expect(outcome.finished == true)
        // The spring (length half the height) to an anchor at the screen's bottom edge rests with
        // the shade's center mid-screen, where its bottom touches the bottom boundary; the animator
        // pauses below 1 pt/s, so within a point of it.
        #expect(abs(outcome.finalCenter.y - Self.screen.height / 2) <= 1, "\(outcome.finalCenter)")
        #expect((outcome.reportedProgress.last ?? 0) >= 0.998)
        // The action reported once per step until completion, starting just past the pan's 44 %:
        // one step at 600 pt/s moves the shade 10 pt, and the spring, stretched 318 pt at ω = 6π
        // rad/s, adds about ½·ω²·318·h² ≈ 16 pt and the speed it builds within the step a few more;
        // so more than 10 pt and less than 40 pt (1.8 % to 7 %).
        let reports = outcome.reportedProgress.count, steps = outcome.stepsAfterRelease
        #expect(reports == steps)
        let first = outcome.reportedProgress.first ?? 0
        #expect(first > (250 + 10) / 568 && first < (250 + 40) / 568, "\(first)")
        #expect((outcome.completionTime ?? .infinity) <= 3 + 1.0 / 60)
    }

    @Test func flickedUpwardTheShadeGoesBackAndTheTransitionCancels() throws {
        let outcome = try DropShadeScenario(panDistance: 350, releaseVelocity: -600).run()
        #expect(outcome.finished == false)
        #expect(abs(outcome.finalCenter.y + Self.screen.height / 2) <= 1, "\(outcome.finalCenter)")
        #expect((outcome.reportedProgress.last ?? 1) <= 0.002)
    }

    @Test func theElapsedTimeLimitCompletesTheTransitionOnTime() throws {
        // The seed enforces a duration with the animator's elapsed time: past `finishTime` the
        // action removes every behavior, the animator pauses and `didPause` completes at once,
        // before the shade has settled.
        var hurried = DropShadeScenario(panDistance: 250, releaseVelocity: 600)
        hurried.finishTime = 0.25
        let outcome = try hurried.run()
        #expect(outcome.finished == true)
        let completion = try #require(outcome.completionTime)
        let limit: Double = 0.25 + 1.0 / 60
        #expect(abs(completion - limit) <= 1.0 / 60 + 1e-9, "completed after \(completion) s")
        #expect(outcome.reportedProgress.count < outcome.stepsAfterRelease)
    }
}
