@testable import Harness
import Testing

/// Verdicts on a metric's move at the edges of its noise band, for every way a metric gets better.
@Suite struct MetricDeltaTests {
    // Values and bands are chosen so that every edge is exact in binary floating point: the test
    // is about the inclusive edge, not about rounding.
    @Test func lowerIsBetterAtTheBandEdges() {
        let judge = { MetricDelta(before: 1, after: $0, preference: .lowerIsBetter, band: 0.25).status }
        #expect(judge(1.25) == .unchanged)
        #expect(judge(1.25.nextUp) == .regressed)
        #expect(judge(0.75) == .unchanged)
        #expect(judge(0.75.nextDown) == .improved)
    }

    @Test func higherIsBetterAtTheBandEdges() {
        let judge = { MetricDelta(before: 4, after: $0, preference: .higherIsBetter, band: 0.25).status }
        #expect(judge(3) == .unchanged)
        #expect(judge(3.0.nextDown) == .regressed)
        #expect(judge(5) == .unchanged)
        #expect(judge(5.0.nextUp) == .improved)
    }

    @Test func closerToTheMiddleAtTheBandEdges() {
        let preference = MetricPreference(tolerance: .within(0.5, of: 2))
        #expect(preference == .closerTo(2))
        let judge = { MetricDelta(before: 2.5, after: $0, preference: preference, band: 0.5).status }
        #expect(judge(1.25) == .unchanged)
        #expect(judge(2.75) == .unchanged)
        #expect(judge(2.75.nextUp) == .regressed)
        #expect(judge(2.25.nextDown) == .improved)
    }

    @Test func aZeroBandCountsEveryBit() {
        #expect(MetricDelta(before: 1, after: 1, preference: .lowerIsBetter, band: 0).status == .unchanged)
        #expect(MetricDelta(before: 1, after: 1.0.nextUp, preference: .lowerIsBetter, band: 0).status == .regressed)
        #expect(MetricDelta(before: 1, after: 1.0.nextDown, preference: .lowerIsBetter, band: 0).status == .improved)
        #expect(MetricDelta(before: 0, after: 1e-300, preference: .lowerIsBetter, band: 0).worsening == .infinity)
    }

    @Test func movesWithinTheResolutionAreRounding() {
        let judge = { (before: Double, after: Double) in
            MetricDelta(before: before, after: after, preference: .lowerIsBetter, band: 0, resolution: 1e-12).status
        }
        #expect(judge(1.9e-16, 0) == .unchanged)
        #expect(judge(1e-12, 4e-13) == .unchanged)
        #expect(judge(1e-12, 1e-12.nextUp) == .regressed)
        #expect(judge(2e-12, 1e-13) == .improved)
        // Two-sided metrics measure their distance from the middle; higher-is-better ones have no
        // rounding floor to speak of.
        #expect(MetricDelta(before: 2 + 1e-13, after: 2 - 1e-13, preference: .closerTo(2), band: 0, resolution: 1e-12).status
            == .unchanged)
        #expect(MetricDelta(before: 1e-13, after: 0, preference: .higherIsBetter, band: 0, resolution: 1e-12).status == .regressed)
    }

    @Test func notANumberIsWorseThanAnyNumber() {
        #expect(MetricDelta(before: 1, after: .nan, preference: .lowerIsBetter, band: 0.5).status == .regressed)
        #expect(MetricDelta(before: .nan, after: 1e9, preference: .lowerIsBetter, band: 0.5).status == .improved)
        #expect(MetricDelta(before: .nan, after: .nan, preference: .lowerIsBetter, band: 0).status == .unchanged)
        #expect(MetricDelta(before: 1, after: .infinity, preference: .lowerIsBetter, band: 0.5).status == .regressed)
    }

    @Test func relativeWorseningIsSignedAndScaledByTheBaseline() {
        let delta = MetricDelta(before: 2, after: 3, preference: .lowerIsBetter, band: 0)
        #expect(delta.worsening == 0.5)
        #expect(MetricDelta(before: 2, after: 3, preference: .higherIsBetter, band: 0).worsening == -0.5)
    }

    @Test func aMetricWithoutDirectionOnlyChanges() {
        #expect(MetricDelta(before: 1, after: 2, preference: .none, band: 0).status == .changed)
        #expect(MetricDelta(before: 1, after: 1, preference: .none, band: 0).status == .unchanged)
    }

    @Test func aRegressionTurnsAPassingOrMissedMetricIntoRegressedButNeverHidesAFailure() {
        var passing = Metric(caseName: "c", name: "m", value: 0.5, unit: "pt", tolerance: .atMost(1), reason: "r")
        passing.compare(withBaseline: 0.4)
        #expect(passing.verdict == .regressed)
        var missed = Metric(caseName: "c", name: "m", value: 0.5, unit: "pt", tolerance: .atMost(1), target: .atMost(0.1), reason: "r")
        #expect(missed.verdict == .missedTarget)
        missed.compare(withBaseline: 0.6)
        #expect(missed.verdict == .missedTarget)
        #expect(missed.change?.status == .improved)
        missed.compare(withBaseline: 0.4)
        #expect(missed.verdict == .regressed)
        var failing = Metric(caseName: "c", name: "m", value: 2, unit: "pt", tolerance: .atMost(1), reason: "r")
        failing.compare(withBaseline: 1.5)
        #expect(failing.verdict == .fail)
    }

    @Test func verdictTextSaysBelowOnlyWhereHigherIsBetter() {
        let lower = Metric(caseName: "c", name: "m", value: 0.5, unit: "pt", tolerance: .atMost(1), target: .atMost(0.1), reason: "r")
        let higher = Metric(caseName: "c", name: "m", value: 2, unit: "1", tolerance: .atLeast(1), target: .atLeast(3), reason: "r")
        #expect(lower.verdictText == "missed target")
        #expect(higher.verdictText == "below target")
    }
}
