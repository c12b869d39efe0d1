import Foundation

/// Where simulated device attitude comes from. Times are in seconds from the start, angles in radians.
public enum AttitudeSource: Hashable, Sendable {
    /// The same attitude at all times.
    case constant(DeviceAttitude)
    /// `from` before `time` seconds, `to` from `time` on.
    case step(from: DeviceAttitude, to: DeviceAttitude, at: Double)
    /// `from` until `startTime`, linear to `to` at `endTime` (seconds, `endTime > startTime`), then `to`.
    case ramp(from: DeviceAttitude, to: DeviceAttitude, startTime: Double, endTime: Double)
    /// Per axis `mean + amplitude × sin(2π × frequency × t + phase)`; frequency in hertz, phase in radians.
    case sinusoid(mean: DeviceAttitude, amplitude: DeviceAttitude, frequency: Double, phase: Double)
    /// Per axis `bias + standardDeviation × n` with `n` independent standard normal draws, one pair per
    /// sample, from a ``SplitMix64`` seeded with `seed`. `standardDeviation` in radians, ≥ 0.
    case noise(seed: UInt64, bias: DeviceAttitude, standardDeviation: Double)
    /// A recorded trace, held (sample-and-hold) between its timestamps; its first sample before it starts.
    case trace(RecordedTrace)

    /// Largest accepted magnitude of any angle parameter (attitude, amplitude, bias, standard
    /// deviation, trace value), in radians; keeps every derived quantity finite.
    public static let maximumAngleMagnitude: Double = 1000

    /// Checks every parameter is finite and in range (angles within ±``maximumAngleMagnitude`` rad).
    /// - Throws: ``TiltSensorError/invalidParameter(name:reason:)``.
    public func validate() throws(TiltSensorError) {
        let limit = Self.maximumAngleMagnitude
        func finite(_ a: DeviceAttitude, _ name: String) throws(TiltSensorError) {
            guard a.isFinite, abs(a.roll) <= limit, abs(a.pitch) <= limit else {
                throw .invalidParameter(name: name, reason: "angles must be finite and within ±\(limit) rad")
            }
        }
        func finite(_ x: Double, _ name: String) throws(TiltSensorError) {
            guard x.isFinite else { throw .invalidParameter(name: name, reason: "must be finite") }
        }
        switch self {
        case .constant(let a):
            try finite(a, "attitude")
        case .step(let from, let to, let time):
            try finite(from, "from"); try finite(to, "to"); try finite(time, "at")
        case .ramp(let from, let to, let start, let end):
            try finite(from, "from"); try finite(to, "to"); try finite(start, "startTime"); try finite(end, "endTime")
            guard end > start else { throw .invalidParameter(name: "endTime", reason: "must be after startTime") }
        case .sinusoid(let mean, let amplitude, let frequency, let phase):
            try finite(mean, "mean"); try finite(amplitude, "amplitude")
            try finite(frequency, "frequency"); try finite(phase, "phase")
        case .noise(_, let bias, let sd):
            try finite(bias, "bias"); try finite(sd, "standardDeviation")
            guard sd >= 0, sd <= limit else {
                throw .invalidParameter(name: "standardDeviation", reason: "must be in [0, \(limit)] rad")
            }
        case .trace(let trace):
            for (index, sample) in trace.samples.enumerated() { try finite(sample.attitude, "trace sample \(index)") }
        }
    }

    /// A stateful reader that yields this source's attitude at successive, non-decreasing times.
    func makeSampler() -> AttitudeSampler { AttitudeSampler(source: self) }
}

/// Reads an ``AttitudeSource`` at non-decreasing times, holding the noise generator and trace cursor.
struct AttitudeSampler: Sendable {
    let source: AttitudeSource
    private var noise: GaussianNoise
    private var traceIndex = 0

    init(source: AttitudeSource) {
        self.source = source
        if case .noise(let seed, _, _) = source {
            noise = GaussianNoise(seed: seed)
        } else {
            noise = GaussianNoise(seed: 0)  // unused
        }
    }

    /// The attitude at `time` seconds (radians). Noise draws one fresh pair per call.
    mutating func attitude(at time: Double) -> DeviceAttitude {
        switch source {
        case .constant(let a):
            return a
        case .step(let from, let to, let stepTime):
            return time >= stepTime ? to : from
        case .ramp(let from, let to, let start, let end):
            let f = min(max((time - start) / (end - start), 0), 1)
            return DeviceAttitude(roll: from.roll + f * (to.roll - from.roll), pitch: from.pitch + f * (to.pitch - from.pitch))
        case .sinusoid(let mean, let amplitude, let frequency, let phase):
            let s = sin(2 * Double.pi * frequency * time + phase)
            return DeviceAttitude(roll: mean.roll + amplitude.roll * s, pitch: mean.pitch + amplitude.pitch * s)
        case .noise(_, let bias, let sd):
            let (a, b) = noise.nextPair()
            return DeviceAttitude(roll: bias.roll + sd * a, pitch: bias.pitch + sd * b)
        case .trace(let trace):
            let samples = trace.samples
            while traceIndex + 1 < samples.count && samples[traceIndex + 1].time <= time { traceIndex += 1 }
            return samples[traceIndex].attitude
        }
    }
}
