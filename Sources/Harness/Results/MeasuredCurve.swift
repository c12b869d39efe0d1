/// A measured quantity against a variable (over time, or against a mass ratio) with the limits
/// it is held to: plot data for what has bounds but no reference curve (a chain's largest link
/// error over time, a crush depth against the mass ratio).
public struct MeasuredCurve: Codable, Equatable, Sendable {
    /// The case it belongs to (its legend text).
    public var caseName: String
    /// What is measured (e.g. "largest link length error"); curves of one quantity share a plot.
    public var quantity: String
    /// Unit of `y`.
    public var unit: String
    /// What `x` is (e.g. "time", "mass ratio heavy : light") and its unit ("s", "1").
    public var variable: String
    public var variableUnit: String
    /// The points, in order of `x`.
    public var x: [Double]
    public var y: [Double]
    /// Horizontal lines to draw with it (its tolerance, its target).
    public var limits: [CurveLimit]
    /// Whether each axis is logarithmic (the quantity spans decades).
    public var logarithmicX: Bool
    public var logarithmicY: Bool

    /// Creates a curve of the points (`x[i]`, `y[i]`); of more than `maximumPoints` of them it
    /// keeps the first, the last and, from each of `maximumPoints − 2` equal runs of those
    /// between, the point with the largest `y` (a non-finite one first): the curve keeps every
    /// peak a bound judges, and its whole span.
    public init(caseName: String, quantity: String, unit: String, variable: String, variableUnit: String,
                x: [Double], y: [Double], limits: [CurveLimit] = [], logarithmicX: Bool = false, logarithmicY: Bool = false,
                maximumPoints: Int = 121) {
        let picked = Self.peakIndices(y, count: min(x.count, y.count), maximum: maximumPoints)
        self.caseName = caseName
        self.quantity = quantity
        self.unit = unit
        self.variable = variable
        self.variableUnit = variableUnit
        self.x = picked.map { x[$0] }
        self.y = picked.map { y[$0] }
        self.limits = limits
        self.logarithmicX = logarithmicX
        self.logarithmicY = logarithmicY
    }

    /// Indices 0 and `count − 1` and, of each of `maximum − 2` equal runs of the indices between,
    /// that of the largest of `values` (a non-finite value counts as the largest); every index
    /// when `count` is at most `maximum`.
    static func peakIndices(_ values: [Double], count: Int, maximum: Int) -> [Int] {
        guard count > maximum, maximum >= 3 else { return Array(0..<count) }
        let windows = maximum - 2, inner = count - 2
        return [0] + (0..<windows).map { window in
            let start = 1 + window * inner / windows, end = 1 + (window + 1) * inner / windows
            return (start..<end).max { a, b in
                !values[a].isFinite ? false : (!values[b].isFinite || values[a] < values[b])
            } ?? start
        } + [count - 1]
    }
}

/// A horizontal line drawn with a ``MeasuredCurve``: a bound and what it is.
public struct CurveLimit: Codable, Equatable, Sendable {
    /// Its legend text (e.g. "tolerance", "target").
    public var label: String
    /// Its value, in the curve's unit.
    public var value: Double

    /// Creates a limit line.
    public init(label: String, value: Double) {
        self.label = label
        self.value = value
    }

    /// The lines of a metric's limits: its tolerance's and its target's upper bounds, where set.
    public static func upperBounds(of metric: Metric) -> [CurveLimit] {
        [metric.tolerance.upper.map { CurveLimit(label: "tolerance", value: $0) },
         metric.target?.upper.map { CurveLimit(label: "target", value: $0) }].compactMap { $0 }
    }
}
