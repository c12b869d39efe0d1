import Foundation

/// The oscillator's turning points, overshoot and settling time, from its closed form.
///
/// With ζ < 1 every solution is `R·e^(−σt)·cos(ωd·t − φ)`. From the state-transition form its
/// velocity is `e^(−σt)·[v0·cos(ωd t) − A·sin(ωd t)/ωd]` with `A = ω²·x0 + σ·v0`, so it vanishes
/// where `tan(ωd·t) = v0·ωd / A`: once every half damped period π/ωd, and the extremes there
/// shrink by `e^(−σπ/ωd) = e^(−πζ/√(1−ζ²))` from one to the next. With ζ = 1 the velocity is
/// `e^(−σt)·[v0 − A·t]` and with ζ > 1 `v0·cosh(ωh t) − A·sinh(ωh t)/ωh` (times a decay), each
/// zero at most once. Between two turning points x is monotone, which brackets every crossing of
/// a band exactly; bisection then finds it to rounding.
extension DampedOscillator {
    /// The ratio of successive extremes' magnitudes, `e^(−πζ/√(1−ζ²))` for ζ < 1
    /// (dimensionless): from a turning point (a release at rest), the first overshoot past
    /// equilibrium is this fraction of the displacement there. 0 for ζ ≥ 1, which never
    /// overshoots from a turning point.
    public var overshootRatio: Double {
        let zeta = dampingRatio
        guard zeta < 1 else { return 0 }
        return exp(-Double.pi * zeta / ((1 - zeta) * (1 + zeta)).squareRoot())
    }

    /// The first `count` times (s) at or after `start` (s) where the velocity is zero, in order:
    /// every half damped period for ζ < 1, at most one for ζ ≥ 1; none for the oscillator at rest
    /// at equilibrium.
    public func turningTimes(from start: Double, count: Int) -> [Double] {
        let omega = angularFrequency, zeta = dampingRatio, sigma = zeta * omega
        let x0 = initialDisplacement, v0 = initialVelocity
        let a = omega * omega * x0 + sigma * v0
        guard count > 0, a != 0 || v0 != 0 else { return [] }
        if zeta < 1 {
            let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            // The zeros of ωd·t are atan2(v0·ωd, A) + kπ; the first one at or after ωd·start.
            let phase = atan2(v0 * omegaD, a)
            let first = (omegaD * start - phase) / Double.pi
            var k = first.rounded(.up)
            var times: [Double] = []
            while times.count < count {
                let t = (phase + k * Double.pi) / omegaD
                if t >= start { times.append(t) }
                k += 1
            }
            return times
        }
        let time: Double?
        if zeta == 1 {
            time = a != 0 ? v0 / a : nil
        } else {
            let omegaH = omega * ((zeta - 1) * (zeta + 1)).squareRoot()
            let ratio = a != 0 ? v0 * omegaH / a : .infinity
            time = abs(ratio) < 1 ? atanh(ratio) / omegaH : nil
        }
        guard let time, time >= start else { return [] }
        return [time]
    }

    /// The settling time (s) to within `band` (pt, > 0): the last time t ≥ 0 at which
    /// |x(t)| = `band`, after which |x| stays below it; 0 if |x| is below the band from t = 0 on,
    /// and infinity for an undamped oscillation whose amplitude reaches it.
    public func settlingTime(within band: Double) -> Double {
        precondition(band > 0, "the band must be positive")
        let omega = angularFrequency, zeta = dampingRatio, x0 = initialDisplacement, v0 = initialVelocity
        if zeta == 0 {
            return (x0 * x0 + (v0 / omega) * (v0 / omega)).squareRoot() >= band ? .infinity : 0
        }
        // The last of the start and the turning points after it at which |x| ≥ band, and the
        // turning point after that one, if any: x is monotone between them.
        var last: Double? = abs(x0) >= band ? 0 : nil
        var next: Double?
        let turning = turningTimes(from: 0, count: 2).filter { $0 > 0 }
        if zeta < 1, var t = turning.first {
            // Extremes half a damped period apart shrink by the overshoot ratio: after the first
            // one below the band, none reaches it again.
            let halfPeriod = Double.pi / (omega * ((1 - zeta) * (1 + zeta)).squareRoot())
            while abs(displacement(at: t)) >= band {
                last = t
                t += halfPeriod
            }
            next = t
        } else if let t = turning.first {
            if abs(displacement(at: t)) >= band { last = t } else { next = t }
        }
        guard let start = last else { return 0 }
        // After the last turning point x decays monotonically to 0; bracket its band crossing.
        var end = next ?? start + 1 / omega
        while next == nil && abs(displacement(at: end)) >= band { end = start + 2 * (end - start) }
        let sign: Double = displacement(at: start) >= 0 ? 1 : -1
        var low = start, high = end
        for _ in 0..<200 where high - low > 1e-15 * max(1, abs(high)) {
            let middle = 0.5 * (low + high)
            if sign * displacement(at: middle) >= band { low = middle } else { high = middle }
        }
        return 0.5 * (low + high)
    }
}
