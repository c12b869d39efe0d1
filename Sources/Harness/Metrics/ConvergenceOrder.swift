import Foundation

/// Empirical order of convergence from a time-step sweep: for consecutive steps h₁ > h₂ with
/// errors e₁, e₂, `p = ln(e₁/e₂) / ln(h₁/h₂)` (an error ∝ hᵖ gives exactly p).
public enum ConvergenceOrder {
    /// Why a measured order's limits bound it on both sides of the scheme's order: one far above
    /// it comes from errors outside their asymptotic range (or cancelling), not from more accuracy.
    public static let twoSidedReason = "bounded on both sides: an order far above the scheme's is errors outside their asymptotic range, not accuracy"

    /// The distance from the expected order below which two orders are the same (a metric's
    /// ``Metric/resolution``): an order is a ratio of logarithms of errors, and errors that are
    /// exact powers of the step still give orders that differ in their last digits (2 and
    /// 1.99999999996), which a comparison must not call 37 % worse. A millionth is far below any
    /// difference the tolerances (0.3 to 0.5 of the order) or targets (0.1) can see.
    public static let resolution = 1e-6

    /// The orders between consecutive entries of `sweep` (sorted by decreasing step). An entry is
    /// `nil` when either error is at or below `floor`, where rounding, not truncation, dominates
    /// and the ratio means nothing, or when the two steps are equal or not positive. A NaN error
    /// gives a NaN order.
    public static func estimate(steps: [Double], errors: [Double], floor: Double) -> [Double?] {
        guard steps.count == errors.count, steps.count >= 2 else { return [] }
        return (0..<(steps.count - 1)).map { index in
            let (e1, e2) = (errors[index], errors[index + 1])
            if e1.isNaN || e2.isNaN { return .nan }
            guard e1 > floor, e2 > floor, steps[index] != steps[index + 1], steps[index] > 0, steps[index + 1] > 0 else { return nil }
            return log(e1 / e2) / log(steps[index] / steps[index + 1])
        }
    }
}
