/// Zero crossings and extremes of a sampled scalar signal (e.g. a spring's stretch in points, a
/// pendulum's angle in radians), located between samples by the cubic through the four nearest
/// samples. For a smooth signal the located times and values err by O(Δ⁴) (Δ the sample spacing,
/// s); at a zero of a free oscillation, where the signal's second derivative vanishes too, the
/// crossing time errs by less still. The signal's start (the release) is never an extreme.
struct AttachmentSignal {
    /// Sample times (s), increasing.
    let times: [Double]
    /// Sample values (any unit), as many as `times`.
    let values: [Double]

    /// A signal from equally long arrays; extra samples of the longer one are dropped.
    init(times: [Double], values: [Double]) {
        let count = min(times.count, values.count)
        self.times = Array(times.prefix(count))
        self.values = Array(values.prefix(count))
    }

    /// The signal up to (and including) the last sample whose magnitude is at least `floor`:
    /// beyond it a decayed oscillation is rounding noise whose crossings and extremes mean nothing.
    func truncated(belowMagnitude floor: Double) -> AttachmentSignal {
        guard let last = values.lastIndex(where: { abs($0) >= floor }) else { return AttachmentSignal(times: [], values: []) }
        return AttachmentSignal(times: Array(times[...last]), values: Array(values[...last]))
    }

    /// Times (s) where the signal changes sign, in order.
    var zeroCrossings: [Double] {
        guard values.count >= 4 else { return [] }
        var crossings: [Double] = []
        for index in 0..<(values.count - 1) {
            let (a, b) = (values[index], values[index + 1])
            guard (a < 0 && b >= 0) || (a > 0 && b <= 0) else { continue }
            if b == 0 { crossings.append(times[index + 1]); continue }
            let cubic = cubic(around: index)
            // Bisection on the cubic, which equals the samples at both ends of the bracket.
            var low = times[index], high = times[index + 1]
            let lowSign = a < 0
            for _ in 0..<100 where high - low > 1e-15 * max(1, abs(high)) {
                let middle = 0.5 * (low + high)
                if (cubic.value(at: middle) < 0) == lowSign { low = middle } else { high = middle }
            }
            crossings.append(0.5 * (low + high))
        }
        return crossings
    }

    /// Interior local extremes (time in s, value), in order; the first and last samples are not
    /// candidates, so the release from rest is not counted.
    var extremes: [(time: Double, value: Double)] {
        guard values.count >= 4 else { return [] }
        var found: [(time: Double, value: Double)] = []
        for index in 1..<(values.count - 1) {
            let (previous, current, next) = (values[index - 1], values[index], values[index + 1])
            let isMaximum = current > previous && current >= next
            let isMinimum = current < previous && current <= next
            guard isMaximum || isMinimum else { continue }
            // The true extreme lies on the side of the larger (for a maximum) neighbour.
            let towardsNext = isMaximum ? next >= previous : next <= previous
            let cubic = cubic(around: towardsNext ? index : index - 1)
            let low = times[index - 1], high = times[index + 1]
            if let time = cubic.stationaryPoint(in: low...high, nearest: times[index]) {
                let value = cubic.value(at: time)
                // Keep the better of the refined and the sampled extreme (rounding guard).
                let better = isMaximum ? value >= current : value <= current
                found.append(better ? (time, value) : (times[index], current))
            } else {
                found.append((times[index], current))
            }
        }
        return found
    }

    /// The cubic through samples index − 1 … index + 2 (shifted inward at the ends).
    private func cubic(around index: Int) -> LocalCubic {
        let start = min(max(index - 1, 0), values.count - 4)
        return LocalCubic(times: Array(times[start..<(start + 4)]), values: Array(values[start..<(start + 4)]))
    }
}

/// The cubic through four points, in Newton form about its first abscissa.
struct LocalCubic {
    private let origin: Double
    /// Monomial coefficients in u = t − origin: c0 + c1·u + c2·u² + c3·u³.
    private let c0: Double, c1: Double, c2: Double, c3: Double

    /// The interpolant of `values` at the four distinct `times`.
    init(times t: [Double], values y: [Double]) {
        // Divided differences.
        let d01 = (y[1] - y[0]) / (t[1] - t[0]), d12 = (y[2] - y[1]) / (t[2] - t[1]), d23 = (y[3] - y[2]) / (t[3] - t[2])
        let d012 = (d12 - d01) / (t[2] - t[0]), d123 = (d23 - d12) / (t[3] - t[1])
        let d0123 = (d123 - d012) / (t[3] - t[0])
        // p(u) = y0 + d01·u + d012·u(u − a) + d0123·u(u − a)(u − b), a = t1 − t0, b = t2 − t0.
        let a = t[1] - t[0], b = t[2] - t[0]
        origin = t[0]
        c0 = y[0]
        c1 = d01 - d012 * a + d0123 * a * b
        c2 = d012 - d0123 * (a + b)
        c3 = d0123
    }

    /// The interpolant at time `t`.
    func value(at t: Double) -> Double {
        let u = t - origin
        return c0 + u * (c1 + u * (c2 + u * c3))
    }

    /// The zero of the derivative within `range` nearest to `guess`, if any.
    func stationaryPoint(in range: ClosedRange<Double>, nearest guess: Double) -> Double? {
        // c1 + 2c2·u + 3c3·u² = 0.
        let (qa, qb, qc) = (3 * c3, 2 * c2, c1)
        var roots: [Double] = []
        if abs(qa) <= 1e-300 || abs(qa) * (range.upperBound - range.lowerBound) < 1e-14 * abs(qb) {
            if qb != 0 { roots = [-qc / qb] }
        } else {
            let discriminant = qb * qb - 4 * qa * qc
            guard discriminant >= 0 else { return nil }
            // The numerically stable pair of roots.
            let q = -0.5 * (qb + (qb >= 0 ? 1 : -1) * discriminant.squareRoot())
            roots = [q / qa] + (q != 0 ? [qc / q] : [])
        }
        return roots.map { $0 + origin }.filter { range.contains($0) }.min { abs($0 - guess) < abs($1 - guess) }
    }
}
