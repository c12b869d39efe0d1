/// Error statistics of an observed series against its reference.
public struct ErrorStatistics: Equatable, Sendable {
    /// Largest absolute error.
    public var maximum: Double
    /// Root mean square error.
    public var rms: Double
    /// Absolute error of the last sample.
    public var final: Double

    /// Compares two series of equal length (an empty pair gives zeros). A NaN anywhere, or series
    /// of different lengths, give NaN statistics, so that a broken run can never look accurate.
    public init(observed: [Double], reference: [Double]) {
        var maximum = 0.0, sumOfSquares = 0.0, sawNaN = observed.count != reference.count
        for (o, r) in zip(observed, reference) {
            let error = abs(o - r)
            if error.isNaN { sawNaN = true }
            maximum = max(maximum, error)
            sumOfSquares += error * error
        }
        let count = Double(max(observed.count, 1))
        self.maximum = sawNaN ? .nan : maximum
        self.rms = sawNaN ? .nan : (sumOfSquares / count).squareRoot()
        self.final = sawNaN ? .nan : zip(observed, reference).map { abs($0 - $1) }.last ?? 0
    }
}
