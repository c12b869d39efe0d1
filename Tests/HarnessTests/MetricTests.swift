import Foundation
@testable import Harness
import Testing

@Suite struct MetricTests {
    @Test func verdictFollowsToleranceThenTarget() {
        func verdict(_ value: Double) -> Verdict {
            Metric(caseName: "c", name: "m", value: value, unit: "pt", tolerance: .atMost(1), target: .atMost(0.1), reason: "r").verdict
        }
        #expect(verdict(0.05) == .pass)
        #expect(verdict(0.5) == .missedTarget)
        #expect(verdict(2) == .fail)
        #expect(verdict(.nan) == .fail)
    }

    @Test func twoSidedLimits() {
        let limit = Limit.within(0.5, of: 4)
        #expect(limit.admits(4.4) && !limit.admits(3.4) && !limit.admits(.nan))
        #expect(limit.description == "4 ± 0.5")
    }

    /// The estimator is checked against an independent first-order scheme: semi-implicit Euler
    /// for free fall has position error exactly ½·g·h·t at time t, so its order is exactly 1.
    @Test func convergenceOrderOfSemiImplicitEulerIsOne() {
        let g = 1000.0, duration = 2.0
        let steps = [1.0 / 60, 1.0 / 120, 1.0 / 240, 1.0 / 480]
        let errors = steps.map { h -> Double in
            var x = 0.0, v = 0.0
            for _ in 0..<Int((duration / h).rounded()) {
                v += g * h
                x += v * h
            }
            return abs(x - 0.5 * g * duration * duration)
        }
        let orders = ConvergenceOrder.estimate(steps: steps, errors: errors, floor: 1e-9)
        #expect(orders.count == 3)
        // Error ½·g·h·T is linear in h; rounding perturbs the ratio by ~1e-12.
        for order in orders { #expect(abs((order ?? 0) - 1) < 1e-9) }
        // At the rounding floor the order is not reported.
        #expect(ConvergenceOrder.estimate(steps: [0.1, 0.05], errors: [1e-12, 1e-13], floor: 1e-9) == [nil])
    }

    @Test func errorStatisticsNeverHideANaN() {
        let statistics = ErrorStatistics(observed: [1, .nan, 3], reference: [1, 2, 3])
        #expect(statistics.maximum.isNaN && statistics.rms.isNaN)
        let clean = ErrorStatistics(observed: [1, 2, 5], reference: [1, 2, 3])
        #expect(clean.maximum == 2 && clean.final == 2)
        #expect(abs(clean.rms - (4.0 / 3).squareRoot()) < 1e-15)
    }

    @Test func seriesAreDownsampledKeepingBothEnds() {
        let times = (0..<1000).map(Double.init)
        let series = Series(caseName: "c", name: "n", unit: "u", time: times, observed: times, reference: times, maximumPoints: 11)
        #expect(series.time.count == 11)
        #expect(series.time.first == 0 && series.time.last == 999)
    }
}
