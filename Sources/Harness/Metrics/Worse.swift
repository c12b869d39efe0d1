/// The larger of two errors, where NaN wins: `Swift.max` returns its first argument when the
/// second is NaN, which would let a broken measurement look accurate.
func worse(_ a: Double, _ b: Double) -> Double {
    a.isNaN || b.isNaN ? .nan : max(a, b)
}

extension Sequence<Double> {
    /// The largest element, NaN if any element is NaN, `nil` when empty.
    var worst: Double? {
        reduce(nil) { partial, value in partial.map { worse($0, value) } ?? value }
    }
}
