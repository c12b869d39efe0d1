/// Which way a metric gets better, read from its tolerance: an upper bound alone means lower is
/// better (an error), a lower bound alone means higher is better (a count of rebounds that must
/// happen), and both bounds mean closer to their midpoint is better (a convergence order near 2).
public enum MetricPreference: Equatable, Sendable {
    /// Smaller values are better.
    case lowerIsBetter
    /// Larger values are better.
    case higherIsBetter
    /// Values nearer this one are better (in the metric's unit).
    case closerTo(Double)
    /// No direction: the tolerance bounds neither side.
    case none

    /// The preference a tolerance implies.
    public init(tolerance: Limit) {
        switch (tolerance.lower, tolerance.upper) {
        case (nil, .some): self = .lowerIsBetter
        case (.some, nil): self = .higherIsBetter
        case let (lower?, upper?): self = .closerTo((lower + upper) / 2)
        case (nil, nil): self = .none
        }
    }

    /// How bad `value` is: larger is worse. NaN stays NaN; `nil` for ``none``.
    public func badness(of value: Double) -> Double? {
        switch self {
        case .lowerIsBetter: value
        case .higherIsBetter: -value
        case .closerTo(let center): abs(value - center)
        case .none: nil
        }
    }

    /// "lower", "higher", "closer to X" or "none", as written in baselines and reports.
    public var label: String {
        switch self {
        case .lowerIsBetter: "lower"
        case .higherIsBetter: "higher"
        case .closerTo(let center): "closer to \(NumberFormat.short(center))"
        case .none: "none"
        }
    }
}
