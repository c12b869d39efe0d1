/// A downsampled time series of an observable next to its reference, for plots and reports.
public struct Series: Codable, Equatable, Sendable {
    /// The case it belongs to.
    public var caseName: String
    /// The observable (e.g. "y of small item").
    public var name: String
    /// Unit of the values.
    public var unit: String
    /// Times (seconds).
    public var time: [Double]
    /// What the engine produced.
    public var observed: [Double]
    /// What the reference says.
    public var reference: [Double]

    /// Creates a series keeping at most `maximumPoints` evenly spaced samples (first and last kept).
    public init(caseName: String, name: String, unit: String, time: [Double], observed: [Double],
                reference: [Double], maximumPoints: Int = 61) {
        // Series of different lengths keep their common prefix (never an out-of-range read).
        let picked = Self.evenlySpacedIndices(count: min(time.count, observed.count, reference.count), maximum: maximumPoints)
        self.caseName = caseName
        self.name = name
        self.unit = unit
        self.time = picked.map { time[$0] }
        self.observed = picked.map { observed[$0] }
        self.reference = picked.map { reference[$0] }
    }

    static func evenlySpacedIndices(count: Int, maximum: Int) -> [Int] {
        guard count > maximum, maximum >= 2 else { return Array(0..<count) }
        return (0..<maximum).map { ($0 * (count - 1)) / (maximum - 1) }
    }
}
