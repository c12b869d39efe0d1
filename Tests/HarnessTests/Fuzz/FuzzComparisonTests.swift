import Foundation
import Harness
import Testing

/// `fuzz compare`: runs of one seed and scene set side by side, refused otherwise, with rates
/// over the scenes each checked and a warning when those differ.
@Suite struct FuzzComparisonTests {
    static func summary(engine: String, seed: UInt64 = 5, scenes: Int = 100, unsupported: [String: Int]? = nil,
                        checked: [String: Int], failing: [String: Int]) -> FuzzSummary {
        FuzzSummary(seed: seed, shards: ["1/1"], engine: engine, replayOptions: nil, ranges: [0...(scenes - 1)], scenesRun: scenes,
                    seconds: 1, jobs: 1, interrupted: false, checked: checked, failing: failing, failures: [], minimal: [],
                    counts: FuzzSummary.Counts(), unsupported: unsupported)
    }

    @Test func runsOfDifferentSeedsOrScenesAreRefused() {
        let a = Self.summary(engine: "A", checked: [:], failing: [:])
        #expect(throws: FuzzComparison.Mismatch.self) { try FuzzComparison([a, Self.summary(engine: "B", seed: 6, checked: [:], failing: [:])]) }
        #expect(throws: FuzzComparison.Mismatch.self) { try FuzzComparison([a, Self.summary(engine: "B", scenes: 99, checked: [:], failing: [:])]) }
        #expect(throws: FuzzComparison.Mismatch.self) { try FuzzComparison([a]) }
    }

    @Test func ratesAreOverTheScenesEachRunChecked() throws {
        let a = Self.summary(engine: "A", unsupported: ["B: snaps": 20], checked: ["containment": 80, "speed": 80], failing: ["containment": 4])
        let b = Self.summary(engine: "B", unsupported: ["B: snaps": 20], checked: ["containment": 80], failing: ["containment": 20])
        let comparison = try FuzzComparison([a, b])
        #expect(comparison.sameScenesChecked)
        let containment = try #require(comparison.rows.first { $0[0] == "containment" })
        #expect(containment == ["containment", "80", "4", "5.0 %", "80", "20", "25.0 %"])
        let speed = try #require(comparison.rows.first { $0[0] == "speed" })
        #expect(speed.suffix(3) == ["0", "0", "–"], "an invariant the other engine cannot be held to shows no rate")
        #expect(comparison.markdown.contains("the rates compare scene for scene"))
        let unequal = try FuzzComparison([Self.summary(engine: "A", checked: [:], failing: [:]), b])
        #expect(!unequal.sameScenesChecked && unequal.markdown.contains("checked different numbers of scenes"))
    }
}
