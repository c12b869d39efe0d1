import Foundation
import Testing
import Reference

@Suite("DampedOscillator: turning points, overshoot and settling time")
struct DampedOscillatorSettlingTests {
    /// (ζ, x0 in pt, v0 in pt/s): releases at rest, the engine's start through x(−h) = x(0)
    /// (a slight pull towards equilibrium), a throw from equilibrium, and an over-damped throw
    /// fast enough to cross equilibrium once.
    static let cases: [(Double, Double, Double)] = [
        (0.1, 100, 0), (0.25, 100, 0), (0.625, 100, -64.4), (0.8125, 100, 0), (1, 100, 0), (1, 100, -50),
        (2, 100, 0), (0.4375, 0, 500), (2, 100, -8000), (1, 100, -3000),
    ]

    static func oscillator(_ c: (Double, Double, Double)) throws -> DampedOscillator {
        try DampedOscillator(naturalFrequency: 2, dampingRatio: c.0, initialDisplacement: c.1, initialVelocity: c.2)
    }

    @Test func fromATurningPointTheFirstOvershootIsTheClosedFormsFraction() throws {
        for zeta in [0.1, 0.25, 0.5, 0.9] {
            let released = try DampedOscillator(naturalFrequency: 2, dampingRatio: zeta, initialDisplacement: 100, initialVelocity: 0)
            let times = released.turningTimes(from: 0, count: 2)
            #expect(times.count == 2 && times[0] == 0)
            // Rounding of a few operations on a 100 pt displacement.
            #expect(abs(released.displacement(at: times[1]) / 100 + released.overshootRatio) <= 1e-13, "ζ = \(zeta)")
        }
        #expect(try DampedOscillator(naturalFrequency: 2, dampingRatio: 0.25, initialDisplacement: 1, initialVelocity: 0)
            .overshootRatio == exp(-Double.pi * 0.25 / (1 - 0.0625).squareRoot()))
        #expect(try DampedOscillator(naturalFrequency: 2, dampingRatio: 1, initialDisplacement: 1, initialVelocity: 0).overshootRatio == 0)
    }

    @Test("turning points are the velocity's zeros, and no zero is missed", arguments: cases)
    func turningPointsAreTheVelocitysZeros(c: (Double, Double, Double)) throws {
        let oscillator = try Self.oscillator(c)
        let start = -0.01
        let times = oscillator.turningTimes(from: start, count: 8)
        let scale = oscillator.angularFrequency * (c.1 * c.1 + pow(c.2 / oscillator.angularFrequency, 2)).squareRoot()
        for t in times {
            #expect(t >= start)
            // ω·amplitude·ε-sized: the closed form's velocity evaluated at its own zero.
            #expect(abs(oscillator.velocity(at: t)) <= 1e-12 * scale, "ζ = \(c.0): v(\(t)) = \(oscillator.velocity(at: t))")
        }
        // Independently: sign changes of the velocity on a 10 µs grid, up to just past the last
        // time given (ζ < 1) or over 2 s, beyond which the slow root leaves no room for another.
        let step = 1e-5, end = c.0 < 1 ? (times.last ?? 0) + 10 * step : 2
        var changes: [Double] = []
        var previous = oscillator.velocity(at: start)
        for index in 1...Int(((end - start) / step).rounded(.up)) {
            let t = start + Double(index) * step, v = oscillator.velocity(at: t)
            if (previous < 0 && v >= 0) || (previous > 0 && v <= 0) { changes.append(t) }
            previous = v
        }
        #expect(changes.count == times.count, "ζ = \(c.0): \(changes) against \(times)")
        for (found, exact) in zip(changes, times) { #expect(abs(found - exact) <= step, "ζ = \(c.0): \(found) against \(exact)") }
    }

    @Test("the settling time is the last time |x| reaches the band", arguments: cases)
    func settlingTimeIsTheLastBandCrossing(c: (Double, Double, Double)) throws {
        let oscillator = try Self.oscillator(c)
        let band = 2.0
        let settled = oscillator.settlingTime(within: band)
        #expect(settled > 0 && settled.isFinite)
        // Found by bisection to rounding: |x| there is the band (a 100 pt oscillation: ~1e-13 pt).
        #expect(abs(abs(oscillator.displacement(at: settled)) - band) <= 1e-9, "ζ = \(c.0)")
        // Independently: the last point of a 10 µs grid over 10 s where |x| ≥ band.
        let step = 1e-5
        var lastOutside = 0.0
        for index in 0...Int(10 / step) where abs(oscillator.displacement(at: Double(index) * step)) >= band {
            lastOutside = Double(index) * step
        }
        #expect(settled - lastOutside >= 0 && settled - lastOutside <= step, "ζ = \(c.0): \(settled) against \(lastOutside)")
    }

    @Test func undampedNeverSettlesAndASmallMotionIsSettledFromTheStart() throws {
        let undamped = try DampedOscillator(naturalFrequency: 2, dampingRatio: 0, initialDisplacement: 1, initialVelocity: 0)
        #expect(undamped.settlingTime(within: 0.5) == .infinity)
        #expect(undamped.settlingTime(within: 2) == 0)
        let small = try DampedOscillator(naturalFrequency: 2, dampingRatio: 0.25, initialDisplacement: 1, initialVelocity: 0)
        #expect(small.settlingTime(within: 1.5) == 0)
        let resting = try DampedOscillator(naturalFrequency: 2, dampingRatio: 0.5, initialDisplacement: 0, initialVelocity: 0)
        #expect(resting.turningTimes(from: 0, count: 3).isEmpty && resting.settlingTime(within: 1e-9) == 0)
    }
}
