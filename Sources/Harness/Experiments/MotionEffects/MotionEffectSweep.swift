import Foundation
import MotionEffects
import Reference

extension MotionEffectExperiment {
    static let continuousReferenceReason = "closed-form sinusoid response vs GSL rk8pd (tolerances 1e-13): must agree before the hold error is measured"
    static let holdErrorReason = "tolerance: proven bound h·max|u̇|·20 pt (held input within h·max|u̇| of the continuous one, filter gain ≤ 1); target: leading term (h/2)·max|ẏ| (ẏ = (u − y)/τ at the frames) × (1 + h/τ)"
    static let orderTolerance = 0.2
    static let orderTarget = 0.05
    static let orderReason = "zero-order hold = delay h/2: error (h/2)·|ẏ| + O(h²), order 1; the O(h²) part shifts it by ~0.1·h/τ ≤ 0.02; a first-order hold would give 2"
    /// Errors at or below this are rounding noise: no convergence order is computed there (pt).
    static let roundingFloor = 1e-9

    /// The sample period of `rate` Hz as text, e.g. "1/120".
    static func periodText(_ rate: Double) -> String { "1/\(Int(rate.rounded()))" }

    /// Runs the sinusoid cases at each sample rate (Hz) and measures, per rate, the error against
    /// the exact held-input reference (rounding) and against the response to the continuous
    /// (unsampled) sinusoid (the hold error, O(h)), and the empirical order of the latter.
    static func sweep(cases: [Case], sampleRates: [Double]) throws
        -> (metrics: [Metric], table: ReportTable, notes: [String], sweeps: [SweepSeries]) {
        let filter = try FirstOrderLowPass(timeConstant: timeConstant)
        let periods = sampleRates.map { 1 / $0 }
        var metrics: [Metric] = []
        var heldErrors: [Double] = []
        var holdErrors = Array(repeating: [Double](), count: cases.count)
        var holdCosts = Array(repeating: [Double](), count: cases.count)
        var heldCosts: [Double] = []
        var frequencies: [Double] = []
        for testCase in cases {
            guard case .sinusoid(let frequency) = testCase.role else {
                throw MotionEffectExperimentError(description: "the sweep takes sinusoid cases only, not '\(testCase.name)'")
            }
            frequencies.append(frequency)
            let times = try simulation(testCase, sampleRate: sampleRate).run().map(\.time)
            var agreement = 0.0
            for axis in MotionEffectAxis.allCases {
                agreement = worse(agreement, try continuousReferenceAgreement(
                    filter, amplitude: axis.angle(sinusoidAmplitude) / maximumTiltAngle, frequency: frequency, times: times))
            }
            metrics.append(Metric(caseName: "sweep reference, \(testCase.name)", name: "reference agreement (closed form vs GSL)",
                                  value: agreement, unit: "1", tolerance: .atMost(referenceTolerance),
                                  reason: continuousReferenceReason))
        }
        for (rate, period) in zip(sampleRates, periods) {
            var held = 0.0, cpuSeconds = 0.0, simulatedSeconds = 0.0
            for (index, testCase) in cases.enumerated() {
                let frequency = frequencies[index]
                let observation = try observe(testCase, sampleRate: rate)
                cpuSeconds += observation.cpuSeconds
                simulatedSeconds += testCase.duration
                holdCosts[index].append(observation.cpuSeconds / testCase.duration)
                var holdError = 0.0, largestAmplitude = 0.0, largestRate = 0.0
                for axis in MotionEffectAxis.allCases {
                    let values = observation.values[axis]!
                    held = worse(held, ErrorStatistics(observed: values, reference: observation.referenceValues[axis]!).maximum)
                    let amplitude = axis.angle(sinusoidAmplitude) / maximumTiltAngle
                    largestAmplitude = worse(largestAmplitude, abs(amplitude))
                    let continuous = observation.times.map { t in
                        axis.presentedValue(atOffset: filter.sinusoidResponse(at: t, from: 0, amplitude: amplitude, frequency: frequency))
                    }
                    holdError = worse(holdError, ErrorStatistics(observed: values, reference: continuous).maximum)
                    // |ẏ| = |u − y|/τ of the continuous response (transient included), in pt/s.
                    for (t, value) in zip(observation.times, continuous) {
                        let input = axis.presentedValue(atOffset: amplitude * sin(2 * Double.pi * frequency * t))
                        largestRate = worse(largestRate, abs(input - value) / timeConstant)
                    }
                }
                holdErrors[index].append(holdError)
                // max|u̇| of the larger input (pt/s).
                let inputRate = 2 * Double.pi * frequency * largestAmplitude * (maximumRelativeValue - minimumRelativeValue) / 2
                metrics.append(Metric(caseName: "sweep h = \(periodText(rate)) s, \(testCase.name)",
                                      name: "max error vs continuous input", value: holdError, unit: "pt",
                                      tolerance: .atMost(period * inputRate),
                                      target: .atMost(period / 2 * largestRate * (1 + period / timeConstant)),
                                      reason: holdErrorReason))
            }
            heldErrors.append(held)
            heldCosts.append(cpuSeconds / simulatedSeconds)
            metrics.append(effectErrorMetric(caseName: "sweep h = \(periodText(rate)) s, sinusoids", error: held))
        }
        let orders = holdErrors.map { ConvergenceOrder.estimate(steps: periods, errors: $0, floor: roundingFloor) }
        for (index, testCase) in cases.enumerated() {
            for (step, order) in orders[index].enumerated() {
                let pair = "\(periodText(sampleRates[step])) → \(periodText(sampleRates[step + 1])) s"
                metrics.append(Metric(caseName: "sweep, \(testCase.name)", name: "hold-error convergence order \(pair)",
                                      value: order ?? .nan, unit: "1", tolerance: .within(orderTolerance, of: 1),
                                      target: .within(orderTarget, of: 1), reason: orderReason, resolution: ConvergenceOrder.resolution))
            }
        }
        var columns = ["sample period (s)", "max error vs held-input reference (pt)"]
        for testCase in cases { columns += ["\(testCase.name): error vs continuous input (pt)", "order"] }
        let rows = sampleRates.indices.map { row in
            var cells = [periodText(sampleRates[row]), NumberFormat.short(heldErrors[row])]
            for index in cases.indices {
                cells.append(NumberFormat.short(holdErrors[index][row]))
                cells.append(row == 0 ? "—" : orders[index][row - 1].map { NumberFormat.short($0) } ?? "rounding floor")
            }
            return cells
        }
        let table = ReportTable(title: "Sample-period sweep (frames at 60 fps; max over center.x and center.y)",
                                columns: columns, rows: rows)
        let notes = [
            "Sweep: against the exact held-input reference the error stays at rounding for every sample period; against the continuous input it is the hold's h/2 delay, ≈ (h/2)·max|ẏ|, so it halves with h (order 1).",
        ]
        let stepName = "sample period h"
        var sweeps = [SweepSeries(caseName: "sinusoids", quantity: "max error vs held-input reference", unit: "pt",
                                  stepName: stepName, steps: periods, errors: heldErrors, cpuSecondsPerSimulatedSecond: heldCosts,
                                  expectedOrder: nil, roundingFloor: roundingFloor)]
        for (index, testCase) in cases.enumerated() {
            sweeps.append(SweepSeries(caseName: testCase.name, quantity: "max error vs continuous input", unit: "pt",
                                      stepName: stepName, steps: periods, errors: holdErrors[index],
                                      cpuSecondsPerSimulatedSecond: holdCosts[index], expectedOrder: 1,
                                      roundingFloor: roundingFloor))
        }
        return (metrics, table, notes, sweeps)
    }
}
