/// A deterministic simulation of the motion-effect sensor path.
///
/// Stages: attitude samples from `source` at `t_k = k / sampleRate` → normalised tilt
/// (`roll / maximumTiltAngle` → horizontal, `pitch / maximumTiltAngle` → vertical) → first-order
/// low-pass with time constant `smoothingTimeConstant`, driven by the sample-and-held normalised
/// tilt and evaluated exactly (see ``LowPassFilter``) at each frame time → clamp to [-1, 1] → effects.
/// Frames are at `t_n = n / frameRate` for all `t_n ≤ duration`, independent of the sample rate; a
/// frame sees the latest sample at or before it. The filter starts at rest at the first sample's
/// normalised tilt. Same parameters (including the noise seed) ⇒ identical frames.
public struct TiltSensorSimulation: Hashable, Sendable {
    /// Largest accepted number of frames or sensor samples in one run.
    public static let maximumStepCount = 10_000_000
    /// Smallest accepted maximum tilt angle, radians.
    public static let minimumMaximumTiltAngle = 1e-6

    /// The attitude source.
    public let source: AttitudeSource
    /// Sensor sample rate, hertz (> 0).
    public let sampleRate: Double
    /// Tilt angle that maps to offset ±1, radians (≥ ``minimumMaximumTiltAngle``).
    public let maximumTiltAngle: Double
    /// Low-pass time constant τ, seconds (≥ 0; 0 = no smoothing).
    public let smoothingTimeConstant: Double
    /// Display frame rate, hertz (> 0).
    public let frameRate: Double
    /// Simulated duration, seconds (≥ 0); frames at times ≤ duration are produced.
    public let duration: Double

    /// Creates a simulation; units as documented on each property.
    /// - Throws: ``TiltSensorError/invalidParameter(name:reason:)`` for a non-finite or out-of-range
    ///   parameter, or when the run would exceed ``maximumStepCount`` frames or samples.
    public init(
        source: AttitudeSource, sampleRate: Double, maximumTiltAngle: Double,
        smoothingTimeConstant: Double, frameRate: Double, duration: Double
    ) throws(TiltSensorError) {
        try source.validate()
        func check(_ ok: Bool, _ name: String, _ reason: String) throws(TiltSensorError) {
            guard ok else { throw .invalidParameter(name: name, reason: reason) }
        }
        try check(sampleRate.isFinite && sampleRate > 0, "sampleRate", "must be finite and > 0")
        try check(frameRate.isFinite && frameRate > 0, "frameRate", "must be finite and > 0")
        try check(
            maximumTiltAngle.isFinite && maximumTiltAngle >= Self.minimumMaximumTiltAngle,
            "maximumTiltAngle", "must be finite and ≥ \(Self.minimumMaximumTiltAngle) rad")
        try check(
            smoothingTimeConstant.isFinite && smoothingTimeConstant >= 0,
            "smoothingTimeConstant", "must be finite and ≥ 0")
        try check(duration.isFinite && duration >= 0, "duration", "must be finite and ≥ 0")
        let limit = Double(Self.maximumStepCount)
        try check(duration * frameRate < limit, "frameRate", "duration × frameRate must be < \(Self.maximumStepCount)")
        try check(duration * sampleRate < limit, "sampleRate", "duration × sampleRate must be < \(Self.maximumStepCount)")
        self.source = source
        self.sampleRate = sampleRate
        self.maximumTiltAngle = maximumTiltAngle
        self.smoothingTimeConstant = smoothingTimeConstant
        self.frameRate = frameRate
        self.duration = duration
    }

    /// Number of frames produced: all `n ≥ 0` with `n / frameRate ≤ duration`.
    public var frameCount: Int {
        var n = Int((duration * frameRate).rounded(.down))
        while Double(n + 1) / frameRate <= duration { n += 1 }
        while n > 0 && Double(n) / frameRate > duration { n -= 1 }
        return n + 1
    }

    /// Runs the sensor path and returns one record per frame.
    public func run() -> [TiltFrame] {
        var sampler = source.makeSampler()
        var attitude = sampler.attitude(at: 0)
        var tilt = normalized(attitude)
        var filterH = LowPassFilter(validatedTimeConstant: smoothingTimeConstant, initialOutput: tilt.horizontal)
        var filterV = LowPassFilter(validatedTimeConstant: smoothingTimeConstant, initialOutput: tilt.vertical)
        var now = 0.0
        var nextSample = 1
        var frames: [TiltFrame] = []
        frames.reserveCapacity(frameCount)
        for n in 0..<frameCount {
            let frameTime = Double(n) / frameRate
            while Double(nextSample) / sampleRate <= frameTime {
                let sampleTime = Double(nextSample) / sampleRate
                filterH.advance(validatedInput: tilt.horizontal, by: sampleTime - now)
                filterV.advance(validatedInput: tilt.vertical, by: sampleTime - now)
                now = sampleTime
                attitude = sampler.attitude(at: sampleTime)
                tilt = normalized(attitude)
                nextSample += 1
            }
            filterH.advance(validatedInput: tilt.horizontal, by: frameTime - now)
            filterV.advance(validatedInput: tilt.vertical, by: frameTime - now)
            now = frameTime
            let smoothed = ViewerOffset(unchecked: filterH.output, filterV.output)
            frames.append(
                TiltFrame(
                    time: frameTime, attitude: attitude, normalizedTilt: tilt,
                    smoothed: smoothed, offset: smoothed.clamped))
        }
        return frames
    }

    /// Runs the sensor path and applies each frame's clamped offset to `target`, returning the
    /// target's presented values (key-path units) per frame. The target keeps the last frame's state.
    /// - Throws: the first ``MotionEffectError`` raised by the target's effects.
    public func drive(_ target: MotionTarget) throws(MotionEffectError) -> [PresentedFrame] {
        var result: [PresentedFrame] = []
        for frame in run() {
            try target.apply(offset: frame.offset)
            result.append(PresentedFrame(time: frame.time, offset: frame.offset, values: target.presentedValues))
        }
        return result
    }

    private func normalized(_ attitude: DeviceAttitude) -> ViewerOffset {
        ViewerOffset(unchecked: attitude.roll / maximumTiltAngle, attitude.pitch / maximumTiltAngle)
    }
}
