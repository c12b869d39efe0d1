/// An allowed range for a metric: `lower ≤ value ≤ upper`, either side optional.
public struct Limit: Codable, Equatable, Sendable, CustomStringConvertible {
    /// Smallest allowed value, if any.
    public var lower: Double?
    /// Largest allowed value, if any.
    public var upper: Double?

    /// Creates a limit.
    public init(lower: Double? = nil, upper: Double? = nil) {
        self.lower = lower
        self.upper = upper
    }

    /// `value ≤ bound`.
    public static func atMost(_ bound: Double) -> Limit { Limit(upper: bound) }
    /// `value ≥ bound`.
    public static func atLeast(_ bound: Double) -> Limit { Limit(lower: bound) }
    /// `|value − expected| ≤ tolerance`.
    public static func within(_ tolerance: Double, of expected: Double) -> Limit {
        Limit(lower: expected - tolerance, upper: expected + tolerance)
    }

    /// Whether `value` satisfies the limit; NaN never does.
    public func admits(_ value: Double) -> Bool {
        guard !value.isNaN else { return false }
        if let lower, value < lower { return false }
        if let upper, value > upper { return false }
        return true
    }

    /// `≤ 1e-09`, `≥ 3`, or `4 ± 0.1` (the midpoint and half-width of a two-sided limit).
    public var description: String {
        switch (lower, upper) {
        case let (lower?, upper?): "\(NumberFormat.short((lower + upper) / 2)) ± \(NumberFormat.short((upper - lower) / 2))"
        case let (nil, upper?): "≤ \(NumberFormat.short(upper))"
        case let (lower?, nil): "≥ \(NumberFormat.short(lower))"
        case (nil, nil): "any"
        }
    }
}
