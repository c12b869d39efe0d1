import MotionEffects
import Testing

@Suite struct TiltSensorSimulationTests {
    private func noiseSimulation(seed: UInt64) throws -> TiltSensorSimulation {
        try TiltSensorSimulation(
            source: .noise(seed: seed, bias: DeviceAttitude(roll: 0.05, pitch: -0.1), standardDeviation: 0.2),
            sampleRate: 100, maximumTiltAngle: 0.35, smoothingTimeConstant: 0.1, frameRate: 60, duration: 2)
    }

    @Test func largeTiltsAreClampedAfterSmoothing() throws {
        let sim = try TiltSensorSimulation(
            source: .constant(DeviceAttitude(roll: 1.2, pitch: -2)),
            sampleRate: 100, maximumTiltAngle: 0.4, smoothingTimeConstant: 0.1, frameRate: 30, duration: 1)
        for frame in sim.run() {
            // 1e-15: 1.2 / 0.4 and −2 / 0.4 round once.
            #expect(abs(frame.normalizedTilt.horizontal - 3) < 1e-15)
            #expect(abs(frame.smoothed.vertical + 5) < 1e-15)
            #expect(frame.offset == (try offset(1, -1)))
        }
    }

    @Test func sinusoidBeyondMaximumTiltSaturates() throws {
        let sim = try TiltSensorSimulation(
            source: .sinusoid(mean: .level, amplitude: DeviceAttitude(roll: 1, pitch: 0.6), frequency: 0.5, phase: 0),
            sampleRate: 200, maximumTiltAngle: 0.3, smoothingTimeConstant: 0.05, frameRate: 60, duration: 4)
        let frames = sim.run()
        #expect(frames.allSatisfy { abs($0.offset.horizontal) <= 1 && abs($0.offset.vertical) <= 1 })
        #expect(frames.contains { $0.offset.horizontal == 1 } && frames.contains { $0.offset.horizontal == -1 })
        #expect(frames.contains { abs($0.smoothed.horizontal) > 1 })
    }

    @Test func framesHoldTheLatestSampleIndependentOfTheFrameRate() throws {
        // Ramp sampled at 10 Hz, displayed at 60 fps: each frame shows the sample at floor(t × 10) / 10.
        let sim = try TiltSensorSimulation(
            source: .ramp(from: .level, to: DeviceAttitude(roll: 1, pitch: -1), startTime: 0, endTime: 2),
            sampleRate: 10, maximumTiltAngle: 1, smoothingTimeConstant: 0, frameRate: 60, duration: 2)
        let frames = sim.run()
        #expect(frames.count == 121)
        for (n, frame) in frames.enumerated() {
            let sampleTime = Double(n / 6) / 10  // 6 frames per sample period, exactly
            // 1e-15: ramp fraction (t − 0) / 2 and its product round once or twice.
            #expect(abs(frame.attitude.roll - sampleTime / 2) < 1e-15, "frame \(n)")
            #expect(abs(frame.offset.vertical + sampleTime / 2) < 1e-15, "frame \(n)")
        }
    }

    @Test func sameSeedGivesIdenticalRecordsAndDifferentSeedsDiffer() throws {
        let a = try noiseSimulation(seed: 42).run()
        let b = try noiseSimulation(seed: 42).run()
        let c = try noiseSimulation(seed: 43).run()
        #expect(a == b)
        #expect(a != c)
        #expect(zip(a, c).filter { $0.attitude != $1.attitude }.count > 100)
    }

    @Test func noiseHasTheRequestedBiasAndSpread() throws {
        let sim = try TiltSensorSimulation(
            source: .noise(seed: 7, bias: DeviceAttitude(roll: 0.05, pitch: -0.1), standardDeviation: 0.2),
            sampleRate: 1000, maximumTiltAngle: 1, smoothingTimeConstant: 0, frameRate: 1000, duration: 19.999)
        let rolls = sim.run().map(\.attitude.roll)
        #expect(rolls.count == 20_000)
        let mean = rolls.reduce(0, +) / Double(rolls.count)
        let sd = (rolls.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(rolls.count - 1)).squareRoot()
        // 0.006 ≈ 4 standard errors of the mean (0.2 / √20000 = 0.0014); 0.006 ≈ 6 standard errors of the SD (0.2/√40000 = 0.001).
        #expect(abs(mean - 0.05) < 0.006)
        #expect(abs(sd - 0.2) < 0.006)
    }

    @Test func drivesATargetThroughEffects() throws {
        let target = MotionTarget()
        try target.setBaseValue(.scalar(100), for: .centerX)
        target.addMotionEffect(
            InterpolatingMotionEffect(
                keyPath: .centerX, type: .tiltAlongHorizontalAxis,
                minimumRelativeValue: .scalar(-10), maximumRelativeValue: .scalar(10)))
        let sim = try noiseSimulation(seed: 1)
        let presented = try sim.drive(target)
        let frames = sim.run()
        #expect(presented.count == frames.count)
        for (p, f) in zip(presented, frames) {
            #expect(p.offset == f.offset)
            // 1e-12: −10 + (o/2 + 1/2) × 20 vs 10 × o differ only by rounding on values ≤ 110.
            #expect(abs(try #require(scalar(p.values[.centerX])) - (100 + 10 * f.offset.horizontal)) < 1e-12)
        }
    }

    @Test func recordedTraceIsHeldBetweenItsTimestamps() throws {
        let trace = try RecordedTrace(csv: "time,roll,pitch\n0,0,0\n0.25,0.1,-0.1\n0.6,0.2,0.3\n")
        let sim = try TiltSensorSimulation(
            source: .trace(trace), sampleRate: 20, maximumTiltAngle: 0.5, smoothingTimeConstant: 0,
            frameRate: 10, duration: 1)
        let rolls = sim.run().map(\.attitude.roll)
        #expect(rolls == [0, 0, 0, 0.1, 0.1, 0.1, 0.2, 0.2, 0.2, 0.2, 0.2])
    }

    @Test func invalidParametersAreNamed() {
        #expect(throws: TiltSensorError.invalidParameter(name: "sampleRate", reason: "must be finite and > 0")) {
            try TiltSensorSimulation(
                source: .constant(.level), sampleRate: 0, maximumTiltAngle: 0.5, smoothingTimeConstant: 0,
                frameRate: 60, duration: 1)
        }
        #expect(throws: TiltSensorError.invalidParameter(name: "smoothingTimeConstant", reason: "must be finite and ≥ 0")) {
            try TiltSensorSimulation(
                source: .constant(.level), sampleRate: 10, maximumTiltAngle: 0.5, smoothingTimeConstant: .nan,
                frameRate: 60, duration: 1)
        }
        #expect(throws: TiltSensorError.self) {
            try TiltSensorSimulation(
                source: .constant(DeviceAttitude(roll: .infinity, pitch: 0)), sampleRate: 10, maximumTiltAngle: 0.5,
                smoothingTimeConstant: 0, frameRate: 60, duration: 1)
        }
        #expect(throws: TiltSensorError.self) {
            try TiltSensorSimulation(
                source: .constant(.level), sampleRate: 1e9, maximumTiltAngle: 0.5, smoothingTimeConstant: 0,
                frameRate: 60, duration: 1)
        }
    }
}
