import Foundation
import MotionEffects
import Reference
import Testing

import DynamicsAdapter
@testable import Harness

@Suite("Experiment 5: motion-effect interpolation")
struct MotionEffectExperimentTests {
    typealias E = MotionEffectExperiment

    /// Frame times n/60 s up to `duration` s.
    static func frameTimes(upTo duration: Double) -> [Double] {
        (0...Int((duration * 60).rounded())).map { Double($0) / 60 }
    }

    @Test("the quick run is registered, passes every tolerance and has every kind of metric")
    func quickRun() throws {
        let experiment = try #require(ExperimentCatalog.experiment(withID: "motion-effects"))
        let result = try experiment.run(ExperimentOptions(quick: true, engine: DynamicsEngine()))
        let failures = result.metrics.filter { $0.verdict == .fail }
        #expect(failures.isEmpty, "\(failures.map { "\($0.caseName) / \($0.name): \($0.value)" })")
        for fragment in ["reference agreement", "max smoothed-tilt error", "max effect error", "group simultaneity",
                         "phase lag", "gain", "step overshoot", "rise time", "clamping: excursion",
                         "clamping: saturated values off the bound", "same seed twice", "another seed",
                         "max error vs continuous input", "convergence order"] {
            #expect(result.metrics.contains { $0.name.contains(fragment) }, "no metric named like '\(fragment)'")
        }
        #expect(result.metrics.allSatisfy { !$0.reason.isEmpty })
        // Quick: no 0.5 Hz sinusoid case, a sweep of two periods (one order per sinusoid).
        #expect(!result.metrics.contains { $0.caseName == "sinusoid 0.5 Hz" })
        #expect(result.metrics.filter { $0.name.contains("convergence order") }.count == 1)
        #expect(result.tables.first?.rows.count == 2)
    }

    @Test("the full run passes and measures order 1 for the hold error")
    func fullRun() throws {
        let result = try E().run(ExperimentOptions(quick: false, engine: DynamicsEngine()))
        #expect(result.verdict != .fail)
        let orders = result.metrics.filter { $0.name.contains("convergence order") }
        #expect(orders.count == 6)
        // 0.05: the O(h²) part of the hold error shifts the order by ~0.1·h/τ ≤ 0.02.
        #expect(orders.allSatisfy { abs($0.value - 1) <= 0.05 })
    }

