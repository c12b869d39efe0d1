import Foundation

/// Number formatting shared by reports and limits: compact, locale-independent.
enum NumberFormat {
    /// Up to 4 significant digits; scientific notation outside [1e-3, 1e5).
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "∞" : "−∞") }
        if value == 0 { return "0" }
        let magnitude = abs(value)
        if magnitude >= 1e-3 && magnitude < 1e5 {
            return String(format: "%.4g", value)
        }
        return String(format: "%.3e", value)
    }
}
