import Foundation
import MotionEffects
import Reference

extension MotionEffectExperiment {
    // Limits, each with its reason. Offsets are dimensionless; values are in points.

    static let referenceTolerance = 1e-9
    static let referenceReason = "closed form vs GSL rk8pd (tolerances 1e-13) per hold interval: must agree before the module is judged"
    static let tiltTolerance = 1e-12
    static let tiltReason = "exact held-input response in both: rounding only, a few ulp (≤ 4.4e-16 for |o| ≤ 2.5) per step remembered over ~τ/h steps ≈ 1e-14; 100× margin"
    static let effectTolerance = 1e-11
    static let effectReason = "rounding only: ≲ 1e-14 offset × 20 pt plus one ulp of ≤ 260 pt (5.7e-14) ≈ 1e-13; ~100× margin (one frame late at 2 Hz ≈ 2 pt)"
    static let simultaneityReason = "both group members see the frame's own offset sample: x and y must equal, bit for bit, the interpolation of that frame's (h, v)"
    static let overshootTolerance = 1e-12
    static let overshootReason = "a first-order response to a step is monotone: overshoot 0; only rounding (ulp of ≤ 256 pt = 2.8e-14) may show"
    static let riseTimeTolerance = 1e-12
    static let riseTimeReason = "step on a sample instant: exactly 1 − e^(−t/τ), 63.2 % at t = τ; log-linear interpolation between frames is exact; rounding ≲ 1e-15 s (1 % τ error: 1e-3 s)"
    static let lagTolerance = 1e-3
    static let lagReason = "atan(ωτ) + ωh/2 (the hold delays the fundamental by h/2 exactly); its images aliased by 60 fps shift it ≲ 2e-4 rad; one frame late ≥ 0.05 rad"
    static let gainRelativeTolerance = 1e-3
    static let gainReason = "sinc(ωh/2)/√(1 + (ωτ)²) of the hold's fundamental; aliased images move it ≲ 2e-4 (relative); a 5 % τ error moves it ≥ 4e-3"
    static let excursionReason = "offsets are clamped to [-1, 1] before interpolation and ±1 maps to min/max exactly: no value beyond the range"
    static let saturatedOffBoundReason = "wherever the smoothed tilt is beyond ±1 the presented value must equal base + max (or base + min) exactly"
    static let minimumSaturatedFrames = 30.0
    static let saturatedFramesReason = "the case must saturate both ways on both axes (≈ 90 frames expected each), else the clamping checks are vacuous"
    static let repeatReason = "SplitMix64-seeded noise: the same seed must give bit-identical presented frames"
    static let minimumDifferingFraction = 0.99
    static let differentSeedReason = "every sample draws fresh noise, so every frame of another seed differs; 0.99 leaves room for a coincidence"

    /// What one case produced, next to its references.
    struct Observation {
        /// Frame times (s).
        var times: [Double]
        /// Every stage of the sensor path, per frame (an independent `run()` of the simulation).
        var frames: [TiltFrame]
        /// The offsets `drive` applied, per frame.
        var appliedOffsets: [ViewerOffset]
        /// Presented values per axis (pt).
        var values: [MotionEffectAxis: [Double]]
        /// The exact held-input low-pass, per axis.
        var reference: [MotionEffectAxis: HeldInputLowPass]
        /// Its output at the frame times, per axis (dimensionless, not clamped).
        var referenceTilt: [MotionEffectAxis: [Double]]
        /// That output clamped and interpolated, per axis (pt).
        var referenceValues: [MotionEffectAxis: [Double]]
        /// CPU seconds of the module's work (the simulation's run and drive), not deterministic.
        var cpuSeconds: Double
    }

    /// Runs `testCase` at `sampleRate` Hz and computes its reference.
    static func observe(_ testCase: Case, sampleRate: Double) throws -> Observation {
        let simulation = try simulation(testCase, sampleRate: sampleRate)
        let ((frames, presented), cpuSeconds) = try CPUClock.measure { (simulation.run(), try simulation.drive(try makeTarget())) }
        let times = frames.map(\.time)
        let input = try heldInput(testCase, sampleRate: sampleRate)
        let filter = try FirstOrderLowPass(timeConstant: timeConstant)
        var observation = Observation(times: times, frames: frames, appliedOffsets: presented.map(\.offset),
                                      values: [:], reference: [:], referenceTilt: [:], referenceValues: [:],
                                      cpuSeconds: cpuSeconds)
        for axis in MotionEffectAxis.allCases {
            let inputs = input.tilt[axis] ?? []
            let reference = HeldInputLowPass(filter: filter, sampleTimes: input.times, inputs: inputs,
                                             initialOutput: inputs.first ?? 0)
            let tilt = reference.outputs(at: times)
            observation.reference[axis] = reference
            observation.referenceTilt[axis] = tilt
            observation.referenceValues[axis] = tilt.map { axis.presentedValue(atOffset: min(max($0, -1), 1)) }
            observation.values[axis] = presented.map { scalar($0.values[axis.keyPath]) }
        }
        return observation
    }

