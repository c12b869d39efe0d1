import Foundation
import Testing

/// `harness replay`: one scene, every invariant, exit status 1 when anything fails.
@Suite struct ReplayCommandTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Golden/fuzz")

    /// Replays a known open failure (`Golden/fuzz/open/`); when the solver fixes it, the scene
    /// moves up to `Golden/fuzz/` and this test takes another open one.
    @Test func aFailingSceneIsReportedWithItsInvariant() throws {
        let outcome = try HarnessToolTests.run(["replay", Self.golden.appendingPathComponent("open/constraints-light-pin-chain-whipped-by-a-7000-times-heavier-thrown-item.json").path])
        #expect(outcome.status == 1)
        #expect(outcome.output.contains("FAIL constraints: pin attachment"))
    }

    @Test func aPassingSceneSaysSo() throws {
        let outcome = try HarnessToolTests.run(["replay", Self.golden.appendingPathComponent("runs-behavior-added-back-under-its-id.json").path])
        #expect(outcome.status == 0, "\(outcome.output)\(outcome.error)")
        #expect(outcome.output.contains("all invariants hold"))
    }

    @Test func aBadFileIsAClearError() throws {
        let outcome = try HarnessToolTests.run(["replay", "/nonexistent/scene.json"])
        #expect(outcome.status == 1 && outcome.error.contains("/nonexistent/scene.json"))
    }
}
