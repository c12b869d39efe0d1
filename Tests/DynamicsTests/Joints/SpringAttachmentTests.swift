import Dynamics
import Foundation
import Testing

/// Springs (`frequency > 0`) follow the damped oscillator exactly: the engine uses the exact
/// two-step propagator, so period, decay and energy carry rounding errors only.
@Suite struct SpringAttachmentTests {
    /// Runs a 100×100 item (mass 1, no resistance) on a spring of length 150 to an anchor 100 pt
    /// above it (so it starts 50 pt compressed), one sub-step per frame, and returns the spring's
    /// extension (distance − length, points) at every sub-step.
    func extensions(frequency: Double, damping: Double, seconds: Double,
                    configure: (DynamicAnimator, HeadlessItem) throws -> Void = { _, _ in }) throws -> [Double] {
        let item = largeItem(at: Point(x: 0, y: 100))
        let spring = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        spring.length = 150
        spring.frequency = frequency
        spring.damping = damping
        let animator = try DynamicAnimator(configuration: neverResting)
        try animator.addBehavior(spring)
        try animator.addBehavior(try frictionless([item]))
        try configure(animator, item)
        var samples = [item.center.y - 150]
        for _ in 0..<Int((seconds / substep).rounded()) {
            try animator.step(by: substep)
            samples.append(item.center.distance(to: .zero) - 150)
        }
        return samples
    }

    @Test(arguments: [0.5, 1, 2, 4], [0, 0.1, 0.5, 1])
    func oscillatesWithItsPeriodAndDecaysAtItsDampingRate(frequency: Double, damping: Double) throws {
        let x = try extensions(frequency: frequency, damping: damping, seconds: 20)
        let omega = 2 * Double.pi * frequency

        // 1. The whole trajectory against the closed form. The item starts at rest, i.e. it was
        // at x₀ one sub-step earlier too (the engine's velocity is the backward difference).
        // Tolerance 1e-9 pt on a 50 pt amplitude over 2400 sub-steps: rounding of positions of
        // magnitude ~200 pt is ~3e-14 pt per sub-step; the measured worst is ~4e-12 pt.
        let exact = ClosedFormOscillator.through(frequency: frequency, dampingRatio: damping,
                                                 x0: x[0], previous: x[0], h: substep)
        var worst = 0.0
        for (n, value) in x.enumerated() { worst = max(worst, abs(value - exact.displacement(at: Double(n) * substep))) }
        #expect(worst < 1e-9, "largest deviation from the closed form: \(worst) pt")

        // 2. Period and decay rate measured from the samples (Prony's method), while the signal
        // is far above rounding (|x| > 1e-6 pt). Tolerance 1e-6 relative: the fit of an exact
        // sampled oscillator is limited by rounding (measured ≤ 5e-9); the backward-Euler soft
        // step, by contrast, errs by ~hω/2 in decay (~10 % of ω at 4 Hz).
        let usable = Array(x.prefix { abs($0) > 1e-6 })
        let fit = fitOscillator(usable, h: substep)
        #expect(abs(fit.decayRate - damping * omega) <= 1e-6 * omega,
                "decay rate \(fit.decayRate) 1/s, expected \(damping * omega)")
        if damping < 1 {
            let period = 2 * Double.pi / fit.dampedFrequency
            let expected = 1 / (frequency * (1 - damping * damping).squareRoot())
            #expect(abs(period / expected - 1) <= 1e-6, "period \(period) s, expected \(expected) s")
        }
    }

    @Test(arguments: [0.5, 4])
    func anUndampedSpringKeepsItsEnergyFor20Seconds(frequency: Double) throws {
        let x = try extensions(frequency: frequency, damping: 0, seconds: 20)
        let theta = 2 * Double.pi * frequency * substep
        // Energy per unit mass ½ω²A², with the amplitude A² of the sinusoid through two consecutive
        // samples: (x_n² + x_{n−1}² − 2cos(ωh)·x_n·x_{n−1}) / sin²(ωh).
        func energy(_ n: Int) -> Double {
            let amplitudeSquared = (x[n] * x[n] + x[n - 1] * x[n - 1] - 2 * cos(theta) * x[n] * x[n - 1])
                / (sin(theta) * sin(theta))
            return 0.5 * pow(2 * Double.pi * frequency, 2) * amplitudeSquared
        }
        let drift = energy(x.count - 1) / energy(1) - 1
        // 1e-9: rounding only (measured ~1e-13); a plain soft step would lose ~100 % here.
        #expect(abs(drift) < 1e-9, "relative energy drift over 20 s: \(drift)")
        // And, plainly, the swing still spans ±50 pt in the last second (to the sampling of the
        // crest: cos(ωh/2) ≥ 0.995 at 4 Hz).
        let last = x.suffix(120)
        #expect(last.max()! > 49.5 && last.min()! < -49.5)
    }

    @Test(arguments: [60.0, 1000.0], [0.0, 0.5])
    func aStiffSpringStaysBoundedAndFinite(frequency: Double, damping: Double) throws {
        // 60 Hz is the Nyquist limit at h = 1/120 s. The stiffness is capped at 20 Hz, so the
        // motion is that oscillator's: bounded by 50/cos(π/6) = 57.7 pt (the start at rest sits
        // half a sub-step from the crest).
        let x = try extensions(frequency: frequency, damping: damping, seconds: 20)
        #expect(x.allSatisfy { $0.isFinite })
        #expect(x.map(abs).max()! <= 50 / cos(Double.pi / 6) + 1e-9)
        if damping > 0 { #expect(abs(x.last!) < 1e-9) }
    }

    @Test func undampedStiffSpringsInParallelStayBounded() throws {
        // An item between two 60 Hz springs (explicit stiffness adds up across joints): bounded.
        let item = largeItem(at: Point(x: 0, y: 120))
        let up = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        let down = try AttachmentBehavior(item: item, attachedToAnchor: Point(x: 0, y: 200))
        for spring in [up, down] {
            spring.length = 100
            spring.frequency = 60
        }
        let animator = try DynamicAnimator(configuration: neverResting)
        try animator.addBehavior(up)
        try animator.addBehavior(down)
        try animator.addBehavior(try frictionless([item]))
        var largest = 0.0
        for _ in 0..<2400 {
            try animator.step(by: substep)
            largest = max(largest, abs(item.center.y - 100))
        }
        #expect(item.center.y.isFinite)
        // Starts 20 pt from equilibrium; twice that leaves room for the sampling phase.
        #expect(largest < 40, "largest excursion \(largest) pt")
    }

    @Test func aHangingSpringRestsAtTheStaticExtension() throws {
        // Under gravity (1000 pt/s²) a spring of frequency f rests extended by g/ω² exactly.
        let item = largeItem(at: Point(x: 0, y: 100))
        let spring = try AttachmentBehavior(item: item, attachedToAnchor: .zero)
        spring.frequency = 1
        spring.damping = 1
        let animator = try DynamicAnimator(configuration: neverResting)
        try animator.addBehavior(spring)
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.addBehavior(try frictionless([item]))
        try animator.run(frames: 600)
        let expected = 1000 / pow(2 * Double.pi, 2)
        // After 10 s critically damped at ω = 2π/s the transient is e^(−63)·…; rounding remains.
        #expect(abs(item.center.y - 100 - expected) < 1e-9, "extension \(item.center.y - 100) pt, expected \(expected)")
    }
}