    /// The number in a scalar value; NaN for anything else, so that a wrong kind can never pass.
    static func scalar(_ value: MotionValue?) -> Double {
        if case .scalar(let v)? = value { return v }
        return .nan
    }

    struct Evaluation {
        var metrics: [Metric] = []
        var series: [Series] = []
    }

    /// Runs one case at the nominal sample rate and judges it.
    static func evaluate(_ testCase: Case) throws -> Evaluation {
        let observation = try observe(testCase, sampleRate: sampleRate)
        let name = testCase.name
        var evaluation = Evaluation()
        var agreement = 0.0, tiltError = 0.0, effectError = 0.0
        for axis in MotionEffectAxis.allCases {
            let reference = observation.reference[axis]!, referenceTilt = observation.referenceTilt[axis]!
            agreement = worse(agreement, try referenceAgreement(reference, closedForm: referenceTilt, times: observation.times))
            tiltError = worse(tiltError, ErrorStatistics(observed: observation.frames.map { axis.component($0.smoothed) },
                                                       reference: referenceTilt).maximum)
            effectError = worse(effectError, ErrorStatistics(observed: observation.values[axis]!,
                                                           reference: observation.referenceValues[axis]!).maximum)
            evaluation.series.append(Series(caseName: name, name: axis.rawValue, unit: "pt", time: observation.times,
                                            observed: observation.values[axis]!, reference: observation.referenceValues[axis]!))
        }
        let mismatches = simultaneityMismatches(frameOffsets: observation.frames.map(\.offset),
                                                appliedOffsets: observation.appliedOffsets,
                                                x: observation.values[.horizontal]!, y: observation.values[.vertical]!)
        evaluation.metrics += [
            Metric(caseName: name, name: "reference agreement (closed form vs GSL)", value: agreement, unit: "1",
                   tolerance: .atMost(referenceTolerance), reason: referenceReason, resolution: 1e-12),
            Metric(caseName: name, name: "max smoothed-tilt error", value: tiltError, unit: "1",
                   tolerance: .atMost(tiltTolerance), reason: tiltReason, resolution: 1e-12),
            effectErrorMetric(caseName: name, error: effectError),
            Metric(caseName: name, name: "group simultaneity: frames off their own offset", value: Double(mismatches),
                   unit: "frames", tolerance: .atMost(0), reason: simultaneityReason),
        ]
        switch testCase.role {
        case .step(let time):
            for axis in MotionEffectAxis.allCases {
                evaluation.metrics += stepMetrics(
                    caseName: name, axis: axis, times: observation.times, values: observation.values[axis]!,
                    stepTime: time, initialValue: axis.presentedValue(atOffset: 0),
                    finalValue: axis.presentedValue(atOffset: axis.angle(stepAttitude) / maximumTiltAngle))
            }
        case .sinusoid(let frequency):
            for axis in MotionEffectAxis.allCases {
                evaluation.metrics += sinusoidMetrics(
                    caseName: name, axis: axis, times: observation.times, values: observation.values[axis]!,
                    frequency: frequency, amplitude: axis.angle(sinusoidAmplitude), sampleRate: sampleRate)
            }
        case .noise(let seed):
            evaluation.metrics += try determinismMetrics(caseName: name, seed: seed)
        case .saturation:
            evaluation.metrics += clampingMetrics(caseName: name, smoothed: observation.frames.map(\.smoothed),
                                                  values: observation.values)
        }
        return evaluation
    }

    /// The max-effect-error metric for an error of `error` pt.
    static func effectErrorMetric(caseName: String, error: Double) -> Metric {
        Metric(caseName: caseName, name: "max effect error", value: error, unit: "pt",
               tolerance: .atMost(effectTolerance), reason: effectReason, resolution: 1e-12)
    }