    @Test("the held-input reference matches hand-computed values, and GSL agrees")
    func heldInputReference() throws {
        // τ = 1 s, at rest at 0, input 1 on [0, 1) then 0: y = 1 − e^(−t), then (1 − e^(−1))·e^(−(t − 1)).
        let reference = HeldInputLowPass(filter: try FirstOrderLowPass(timeConstant: 1), sampleTimes: [0, 1],
                                         inputs: [1, 0], initialOutput: 0)
        let times = [0, 0.5, 1, 2]
        let expected = [0, 0.39346934028736658, 0.63212055882855767, 0.23254415793482963]
        let outputs = reference.outputs(at: times)
        // 1e-15: a handful of roundings on values ≤ 1.
        for (output, value) in zip(outputs, expected) { #expect(abs(output - value) <= 1e-15) }
        let integrated = try reference.integrated(at: times)
        // 1e-12: rk8pd at per-step tolerances 1e-13 over a few steps.
        for (output, value) in zip(integrated, expected) { #expect(abs(output - value) <= 1e-12) }
    }

    @Test("the held-input reference equals the superposition of steps")
    func heldInputSuperposition() throws {
        // τ = 0.5 s, y(0) = 0.2, inputs 1, −1, 0.5 held from 0, 0.25, 0.75 s. By superposition,
        // y(t) = 0.2·e^(−t/τ) + Σ_k u_k·(e^(−(t − t_{k+1})/τ) − e^(−(t − t_k)/τ)) over the started intervals.
        let (tau, y0) = (0.5, 0.2)
        let starts = [0, 0.25, 0.75], inputs = [1.0, -1, 0.5]
        let reference = HeldInputLowPass(filter: try FirstOrderLowPass(timeConstant: tau), sampleTimes: starts,
                                         inputs: inputs, initialOutput: y0)
        let times = [0.1, 0.25, 0.6, 1.0, 3.0]
        for (t, output) in zip(times, reference.outputs(at: times)) {
            var y = y0 * exp(-t / tau)
            for k in starts.indices where starts[k] <= t {
                let end = min(k + 1 < starts.count ? starts[k + 1] : t, t)
                y += inputs[k] * (exp(-(t - end) / tau) - exp(-(t - starts[k]) / tau))
            }
            // 1e-15: sums of a few terms of size ≤ 1.
            #expect(abs(output - y) <= 1e-15, "t = \(t)")
        }
    }

    @Test("presented values are base + min + (o·0.5 + 0.5)(max − min)")
    func presentedValueMapping() {
        #expect(MotionEffectAxis.horizontal.presentedValue(atOffset: -1) == 140)
        #expect(MotionEffectAxis.horizontal.presentedValue(atOffset: 0) == 160)
        #expect(MotionEffectAxis.horizontal.presentedValue(atOffset: 1) == 180)
        #expect(MotionEffectAxis.vertical.presentedValue(atOffset: 0.5) == 250)
    }

    @Test("a vertical member one frame late fails simultaneity and the effect error")
    func simultaneityCanFail() throws {
        let observation = try E.observe(E.sinusoidCase(frequency: 2), sampleRate: E.sampleRate)
        let x = try #require(observation.values[.horizontal]), y = try #require(observation.values[.vertical])
        let offsets = observation.frames.map(\.offset)
        #expect(E.simultaneityMismatches(frameOffsets: offsets, appliedOffsets: observation.appliedOffsets, x: x, y: y) == 0)
        let late = [y[0]] + y.dropLast()
        let mismatches = E.simultaneityMismatches(frameOffsets: offsets, appliedOffsets: observation.appliedOffsets,
                                                  x: x, y: late)
        #expect(mismatches > offsets.count / 2)
        let error = ErrorStatistics(observed: late, reference: try #require(observation.referenceValues[.vertical])).maximum
        #expect(E.effectErrorMetric(caseName: "late", error: error).verdict == .fail)
    }

    @Test("step metrics pass an exact exponential and fail an overshoot or a wrong τ")
    func stepMetricsCanFail() {
        let times = Self.frameTimes(upTo: 2)
        let (stepTime, initial, final) = (0.5, 160.0, 175.0)
        func response(_ progress: (Double) -> Double) -> [Double] {
            times.map { $0 < stepTime ? initial : initial + progress($0 - stepTime) * (final - initial) }
        }
        func verdicts(_ values: [Double]) -> [Verdict] {
            E.stepMetrics(caseName: "synthetic", axis: .horizontal, times: times, values: values, stepTime: stepTime,
                          initialValue: initial, finalValue: final).map(\.verdict)
        }
        #expect(verdicts(response { 1 - exp(-$0 / 0.1) }) == [.pass, .pass])
        #expect(verdicts(response { 1 - exp(-$0 / 0.101) }) == [.pass, .fail])
        // Second order, ζ = 0.5, ω = 20 rad/s: overshoots by e^(−π/√3) ≈ 16 %.
        let (zeta, omega) = (0.5, 20.0)
        let damped = omega * (1 - zeta * zeta).squareRoot()
        let secondOrder = response { 1 - exp(-zeta * omega * $0) * (cos(damped * $0) + zeta * omega / damped * sin(damped * $0)) }
        #expect(verdicts(secondOrder).first == .fail)
        #expect(E.overshoot(values: secondOrder, initialValue: initial, finalValue: final) > 2)
    }

    @Test("the Fourier measurement recovers a known sinusoid and the lag metric rejects one frame of delay")
    func sinusoidMetricsCanFail() throws {
        let times = Self.frameTimes(upTo: 6)
        let (frequency, amplitude, lag) = (2.0, 7.5, 0.9)
        let omega = 2 * Double.pi * frequency
        let values = times.map { 160 + amplitude * sin(omega * $0 - lag) }
        let measured = E.fundamental(times: times, values: values, frequency: frequency)
        // 1e-12: sums of 240 products of size ≤ 170.
        #expect(abs(measured.amplitude - amplitude) <= 1e-12 && abs(measured.lag - lag) <= 1e-12)

        let observation = try E.observe(E.sinusoidCase(frequency: frequency), sampleRate: E.sampleRate)
        let x = try #require(observation.values[.horizontal])
        #expect(x.count == times.count)
        func verdicts(_ values: [Double]) -> [Verdict] {
            E.sinusoidMetrics(caseName: "synthetic", axis: .horizontal, times: times, values: values, frequency: frequency,
                              amplitude: E.sinusoidAmplitude.roll, sampleRate: E.sampleRate).map(\.verdict)
        }
        #expect(verdicts(x) == [.pass, .pass])
        #expect(verdicts([x[0]] + x.dropLast()) == [.fail, .pass])
        #expect(verdicts(x.map { 160 + 0.9 * ($0 - 160) }) == [.pass, .fail])
    }

    @Test("clamping metrics fail for a value beyond the range or a saturated value off the bound")
    func clampingMetricsCanFail() throws {
        let smoothed = try (0..<120).map { n in
            let o = n < 40 ? 1.5 : (n < 80 ? -1.5 : 0.25)
            return try ViewerOffset(horizontal: o, vertical: -o)
        }
        func values(_ tweak: (inout [Double]) -> Void = { _ in }) -> [MotionEffectAxis: [Double]] {
            var x = smoothed.map { MotionEffectAxis.horizontal.presentedValue(atOffset: min(max($0.horizontal, -1), 1)) }
            tweak(&x)
            return [.horizontal: x,
                    .vertical: smoothed.map { MotionEffectAxis.vertical.presentedValue(atOffset: min(max($0.vertical, -1), 1)) }]
        }
        func verdicts(_ values: [MotionEffectAxis: [Double]]) -> [Verdict] {
            E.clampingMetrics(caseName: "synthetic", smoothed: smoothed, values: values).map(\.verdict)
        }
        #expect(verdicts(values()) == [.pass, .pass, .pass])
        #expect(verdicts(values { $0[3] = 180.5 }) == [.fail, .fail, .pass])
        #expect(verdicts(values { $0[50] = 140.25 }) == [.pass, .fail, .pass])
        let unsaturated = try smoothed.map { _ in try ViewerOffset(horizontal: 0.5, vertical: 0.5) }
        #expect(E.clampingMetrics(caseName: "synthetic", smoothed: unsaturated, values: values()).last?.verdict == .fail)
    }

    @Test("determinism metrics fail when runs with one seed differ")
    func determinismCanFail() throws {
        func presented(seed: UInt64) throws -> [PresentedFrame] {
            try E.simulation(E.noiseCase(seed: seed), sampleRate: E.sampleRate).drive(try E.makeTarget())
        }
        let a = try presented(seed: 5), b = try presented(seed: 6)
        #expect(E.determinismMetrics(caseName: "synthetic", first: a, repeated: a, otherSeed: b).map(\.verdict) == [.pass, .pass])
        #expect(E.determinismMetrics(caseName: "synthetic", first: a, repeated: b, otherSeed: a).map(\.verdict) == [.fail, .fail])
    }
}
