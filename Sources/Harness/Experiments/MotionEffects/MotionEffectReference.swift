import Foundation
import MotionEffects
import Reference

/// The exact response of the first-order low-pass τ·y' = u − y to a sample-and-held input:
/// `u(t) = inputs[k]` for `sampleTimes[k] ≤ t < sampleTimes[k + 1]` (the last value held on).
///
/// On each hold interval the input is constant, so the response is
/// `FirstOrderLowPass.stepResponse` from the output at the interval's start: piecewise exponential,
/// exact up to rounding. Times in seconds; inputs and outputs share one (dimensionless) unit.
struct HeldInputLowPass: Sendable {
    /// The filter (τ in s).
    var filter: FirstOrderLowPass
    /// Hold instants (s), increasing.
    var sampleTimes: [Double]
    /// The held values, one per hold instant.
    var inputs: [Double]
    /// The output at `sampleTimes[0]`.
    var initialOutput: Double

    /// The output at each of `times` (s; non-decreasing, none before `sampleTimes[0]`).
    func outputs(at times: [Double]) -> [Double] {
        precondition(sampleTimes.count == inputs.count && !inputs.isEmpty, "one input per hold instant")
        var results: [Double] = []
        results.reserveCapacity(times.count)
        var k = 0
        var y = initialOutput  // output at sampleTimes[k]
        for t in times {
            precondition(t >= sampleTimes[0], "time before the first hold instant")
            while k + 1 < sampleTimes.count, sampleTimes[k + 1] <= t {
                y = filter.stepResponse(at: sampleTimes[k + 1] - sampleTimes[k], from: y, to: inputs[k])
                k += 1
            }
            results.append(filter.stepResponse(at: t - sampleTimes[k], from: y, to: inputs[k]))
        }
        return results
    }

    /// The same response from GSL rk8pd (per-step tolerances 1e-13), integrating τ·y' = u_k − y on
    /// each hold interval separately so that no step straddles a jump of the input.
    /// - Throws: `ReferenceError` from GSL.
    func integrated(at times: [Double]) throws -> [Double] {
        let tau = filter.timeConstant
        let integrator = ODEIntegrator(method: .rk8pd, absoluteTolerance: 1e-13, relativeTolerance: 1e-13)
        var results: [Double] = []
        results.reserveCapacity(times.count)
        var y = initialOutput
        var next = 0
        for k in sampleTimes.indices {
            let start = sampleTimes[k]
            let isLast = k + 1 == sampleTimes.count
            let end = isLast ? Double.infinity : sampleTimes[k + 1]
            var requested: [Double] = []
            var atStart = 0
            while next < times.count, times[next] < end {
                if times[next] <= start { atStart += 1 } else { requested.append(times[next]) }
                next += 1
            }
            if !isLast { requested.append(end) }
            results += Array(repeating: y, count: atStart)
            guard !requested.isEmpty else { continue }
            let u = inputs[k]
            let problem = ODEProblem(dimension: 1) { _, state, dydt in dydt[0] = (u - state[0]) / tau }
            let states = try integrator.solve(problem, initialState: [y], from: start, sampleTimes: requested).states
            let values = states.map { $0[0] }
            if isLast {
                results += values
            } else {
                results += values.dropLast()
                y = values[values.count - 1]
            }
        }
        return results
    }
}

/// One tilt axis of the experiment's effect group.
enum MotionEffectAxis: String, CaseIterable, Sendable {
    /// Roll → horizontal offset → center.x.
    case horizontal = "center.x"
    /// Pitch → vertical offset → center.y.
    case vertical = "center.y"

    /// The driven key path.
    var keyPath: AnimatableKeyPath { self == .horizontal ? .centerX : .centerY }
    /// The target's base value of the key path (pt).
    var baseValue: Double { self == .horizontal ? 160 : 240 }
    /// The effect's tilt axis.
    var tiltAxis: InterpolatingMotionEffect.TiltAxis {
        self == .horizontal ? .tiltAlongHorizontalAxis : .tiltAlongVerticalAxis
    }
    /// This axis's angle of an attitude (rad).
    func angle(_ attitude: DeviceAttitude) -> Double { self == .horizontal ? attitude.roll : attitude.pitch }
    /// This axis's component of an offset (dimensionless).
    func component(_ offset: ViewerOffset) -> Double { self == .horizontal ? offset.horizontal : offset.vertical }

    /// The presented value (pt) for offset component `o`: base + min + (o·0.5 + 0.5)(max − min),
    /// in the operation order of `InterpolatingMotionEffect` and `MotionTarget`, without clamping.
    func presentedValue(atOffset o: Double) -> Double {
        let minimum = MotionEffectExperiment.minimumRelativeValue, maximum = MotionEffectExperiment.maximumRelativeValue
        return baseValue + (minimum + (o * 0.5 + 0.5) * (maximum - minimum))
    }
}

