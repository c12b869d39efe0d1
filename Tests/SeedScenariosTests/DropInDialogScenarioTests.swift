import Dynamics
import SeedScenarios
import Testing

@Suite struct DropInDialogScenarioTests {
    @Test func theDialogDropsInSettlesAndIsDismissedOffScreen() throws {
        let outcome = try DropInDialogScenario().run()
        // Presented at the first frame past 1.5 s, resting on the inset floor (568 − 100 − 80),
        // upright (rotation off).
        #expect(abs((outcome.presentedAt ?? .infinity) - 1.5) <= 1.0 / 60 + 1e-9)
        #expect(abs(outcome.presentedCenter.y - 388) <= 0.1, "dialog at \(outcome.presentedCenter.y)")
        #expect(abs(outcome.presentedAngle) <= 1e-12)
        // The lift came to rest (a pause), the dialog bounced once off the bottom and left.
        #expect(outcome.dismissalPauses >= 1, "the lift never came to rest")
        #expect(outcome.bottomContacts == 1, "\(outcome.bottomContacts) bottom contacts")
        #expect(outcome.finalCenter.y >= DropInDialogScenario.screen.height + 80, "dialog at \(outcome.finalCenter.y)")
        // It settled on the spring and then fell 188 pt to the bottom and out: well within 5 s.
        #expect(outcome.dismissalDuration < 5, "dismissal took \(outcome.dismissalDuration) s")
    }

    @Test func theActionEndsThePresentationAtItsOwnTime() throws {
        // Earlier, while the dialog still bounces: an action runs only while the animator runs, so
        // a presentation time after the dialog comes to rest would not end it on time.
        var early = DropInDialogScenario()
        early.presentationTime = 0.75
        let presentedAt = try early.run().presentedAt ?? .infinity
        #expect(abs(presentedAt - 0.75) <= 1.0 / 60 + 1e-9)
    }
}
