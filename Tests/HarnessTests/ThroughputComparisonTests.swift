import Foundation
@testable import Harness
import Testing

/// The throughput verdict: faster or slower only when every round's ratio lies on one side of 1.
@Suite struct ThroughputComparisonTests {
    /// Rounds of `boxes` boxes with the before version at 2 ms and the after version at 2·ratio.
    static func rounds(_ ratios: [Double], boxes: Int = 1000) -> [ThroughputComparison.Round] {
        ratios.enumerated().map { index, ratio in
            ThroughputComparison.Round(boxes: boxes, round: index + 1, beforeMilliseconds: 2, afterMilliseconds: 2 * ratio)
        }
    }

    @Test func theVerdictNeedsEveryRoundOnOneSideOfOne() throws {
        let slower = try ThroughputComparison(rounds: Self.rounds([1.04, 1.01, 1.06, 1.02, 1.03]))
        #expect(slower.verdict == .slower)
        let size = try #require(slower.sizes.first)
        #expect(abs(size.medianRatio - 1.03) < 1e-12 && abs(size.lowestRatio - 1.01) < 1e-12 && abs(size.highestRatio - 1.06) < 1e-12)
        #expect(size.confidence == 1 - 1.0 / 16)
        // One round on the other side: the interval straddles 1, whatever the median says.
        #expect(try ThroughputComparison(rounds: Self.rounds([1.04, 0.99, 1.06, 1.05, 1.08])).verdict == .withinNoise)
        #expect(try ThroughputComparison(rounds: Self.rounds([0.9, 0.95, 0.97, 0.92, 0.99])).verdict == .faster)
        // A ratio of exactly 1 is not beyond the noise.
        #expect(try ThroughputComparison(rounds: Self.rounds([1, 1.1, 1.1, 1.1, 1.1])).verdict == .withinNoise)
        // Four rounds hold the median with 87.5 %: not judged.
        #expect(try ThroughputComparison(rounds: Self.rounds([1.5, 1.5, 1.5, 1.5])).verdict == .notJudged)
    }

    @Test func aSlowdownAtAnySizeMakesTheWholeSlower() throws {
        let mixed = try ThroughputComparison(rounds: Self.rounds([0.9, 0.9, 0.9, 0.9, 0.9], boxes: 500)
            + Self.rounds([1.1, 1.1, 1.1, 1.1, 1.1], boxes: 2000))
        #expect(mixed.sizes.map(\.verdict) == [.faster, .slower])
        #expect(mixed.verdict == .slower)
    }

    @Test func theTableIsReadWithTypedErrors() throws {
        let table = try ThroughputComparison.parse(csv: "boxes,round,before_ms,after_ms\n1000,1,2.0,2.2\n\n1000,2,2.0,2.4\n")
        #expect(table.sizes.first?.rounds.map(\.ratio).map { ($0 * 10).rounded() / 10 } == [1.1, 1.2])
        #expect(throws: ThroughputComparison.InputError.header(found: "n,a,b")) { try ThroughputComparison.parse(csv: "n,a,b\n1,1,1\n") }
        #expect(throws: ThroughputComparison.InputError.malformedLine(line: 2, text: "1000,1,two,2")) {
            try ThroughputComparison.parse(csv: "boxes,round,before_ms,after_ms\n1000,1,two,2\n")
        }
        #expect(throws: ThroughputComparison.InputError.notPositive(boxes: 1000, round: 1, value: 0)) {
            try ThroughputComparison.parse(csv: "boxes,round,before_ms,after_ms\n1000,1,0,2\n")
        }
        #expect(throws: ThroughputComparison.InputError.noRounds) { try ThroughputComparison.parse(csv: "boxes,round,before_ms,after_ms\n") }
    }

    @Test func everyReportKeepsTheTableTheIntervalAndTheVerdict() throws {
        let throughput = try ThroughputComparison(rounds: Self.rounds([1.04, 1.01, 1.06, 1.02, 1.03]))
        let comparison = try RunComparison(before: RunComparisonTests.before, after: RunComparisonTests.before, throughput: throughput)
        #expect(comparison.fails && comparison.outcome == .worse, "a slower throughput fails a comparison of versions")
        #expect(comparison.verdictLine.contains("throughput slower: N = 1000: slower, median ratio 1.030 (1.010–1.060 over 5 rounds, 94 % confidence)"))
        let markdown = ComparisonReport.markdown(comparison)
        #expect(markdown.contains("## Throughput: slower"))
        #expect(markdown.contains("| 1000 | slower | 1.03 | 1.01–1.06 (5 rounds) | 93.75 % |"))
        #expect(markdown.contains("| 1000 | 3 | 2 | 2.12 | 1.06 |"))
        let html = ComparisonReport.html(comparison)
        #expect(html.contains("<h2>Throughput: <span class=\"regressed\">slower</span></h2>"))
        #expect(html.contains("<td>1.01–1.06 (5 rounds)</td>"))
        let json = try #require(try JSONSerialization.jsonObject(with: ComparisonJSON.encode(comparison)) as? [String: Any])
        let table = try #require(json["throughput"] as? [String: Any])
        #expect(table["verdict"] as? String == "slower")
        let size = try #require((table["sizes"] as? [[String: Any]])?.first)
        #expect(size["lowestRatio"] as? Double == 2.02 / 2 && size["highestRatio"] as? Double == 2.12 / 2)
        #expect((size["rounds"] as? [[String: Any]])?.count == 5)
        // Across engines the throughput is reported, never failed.
        let other = RunComparisonTests.run(["a": 1], commit: "x", engine: "Other")
        #expect(try !RunComparison(before: RunComparisonTests.before, after: other, throughput: throughput).fails)
    }
}
