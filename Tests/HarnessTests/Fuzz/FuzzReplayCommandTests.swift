import Foundation
@testable import Harness
import Testing

/// The fuzz report's replay commands replay a failure on the engine that found it: a run on the
/// rigid contact solver has its minimal scenes replayed with `--rigid`, a run that records no
/// options (or a summary written before they were recorded) with none.
@Suite struct FuzzReplayCommandTests {
    static func summary(replayOptions: [String]?) -> FuzzSummary {
        let minimal = FuzzSummary.Minimal(invariant: .momentum, index: 62, detail: "angular momentum changed", scene: "minimal/momentum-62.json",
                                          animation: nil, items: 2, behaviors: 1, events: 0, shrinkTries: 40)
        return FuzzSummary(seed: 5, shards: ["1/1"], engine: "Dynamics (rigid)", replayOptions: replayOptions, ranges: [0...99],
                           scenesRun: 100, seconds: 1, jobs: 2, interrupted: false, checked: ["momentum": 100], failing: ["momentum": 1],
                           failures: [], minimal: [minimal])
    }

    @Test func aRigidRunsReportReplaysWithTheRigidSolver() {
        let summary = Self.summary(replayOptions: ["--rigid"])
        #expect(FuzzReport.markdown(summary).contains("`harness replay minimal/momentum-62.json --rigid`"))
        #expect(FuzzReport.html(summary, animations: [:]).contains("harness replay minimal/momentum-62.json --rigid"))
    }

    @Test func aRunWithoutOptionsReplaysTheSceneAlone() {
        for options in [nil, []] as [[String]?] {
            #expect(FuzzReport.markdown(Self.summary(replayOptions: options)).contains("`harness replay minimal/momentum-62.json`"))
        }
    }

    @Test func aSummaryWrittenBeforeReplayOptionsStillDecodes() throws {
        let encoded = try JSONEncoder().encode(Self.summary(replayOptions: nil))
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["replayOptions"] == nil)
        object["replayOptions"] = ["--rigid"]
        let decoded = try JSONDecoder().decode(FuzzSummary.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded.replayOptions == ["--rigid"])
        #expect(try JSONDecoder().decode(FuzzSummary.self, from: encoded).replayOptions == nil)
    }
}
