import Foundation
import Testing
import Reference

@Suite("FirstOrderLowPass: τ·y' = u(t) − y")
struct FirstOrderLowPassTests {
    static func problem(timeConstant tau: Double, input: @escaping @Sendable (Double) -> Double) -> ODEProblem {
        ODEProblem(dimension: 1) { t, y, dydt in dydt[0] = (input(t) - y[0]) / tau }
    }

    @Test("step response matches GSL", arguments: [0.05, 0.1, 0.5])
    func step(timeConstant tau: Double) throws {
        let filter = try FirstOrderLowPass(timeConstant: tau)
        let (y0, target) = (0.3, -1.0)
        let times = TestSupport.sampleTimes(upTo: 3, count: 60)
        let states = try TestSupport.tightIntegrator()
            .solve(Self.problem(timeConstant: tau) { _ in target }, initialState: [y0], from: 0, sampleTimes: times).states
        // Relative to the signal scale max(|y0|, |target|); integration error ~1e-13, reference
        // accuracy 1e-9.
        #expect(TestSupport.maximumRelativeDeviation(times.map { filter.stepResponse(at: $0, from: y0, to: target) },
                                                     states.map { $0[0] }, scale: 1) <= 1e-9)
    }

    @Test("sinusoid response, transient included, matches GSL", arguments: [0.05, 0.5], [0.5, 2.0, 7.0])
    func sinusoid(timeConstant tau: Double, frequency f: Double) throws {
        let filter = try FirstOrderLowPass(timeConstant: tau)
        let (y0, amplitude) = (0.4, 1.0)
        let times = TestSupport.sampleTimes(upTo: 4, count: 80)
        let states = try TestSupport.tightIntegrator().solve(
            Self.problem(timeConstant: tau) { amplitude * sin(2 * .pi * f * $0) },
            initialState: [y0], from: 0, sampleTimes: times).states
        // Relative to the amplitude (the output crosses zero); integration error ~1e-12.
        #expect(TestSupport.maximumRelativeDeviation(times.map { filter.sinusoidResponse(at: $0, from: y0, amplitude: amplitude, frequency: f) },
                                                     states.map { $0[0] }, scale: amplitude) <= 1e-9)
    }

    @Test("after the transient the output is A/√(1+(ωτ)²)·sin(ωt − atan(ωτ))")
    func steadyState() throws {
        let filter = try FirstOrderLowPass(timeConstant: 0.1)
        let (amplitude, f) = (2.0, 1.5)
        let gain = filter.steadyStateAmplitude(amplitude: amplitude, frequency: f)
        let lag = filter.steadyStatePhaseLag(frequency: f)
        #expect(abs(gain - 2 / (1 + pow(2 * .pi * 1.5 * 0.1, 2)).squareRoot()) <= 1e-15)
        for t in [5.0, 5.13, 6.7] {  // ≥ 50 τ: the transient e^(−50) ≈ 2e-22 is below rounding
            let response = filter.sinusoidResponse(at: t, from: 0.4, amplitude: amplitude, frequency: f)
            // Two algebraically equal forms of the steady state; rounding only (1e-14).
            #expect(abs(response - gain * sin(2 * .pi * f * t - lag)) <= 1e-14 * amplitude)
        }
    }

    @Test("τ = 0 passes the input through")
    func passThrough() throws {
        let filter = try FirstOrderLowPass(timeConstant: 0)
        #expect(filter.stepResponse(at: 0.2, from: 5, to: 1) == 1)
        #expect(filter.sinusoidResponse(at: 0.2, from: 5, amplitude: 2, frequency: 1) == 2 * sin(2 * .pi * 0.2))
        #expect(filter.steadyStateAmplitude(amplitude: 2, frequency: 3) == 2 && filter.steadyStatePhaseLag(frequency: 3) == 0)
    }

    @Test("invalid time constants are rejected")
    func invalid() {
        #expect(throws: ReferenceError.invalidParameter(name: "timeConstant", value: -1, requirement: "≥ 0")) {
            try FirstOrderLowPass(timeConstant: -1)
        }
        #expect(throws: ReferenceError.nonFiniteInput(name: "timeConstant")) { try FirstOrderLowPass(timeConstant: .nan) }
    }
}
