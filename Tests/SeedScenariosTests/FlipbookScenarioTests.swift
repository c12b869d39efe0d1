import Dynamics
import SeedScenarios
import Testing

@Suite struct FlipbookScenarioTests {
    @Test func pagesHitThePoleFadeAndLeaveTheAnimator() throws {
        let outcome = try FlipbookScenario().run()
        // Every page reached the pole (0.2 s at 800 pt/s), bounced off it, started to fade, fell
        // out of the window under 3000 pt/s² and was removed: the animator tracks nothing.
        #expect(Set(outcome.fadedPages) == [0, 1, 2, 3], "\(outcome.fadedPages)")
        #expect(outcome.trackedAtEnd == 0, "\(outcome.trackedAtEnd) items left after \(outcome.frames) frames")
        #expect(outcome.finalCenters.allSatisfy { $0.x > FlipbookScenario.poleX }, "a page went through the pole")
    }

    @Test func aFlickTooSlowToReachThePoleStartsNoFade() throws {
        var gentle = FlipbookScenario()
        gentle.flickSpeed = 100
        let outcome = try gentle.run()
        #expect(outcome.fadedPages.isEmpty)
        #expect(outcome.trackedAtEnd == 0)
    }
}
