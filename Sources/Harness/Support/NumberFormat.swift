import Foundation

/// Number formatting shared by reports and limits: compact, locale-independent.
enum NumberFormat {
    /// Up to 4 significant digits; scientific notation outside [1e-3, 1e5).
    static func short(_ value: Double) -> String {
        significant(value, digits: 4)
    }

    /// `value` with at least 4 significant digits, and as many more (up to 17) as it takes for its
    /// text to differ from that of every number of `others` that differs from it: a value that
    /// misses a bound by a hair never prints as the bound itself.
    static func distinguishing(_ value: Double, from others: [Double]) -> String {
        guard value.isFinite else { return short(value) }
        for digits in 4...17 {
            let text = significant(value, digits: digits)
            let clear = others.allSatisfy { other in
                other == value || !other.isFinite || significant(other, digits: digits) != text
            }
            if clear { return text }
        }
        return significant(value, digits: 17)
    }

    /// `digits` significant digits; scientific notation outside [1e-3, 1e5); trailing zeros kept
    /// off in the fixed form.
    static func significant(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "−∞") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1e-3 && magnitude < 1e5 {
            return String(format: "%.\(digits)g", value)
        }
        return String(format: "%.\(digits - 1)e", value)
    }
}