extension MotionEffectExperiment {
    /// The sensor path of a case at `sampleRate` Hz.
    static func simulation(_ testCase: Case, sampleRate: Double) throws -> TiltSensorSimulation {
        try TiltSensorSimulation(source: testCase.source, sampleRate: sampleRate, maximumTiltAngle: maximumTiltAngle,
                                 smoothingTimeConstant: timeConstant, frameRate: frameRate, duration: testCase.duration)
    }

    /// A fresh target with base center (160, 240) pt and one group of the two interpolating effects.
    static func makeTarget() throws -> MotionTarget {
        let target = MotionTarget()
        var members: [MotionEffect] = []
        for axis in MotionEffectAxis.allCases {
            try target.setBaseValue(.scalar(axis.baseValue), for: axis.keyPath)
            members.append(InterpolatingMotionEffect(
                keyPath: axis.keyPath, type: axis.tiltAxis,
                minimumRelativeValue: .scalar(minimumRelativeValue), maximumRelativeValue: .scalar(maximumRelativeValue)))
        }
        target.addMotionEffect(MotionEffectGroup(members))
        return target
    }

    /// The attitude (rad) of `source` at `time` (s) from its definition, or nil for sources
    /// without one (noise, recorded traces).
    static func definedAttitude(of source: AttitudeSource, at time: Double) -> DeviceAttitude? {
        switch source {
        case .constant(let attitude):
            return attitude
        case .step(let from, let to, let stepTime):
            return time >= stepTime ? to : from
        case .sinusoid(let mean, let amplitude, let frequency, let phase):
            let s = sin(2 * Double.pi * frequency * time + phase)
            return DeviceAttitude(roll: mean.roll + amplitude.roll * s, pitch: mean.pitch + amplitude.pitch * s)
        default:
            return nil
        }
    }

    /// The sensor's hold instants `k / sampleRate` up to `duration` (s) and the normalised tilt
    /// held from each. Defined sources are evaluated directly; others are read back from a run with
    /// one frame per sample.
    static func heldInput(_ testCase: Case, sampleRate: Double) throws
        -> (times: [Double], tilt: [MotionEffectAxis: [Double]]) {
        var times: [Double] = []
        var k = 0
        while Double(k) / sampleRate <= testCase.duration {
            times.append(Double(k) / sampleRate)
            k += 1
        }
        var attitudes = times.compactMap { definedAttitude(of: testCase.source, at: $0) }
        if attitudes.count != times.count {
            let probe = try TiltSensorSimulation(
                source: testCase.source, sampleRate: sampleRate, maximumTiltAngle: maximumTiltAngle,
                smoothingTimeConstant: timeConstant, frameRate: sampleRate, duration: testCase.duration)
            let frames = probe.run()
            guard frames.count == times.count, zip(frames, times).allSatisfy({ $0.time == $1 }) else {
                throw MotionEffectExperimentError(
                    description: "probe run of '\(testCase.name)' gave \(frames.count) frames for \(times.count) samples")
            }
            attitudes = frames.map(\.attitude)
        }
        var tilt: [MotionEffectAxis: [Double]] = [:]
        for axis in MotionEffectAxis.allCases {
            tilt[axis] = attitudes.map { axis.angle($0) / maximumTiltAngle }
        }
        return (times, tilt)
    }

    /// Largest |closed form − GSL| over `times` (dimensionless offset units).
    static func referenceAgreement(_ reference: HeldInputLowPass, closedForm: [Double], times: [Double]) throws -> Double {
        let integrated = try reference.integrated(at: times)
        return zip(closedForm, integrated).map { abs($0 - $1) }.worst ?? 0
    }

    /// Largest |closed form − GSL rk8pd| for the response to the continuous input
    /// `amplitude·sin(2πf·t)` from rest, over `times` (s); dimensionless.
    static func continuousReferenceAgreement(_ filter: FirstOrderLowPass, amplitude: Double, frequency: Double,
                                             times: [Double]) throws -> Double {
        let tau = filter.timeConstant
        let problem = ODEProblem(dimension: 1) { t, y, dydt in
            dydt[0] = (amplitude * sin(2 * Double.pi * frequency * t) - y[0]) / tau
        }
        let solution = try ODEIntegrator(method: .rk8pd, absoluteTolerance: 1e-13, relativeTolerance: 1e-13)
            .solve(problem, initialState: [0], from: 0, sampleTimes: times)
        return zip(times, solution.states).map { t, state in
            abs(filter.sinusoidResponse(at: t, from: 0, amplitude: amplitude, frequency: frequency) - state[0])
        }.worst ?? 0
    }
}
