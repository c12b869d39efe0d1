import MotionEffects
import Reference

/// Experiment 5: motion-effect interpolation, the sensor path of `MotionEffects` measured.
///
/// A `TiltSensorSimulation` (attitude sampled at 100 Hz and held → divided by the maximum tilt
/// 0.4 rad → first-order low-pass, τ = 0.1 s → clamped to [-1, 1]) drives, at 60 fps, a
/// `MotionTarget` whose one `MotionEffectGroup` holds two `InterpolatingMotionEffect`s: center.x
/// on the horizontal axis and center.y on the vertical one, each −20…+20 pt around a base center
/// of (160, 240) pt. Inputs: a step, sinusoids of 0.5 and 2 Hz, seeded noise with a bias, and a
/// sinusoid large enough to saturate.
///
/// The reference is the exact response of τ·y' = u − y to the sample-and-held input (piecewise
/// `FirstOrderLowPass.stepResponse`), checked against a GSL rk8pd solution of the same equation
/// before the module is judged, then clamped and mapped through `min + (o·0.5 + 0.5)(max − min)`.
/// A sweep of the sample period (1/60 … 1/480 s) measures the error against the response to the
/// continuous (unsampled) sinusoid, whose order must be 1: a zero-order hold delays by h/2.
/// The experiment does not use `options.engine`: it measures the motion-effects module directly.
public struct MotionEffectExperiment: Experiment {
    /// Creates the experiment.
    public init() {}

    /// "motion-effects".
    public var id: String { "motion-effects" }
    /// Title for reports.
    public var title: String { "Motion-effect interpolation" }

    // Set-up. Units: radians, seconds, hertz, points.
    /// Tilt angle that maps to offset ±1 (rad).
    static let maximumTiltAngle = 0.4
    /// Low-pass time constant τ (s).
    static let timeConstant = 0.1
    /// Sensor sample rate of the cases (Hz).
    static let sampleRate = 100.0
    /// Display frame rate (Hz).
    static let frameRate = 60.0
    /// Relative value of both effects at offset −1 and +1 (pt).
    static let minimumRelativeValue = -20.0
    static let maximumRelativeValue = 20.0
    /// Sample rates of the sweep (Hz): periods 1/60 … 1/480 s.
    static let sweepSampleRates = [60.0, 120, 240, 480]
    /// The sinusoid phase and gain are measured on the frames in [start, start + length) s: whole
    /// periods of 0.5 and 2 Hz, after 20 τ (transient e^(−20) ≈ 2e-9 of its initial size).
    static let fundamentalWindow = (start: 2.0, length: 4.0)

    /// One input of the experiment.
    struct Case: Sendable {
        /// What the case is for, and so which metrics it gets.
        enum Role: Sendable, Equatable {
            /// Tilt steps at `time` (s), from level to `MotionEffectExperiment.stepAttitude`.
            case step(time: Double)
            /// A sinusoid within the maximum tilt, of `frequency` Hz.
            case sinusoid(frequency: Double)
            /// Seeded Gaussian noise with a bias.
            case noise(seed: UInt64)
            /// A sinusoid beyond the maximum tilt: the offsets saturate.
            case saturation
        }

        var name: String
        var role: Role
        var source: AttitudeSource
        /// Simulated duration (s).
        var duration: Double
    }

    static let stepAttitude = DeviceAttitude(roll: 0.3, pitch: -0.2)
    static let sinusoidAmplitude = DeviceAttitude(roll: 0.32, pitch: 0.2)
    static let noiseBias = DeviceAttitude(roll: 0.1, pitch: -0.05)
    static let noiseStandardDeviation = 0.08

    static func stepCase() -> Case {
        Case(name: "step 0 → (0.3, −0.2) rad at 0.5 s", role: .step(time: 0.5),
             source: .step(from: .level, to: stepAttitude, at: 0.5), duration: 2)
    }

    static func sinusoidCase(frequency: Double) -> Case {
        Case(name: "sinusoid \(NumberFormat.short(frequency)) Hz", role: .sinusoid(frequency: frequency),
             source: .sinusoid(mean: .level, amplitude: sinusoidAmplitude, frequency: frequency, phase: 0),
             duration: fundamentalWindow.start + fundamentalWindow.length)
    }

    static func noiseCase(seed: UInt64) -> Case {
        Case(name: "noise, seed \(seed)", role: .noise(seed: seed),
             source: .noise(seed: seed, bias: noiseBias, standardDeviation: noiseStandardDeviation), duration: 4)
    }

