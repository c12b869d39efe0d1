import Foundation
import MotionEffects
import Testing

@Suite struct LowPassFilterTests {
    @Test func directFilterMatchesTheExactStepResponse() throws {
        var filter = try LowPassFilter(timeConstant: 0.2)
        var t = 0.0
        for dt in [0.001, 0.05, 0.013, 0.3, 0.0, 0.1] {
            try filter.advance(heldInput: 1, by: dt)
            t += dt
            // 1e-14: a few rounded operations on values ≤ 1.
            #expect(abs(filter.output - (1 - exp(-t / 0.2))) < 1e-14)
        }
    }

    @Test func zeroTimeConstantPassesThrough() throws {
        var filter = try LowPassFilter(timeConstant: 0, initialOutput: 3)
        #expect(try filter.advance(heldInput: -0.7, by: 0.01) == -0.7)
        #expect(try filter.advance(heldInput: 0.25, by: 0) == 0.25)
    }

    @Test func rejectsBadTimeConstants() {
        for tau in [-0.1, .nan, .infinity] {
            #expect(throws: TiltSensorError.invalidParameter(name: "timeConstant", reason: "must be finite and ≥ 0")) {
                try LowPassFilter(timeConstant: tau)
            }
        }
    }

    @Test func simulatedStepResponseIsExactAtEveryFrame() throws {
        // Step of 0.2 rad roll at 0.5 s (sample 50 at 100 Hz, exactly); max tilt 0.4 rad → height 0.5.
        let tau = 0.15
        let sim = try TiltSensorSimulation(
            source: .step(from: .level, to: DeviceAttitude(roll: 0.2, pitch: 0), at: 0.5),
            sampleRate: 100, maximumTiltAngle: 0.4, smoothingTimeConstant: tau, frameRate: 60, duration: 2)
        let frames = sim.run()
        #expect(frames.count == 121)
        for frame in frames {
            let expected = frame.time < 0.5 ? 0 : 0.5 * (1 - exp(-(frame.time - 0.5) / tau))
            // 1e-12: exact discretisation; only rounding accumulates over ≤ 320 sub-steps (~1e-16 each).
            #expect(abs(frame.smoothed.horizontal - expected) < 1e-12, "t = \(frame.time)")
            #expect(frame.smoothed.vertical == 0)
        }
    }

    @Test func zeroTimeConstantInTheSimulationPassesTheHeldSampleThrough() throws {
        let sim = try TiltSensorSimulation(
            source: .sinusoid(mean: .level, amplitude: DeviceAttitude(roll: 0.3, pitch: 0.1), frequency: 2, phase: 0),
            sampleRate: 50, maximumTiltAngle: 0.5, smoothingTimeConstant: 0, frameRate: 60, duration: 1)
        for frame in sim.run() {
            #expect(frame.smoothed == frame.normalizedTilt)
        }
    }

    @Test func sinusoidSteadyStateMatchesAnalyticAmplitudeAndPhase() throws {
        // Input u(t) = A sin(ωt), A = 0.2 (0.1 rad / 0.5 rad), f = 1 Hz, τ = 0.2 s, sampled at fs = 1000 Hz.
        let amplitude = 0.2, frequency = 1.0, tau = 0.2, fs = 1000.0, fps = 240.0
        let omega = 2 * Double.pi * frequency
        let sim = try TiltSensorSimulation(
            source: .sinusoid(mean: .level, amplitude: DeviceAttitude(roll: 0.1, pitch: 0), frequency: frequency, phase: 0),
            sampleRate: fs, maximumTiltAngle: 0.5, smoothingTimeConstant: tau, frameRate: fps, duration: 7)
        // Steady state: skip 3 s (15 τ, transient e^-15 ≈ 3e-7 of A), then project onto sin/cos over 4 whole periods.
        let window = sim.run().filter { $0.time >= 3 && $0.time < 7 }
        #expect(window.count == 960)
        var inPhase = 0.0, quadrature = 0.0
        for frame in window {
            inPhase += frame.smoothed.horizontal * sin(omega * frame.time)
            quadrature += frame.smoothed.horizontal * cos(omega * frame.time)
        }
        inPhase *= 2 / Double(window.count)
        quadrature *= 2 / Double(window.count)
        let measuredAmplitude = (inPhase * inPhase + quadrature * quadrature).squareRoot()
        let measuredLag = -atan2(quadrature, inPhase)

        let expectedAmplitude = amplitude / (1 + omega * omega * tau * tau).squareRoot()
        // Sample-and-hold delays the input by half a sample period on average: extra lag ω / (2 fs) ≈ 3.1e-3 rad.
        let holdLag = omega / (2 * fs)
        let expectedLag = atan(omega * tau) + holdLag
        // Relative 1e-5: the hold's sinc(ω/2fs) attenuation is −1.6e-6 (not modelled), residual transient ≈ 3e-7,
        // and the staircase ripple (~1e-5 of A, near 1 kHz) does not alias onto 1 Hz at 240 fps.
        #expect(abs(measuredAmplitude / expectedAmplitude - 1) < 1e-5)
        // 1e-6 rad: residual transient and ripple as above (observed ~6e-8); 3000× smaller than the hold lag,
        // so a model without the half-sample delay would fail.
        #expect(abs(measuredLag - expectedLag) < 1e-6)
    }
}