    /// Frames whose presented x or y is not, bit for bit, the interpolation of that same frame's
    /// offset, or whose applied offset is not the frame's.
    static func simultaneityMismatches(frameOffsets: [ViewerOffset], appliedOffsets: [ViewerOffset],
                                       x: [Double], y: [Double]) -> Int {
        precondition(frameOffsets.count == appliedOffsets.count && x.count == frameOffsets.count && y.count == x.count,
                     "one value per frame")
        return frameOffsets.indices.filter { n in
            let offset = frameOffsets[n]
            return appliedOffsets[n] != offset
                || x[n] != MotionEffectAxis.horizontal.presentedValue(atOffset: offset.horizontal)
                || y[n] != MotionEffectAxis.vertical.presentedValue(atOffset: offset.vertical)
        }.count
    }

    // MARK: Step

    /// Largest excursion (pt) beyond `finalValue`, in the direction of the step; 0 if none.
    static func overshoot(values: [Double], initialValue: Double, finalValue: Double) -> Double {
        let direction = finalValue >= initialValue ? 1.0 : -1.0
        return values.reduce(0) { worst, v in
            let excess = direction * (v - finalValue)
            return excess.isNaN || worst.isNaN ? .nan : max(worst, excess)
        }
    }

    /// Time (s) after `stepTime` at which the response first reaches 1 − 1/e (63.2 %) of the way
    /// from `initialValue` to `finalValue`, interpolating ln(1 − progress) linearly between the
    /// bracketing frames (exact for an exponential approach). NaN if it never does.
    static func riseTime(times: [Double], values: [Double], stepTime: Double, initialValue: Double,
                         finalValue: Double) -> Double {
        let threshold = 1 - exp(-1.0)
        var previous: (time: Double, progress: Double)?
        for (t, v) in zip(times, values) where t >= stepTime {
            let progress = (v - initialValue) / (finalValue - initialValue)
            if progress >= threshold, let previous {
                let q0 = log1p(-previous.progress), q1 = log1p(-progress)
                return previous.time + (t - previous.time) * (-1 - q0) / (q1 - q0) - stepTime
            }
            previous = (t, progress)
        }
        return .nan
    }

    /// Overshoot and rise-time metrics for one axis of the step case.
    static func stepMetrics(caseName: String, axis: MotionEffectAxis, times: [Double], values: [Double],
                            stepTime: Double, initialValue: Double, finalValue: Double) -> [Metric] {
        [
            Metric(caseName: caseName, name: "\(axis.rawValue) step overshoot",
                   value: overshoot(values: values, initialValue: initialValue, finalValue: finalValue), unit: "pt",
                   tolerance: .atMost(overshootTolerance), reason: overshootReason),
            Metric(caseName: caseName, name: "\(axis.rawValue) 63.2 % rise time",
                   value: riseTime(times: times, values: values, stepTime: stepTime, initialValue: initialValue,
                                   finalValue: finalValue),
                   unit: "s", tolerance: .within(riseTimeTolerance, of: timeConstant), reason: riseTimeReason),
        ]
    }

    // MARK: Sinusoid

    /// Amplitude (units of `values`) and phase lag (rad, behind sin 2πf·t) of the component of
    /// `values` at `frequency` Hz, from the discrete Fourier coefficient over the frames in the
    /// fundamental window (whole periods), after removing the window's mean.
    static func fundamental(times: [Double], values: [Double], frequency: Double) -> (amplitude: Double, lag: Double) {
        let window = fundamentalWindow
        let indices = times.indices.filter { times[$0] >= window.start && times[$0] < window.start + window.length }
        guard !indices.isEmpty else { return (.nan, .nan) }
        let count = Double(indices.count)
        let mean = indices.reduce(0) { $0 + values[$1] } / count
        let omega = 2 * Double.pi * frequency
        var sine = 0.0, cosine = 0.0
        for n in indices {
            sine += (values[n] - mean) * sin(omega * times[n])
            cosine += (values[n] - mean) * cos(omega * times[n])
        }
        let a = 2 * sine / count, b = 2 * cosine / count  // values ≈ a·sin ωt + b·cos ωt = R·sin(ωt − φ)
        return ((a * a + b * b).squareRoot(), atan2(-b, a))
    }

