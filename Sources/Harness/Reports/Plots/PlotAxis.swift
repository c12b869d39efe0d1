import Foundation

/// How values map onto one axis of a plot.
enum PlotScale: Equatable, Sendable {
    /// Equal distances for equal differences.
    case linear
    /// Equal distances for equal ratios (positive values only).
    case logarithmic

    /// The scale for positive errors: logarithmic when the positive values span more than
    /// `decades` decades (a ratio above 10^decades), linear otherwise or without two positive values.
    static func forErrors(_ values: [Double], decades: Double = 2) -> PlotScale {
        let positive = values.filter { $0.isFinite && $0 > 0 }
        guard let smallest = positive.min(), let largest = positive.max() else { return .linear }
        return largest / smallest > pow(10, decades) ? .logarithmic : .linear
    }
}

/// One axis of a plot: its title, scale, range and ticks. The range always runs from tick to
/// tick and covers every value it was made for.
struct PlotAxis: Sendable {
    /// Axis title with its unit, e.g. "time (s)".
    var title: String
    var scale: PlotScale
    /// The ends of the axis, in data units.
    var lower: Double
    var upper: Double
    /// Tick positions, in data units, and their labels.
    var ticks: [Double]
    var labels: [String]

    /// An axis covering the finite values of `values` (the positive ones for a logarithmic
    /// scale); an axis for no values covers 0…1 (linear) or 1…10 (logarithmic).
    init(title: String, scale: PlotScale, covering values: [Double]) {
        self.title = title
        self.scale = scale
        let usable = values.filter { $0.isFinite && (scale == .linear || $0 > 0) }
        let low = usable.min() ?? (scale == .linear ? 0 : 1), high = usable.max() ?? (scale == .linear ? 1 : 10)
        switch scale {
        case .linear:
            ticks = Self.linearTicks(from: low, to: high)
            let step = ticks.count > 1 ? ticks[1] - ticks[0] : 1
            let largest = ticks.map(abs).max() ?? 1
            labels = ticks.map { Self.linearLabel($0, step: step, largest: largest) }
        case .logarithmic:
            ticks = Self.logarithmicTicks(from: low, to: high)
            labels = ticks.map(Self.logarithmicLabel)
        }
        lower = ticks.first ?? low
        upper = ticks.last ?? high
    }

    /// Where `value` lies between the ends, 0 at `lower` and 1 at `upper`; NaN where the scale
    /// cannot place it.
    func fraction(_ value: Double) -> Double {
        switch scale {
        case .linear: return (value - lower) / (upper - lower)
        case .logarithmic:
            guard value > 0 else { return .nan }
            return log10(value / lower) / log10(upper / lower)
        }
    }

    /// Ticks at whole multiples of a nice step (1, 2 or 5 × 10ᵏ), about five of them, from the
    /// last multiple at or below `low` to the first at or above `high`.
    static func linearTicks(from low: Double, to high: Double) -> [Double] {
        var (low, high) = (low, high)
        if high == low {
            let pad = low == 0 ? 1 : abs(low) / 10
            (low, high) = (low - pad, high + pad)
        }
        let rough = (high - low) / 5
        let magnitude = pow(10, floor(log10(rough)))
        let nice = [1.0, 2, 5, 10].first { rough / magnitude <= $0 * (1 + 1e-9) } ?? 10
        let step = nice * magnitude
        // Rounding of low/step must neither add a needless tick nor leave a value uncovered.
        var first = (low / step + 1e-9).rounded(.down), last = (high / step - 1e-9).rounded(.up)
        if first * step > low { first -= 1 }
        if last * step < high { last += 1 }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    /// Ticks at 1, 2 and 5 × 10ᵏ where the values span two decades or less, else at decades
    /// (every second or third where there are many), from the last tick at or below `low` to the
    /// first at or above `high`; both must be positive.
    static func logarithmicTicks(from low: Double, to high: Double) -> [Double] {
        let firstDecade = floor(log10(low) + 1e-9), lastDecade = ceil(log10(high) - 1e-9)
        if lastDecade - firstDecade <= 2 {
            let candidates = stride(from: firstDecade - 1, through: lastDecade, by: 1).flatMap { decade in
                [1.0, 2, 5].map { $0 * pow(10, decade) }
            }
            let start = candidates.lastIndex { $0 <= low * (1 + 1e-12) } ?? 0
            let end = candidates.firstIndex { $0 >= high * (1 - 1e-12) } ?? candidates.count - 1
            let ticks = Array(candidates[start...end])
            return ticks.count >= 2 ? ticks : [ticks[0], ticks[0] * 2]
        }
        let span = lastDecade - firstDecade
        let every = span > 16 ? 3.0 : span > 8 ? 2 : 1
        let first = (firstDecade / every).rounded(.down) * every, last = (lastDecade / every).rounded(.up) * every
        return stride(from: first, through: last, by: every).map { pow(10, $0) }
    }

    /// A tick label with as many decimals as the step needs; outside 10⁻⁴…10⁵, a mantissa times
    /// the power of ten of the axis's `largest` tick magnitude, the same for every tick.
    static func linearLabel(_ value: Double, step: Double, largest: Double) -> String {
        if value == 0 || abs(value) < step * 1e-9 { return "0" }
        let stepExponent = Int(floor(log10(step) + 1e-9))
        if stepExponent >= -4 && largest < 1e5 {
            return minusSign(String(format: "%.\(max(0, -stepExponent))f", value))
        }
        let exponent = Int(floor(log10(largest) + 1e-9))
        let decimals = min(6, max(0, exponent - stepExponent))
        let mantissa = String(format: "%.\(decimals)f", value / pow(10, Double(exponent)))
        return minusSign(mantissa == "1" ? "10\(superscript(exponent))" : "\(mantissa)×10\(superscript(exponent))")
    }

    /// "0.01", "2", "500" near 1; "10⁻⁶", "2×10⁻⁶" beyond 10⁻³…10⁴.
    static func logarithmicLabel(_ value: Double) -> String {
        let exponent = Int(floor(log10(value) + 1e-9))
        let mantissa = (value / pow(10, Double(exponent))).rounded()
        if exponent >= -3 && exponent <= 4 {
            return String(format: "%.\(max(0, -exponent))f", mantissa * pow(10, Double(exponent)))
        }
        return mantissa == 1 ? "10\(superscript(exponent))" : "\(Int(mantissa))×10\(superscript(exponent))"
    }

    /// `exponent` in superscript digits, e.g. "⁻¹³".
    static func superscript(_ exponent: Int) -> String {
        let digits: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        let text = String(abs(exponent)).map { digits[Int(String($0))!] }
        return (exponent < 0 ? "⁻" : "") + String(text)
    }

    /// A typographic minus in place of the hyphen.
    static func minusSign(_ text: String) -> String {
        text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }
}