    static func saturationCase() -> Case {
        Case(name: "saturating sinusoid 0.5 Hz", role: .saturation,
             source: .sinusoid(mean: .level, amplitude: DeviceAttitude(roll: 1.0, pitch: -0.6), frequency: 0.5, phase: 0),
             duration: 6)
    }

    /// The cases of the full suite, or of the quick one (without the 0.5 Hz sinusoid).
    static func cases(quick: Bool) -> [Case] {
        var cases = [stepCase()]
        if !quick { cases.append(sinusoidCase(frequency: 0.5)) }
        cases += [sinusoidCase(frequency: 2), noiseCase(seed: 2024), saturationCase()]
        return cases
    }

    /// Runs every case, then the sample-period sweep on the sinusoids.
    /// - Throws: when a simulation refuses its parameters, an effect throws, or GSL fails.
    public func run(_ options: ExperimentOptions) throws -> ExperimentResult {
        let cases = Self.cases(quick: options.quick)
        var metrics: [Metric] = []
        var series: [Series] = []
        for testCase in cases {
            let evaluation = try Self.evaluate(testCase)
            metrics += evaluation.metrics
            series += evaluation.series
        }
        let rates = options.quick ? Array(Self.sweepSampleRates.prefix(2)) : Self.sweepSampleRates
        let sweep = try Self.sweep(cases: cases.filter { if case .sinusoid = $0.role { true } else { false } },
                                   sampleRates: rates)
        metrics += sweep.metrics
        return ExperimentResult(
            id: id, title: title,
            summary: """
                The tilt-sensor path of MotionEffects (attitude sampled and held, divided by the maximum tilt, \
                first-order low-pass, clamped to [-1, 1]) drives a target through a group of two interpolating \
                effects (center.x horizontal, center.y vertical, −20…+20 pt). Inputs: a step, sinusoids of 0.5 \
                and 2 Hz, seeded noise with a bias, a saturating sinusoid. Reference: the exact response of \
                τ·y' = u − y to the held input (verified against GSL rk8pd), clamped and interpolated. \
                Checked: effect values, phase lag and gain, step overshoot and 63.2 % rise time, clamping, group \
                simultaneity, noise determinism, and the O(h) error of the hold against the continuous input.
                """,
            parameters: [
                "maximum tilt": "\(NumberFormat.short(Self.maximumTiltAngle)) rad (offset ±1)",
                "smoothing time constant": "τ = \(NumberFormat.short(Self.timeConstant)) s",
                "sensor sample rate": "\(NumberFormat.short(Self.sampleRate)) Hz (sweep: \(rates.map { "1/\(Int($0))" }.joined(separator: ", ")) s)",
                "frame rate": "\(NumberFormat.short(Self.frameRate)) fps",
                "effects": "group of center.x (horizontal) and center.y (vertical), each −20…+20 pt; base center (160, 240) pt",
                "step": "level → roll 0.3, pitch −0.2 rad at 0.5 s, 2 s",
                "sinusoids": "roll amplitude 0.32, pitch 0.2 rad, phase 0; \(options.quick ? "2 Hz" : "0.5 and 2 Hz"), 6 s",
                "noise": "seed 2024, bias (0.1, −0.05) rad, standard deviation 0.08 rad, 4 s",
                "saturation": "sinusoid 0.5 Hz, roll amplitude 1.0, pitch −0.6 rad (2.5 and 1.5 × the maximum tilt), 6 s",
            ],
            metrics: metrics, series: series, tables: [sweep.table], notes: Self.notes + sweep.notes, sweeps: sweep.sweeps)
    }

    static let notes = [
        "The noise case's input samples are read back from a run of the same source with frame rate = sample rate (one frame per sample); the step and sinusoid inputs are computed from their definitions.",
        "Phase lag and gain are the discrete Fourier coefficient at the input frequency over whole periods (2–6 s). The hold's fundamental is delayed by exactly h/2 and scaled by sinc(ωh/2); its images at 300m ∓ f Hz (m = 1, 2, …) alias onto f under 60 fps framing and move the measured values by ≲ 2e-4 (rad, relative; Σ over m of sinc × filter gain at the image).",
    ]
}

/// A failure of the experiment's own set-up (not a verdict on the module).
struct MotionEffectExperimentError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String
}