    /// Phase-lag and gain metrics for one axis of a sinusoid case: input amplitude `amplitude` rad
    /// at `frequency` Hz, sampled at `sampleRate` Hz.
    static func sinusoidMetrics(caseName: String, axis: MotionEffectAxis, times: [Double], values: [Double],
                                frequency: Double, amplitude: Double, sampleRate: Double) -> [Metric] {
        let omegaTau = 2 * Double.pi * frequency * timeConstant
        let halfHold = Double.pi * frequency / sampleRate  // ωh/2 (rad)
        let expectedLag = atan(omegaTau) + halfHold
        let expectedGain = sin(halfHold) / halfHold / (1 + omegaTau * omegaTau).squareRoot()
        let inputAmplitude = amplitude / maximumTiltAngle * (maximumRelativeValue - minimumRelativeValue) / 2  // pt
        let measured = fundamental(times: times, values: values, frequency: frequency)
        return [
            Metric(caseName: caseName, name: "\(axis.rawValue) phase lag", value: measured.lag, unit: "rad",
                   tolerance: .within(lagTolerance, of: expectedLag), reason: lagReason),
            Metric(caseName: caseName, name: "\(axis.rawValue) gain", value: measured.amplitude / inputAmplitude, unit: "1",
                   tolerance: .within(gainRelativeTolerance * expectedGain, of: expectedGain), reason: gainReason),
        ]
    }

    // MARK: Clamping

    /// Clamping metrics: excursion beyond [base + min, base + max], saturated frames not exactly
    /// at the bound, and how many frames saturate (fewest over axis and sign).
    static func clampingMetrics(caseName: String, smoothed: [ViewerOffset], values: [MotionEffectAxis: [Double]]) -> [Metric] {
        var excursion = 0.0, offBound = 0, fewestSaturated = Int.max
        for axis in MotionEffectAxis.allCases {
            let series = values[axis] ?? []
            let upper = axis.baseValue + maximumRelativeValue, lower = axis.baseValue + minimumRelativeValue
            var above = 0, below = 0
            for (offset, v) in zip(smoothed, series) {
                let excess = max(v - upper, lower - v, 0)
                excursion = excess.isNaN || excursion.isNaN ? .nan : max(excursion, excess)
                let o = axis.component(offset)
                if o > 1 {
                    above += 1
                    if v != upper { offBound += 1 }
                } else if o < -1 {
                    below += 1
                    if v != lower { offBound += 1 }
                }
            }
            if series.count != smoothed.count { excursion = .nan }
            fewestSaturated = min(fewestSaturated, above, below)
        }
        return [
            Metric(caseName: caseName, name: "clamping: excursion beyond [min, max]", value: excursion, unit: "pt",
                   tolerance: .atMost(0), reason: excursionReason),
            Metric(caseName: caseName, name: "clamping: saturated values off the bound", value: Double(offBound),
                   unit: "values", tolerance: .atMost(0), reason: saturatedOffBoundReason),
            Metric(caseName: caseName, name: "clamping: saturated frames (fewest per axis and sign)",
                   value: Double(fewestSaturated), unit: "frames", tolerance: .atLeast(minimumSaturatedFrames),
                   reason: saturatedFramesReason),
        ]
    }

    // MARK: Noise

    /// Reruns the noise case with the same seed and with the next one and compares presented frames.
    static func determinismMetrics(caseName: String, seed: UInt64) throws -> [Metric] {
        let again = try simulation(noiseCase(seed: seed), sampleRate: sampleRate).drive(try makeTarget())
        let repeated = try simulation(noiseCase(seed: seed), sampleRate: sampleRate).drive(try makeTarget())
        let other = try simulation(noiseCase(seed: seed &+ 1), sampleRate: sampleRate).drive(try makeTarget())
        return determinismMetrics(caseName: caseName, first: again, repeated: repeated, otherSeed: other)
    }

    /// Differing frames between two runs with one seed (must be 0), and the fraction of frames that
    /// differ from a run with another seed.
    static func determinismMetrics(caseName: String, first: [PresentedFrame], repeated: [PresentedFrame],
                                   otherSeed: [PresentedFrame]) -> [Metric] {
        func differing(_ a: [PresentedFrame], _ b: [PresentedFrame]) -> Int {
            zip(a, b).filter { $0 != $1 }.count + abs(a.count - b.count)
        }
        return [
            Metric(caseName: caseName, name: "same seed twice: differing frames", value: Double(differing(first, repeated)),
                   unit: "frames", tolerance: .atMost(0), reason: repeatReason),
            Metric(caseName: caseName, name: "another seed: fraction of frames differing",
                   value: Double(differing(first, otherSeed)) / Double(max(first.count, 1)), unit: "1",
                   tolerance: .atLeast(minimumDifferingFraction), reason: differentSeedReason),
        ]
    }
}
