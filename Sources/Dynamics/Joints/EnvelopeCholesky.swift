/// A symmetric positive semi-definite matrix stored by its envelope (each row from its first
/// non-zero column to the diagonal), factored in place as L·Lᵀ and solved against right-hand
/// sides: the profile (skyline) method of Jennings (1966; George & Liu, "Computer Solution of
/// Large Sparse Positive Definite Systems", 1981, ch. 4). Fill-in stays inside the envelope, so a
/// chain's rows ordered along the chain cost a few entries each.
///
/// Rows that depend on earlier ones (a pivot below ``dependencyTolerance`` of its diagonal, as in
/// a closed loop of rigid links) are dropped: their column becomes zero and their solution 0, so
/// the rest is the factor of the matrix without them. The buffers keep their capacity, so a
/// factorisation of the same size allocates nothing.
struct EnvelopeCholesky {
    /// A pivot below this fraction of its diagonal entry marks its row as dependent.
    static let dependencyTolerance = 1e-10

    /// Per row: its first stored column, and where its entries start in `values`.
    private(set) var firstColumn: [Int] = []
    private var start: [Int] = []
    /// Row by row, columns `firstColumn[i]...i`: the matrix, then its factor.
    private var values: [Double] = []
    private var isDependent: [Bool] = []

    /// Number of rows.
    var count: Int { firstColumn.count }

    /// Shapes an all-zero matrix whose row `i` has its first non-zero column at `firstColumns[i]`
    /// (at most `i`).
    mutating func reset(firstColumns: some Sequence<Int>) {
        firstColumn.removeAll(keepingCapacity: true)
        start.removeAll(keepingCapacity: true)
        var total = 0
        for (row, first) in firstColumns.enumerated() {
            precondition(first >= 0 && first <= row, "an envelope starts at or before its diagonal")
            firstColumn.append(first)
            start.append(total - first)
            total += row - first + 1
        }
        values.removeAll(keepingCapacity: true)
        values.append(contentsOf: repeatElement(0, count: total))
        isDependent.removeAll(keepingCapacity: true)
        isDependent.append(contentsOf: repeatElement(false, count: firstColumn.count))
    }

    /// The entry at `row`, `column` (`firstColumn[row] ≤ column ≤ row`).
    subscript(row: Int, column: Int) -> Double {
        get { values[start[row] + column] }
        set { values[start[row] + column] = newValue }
    }

    /// Factors the matrix in place (row-oriented bordering: each row of L from the rows above).
    mutating func factor() {
        // Taken out of self for the loop (no copy: the buffers move), so that the closure may
        // read the other fields.
        var values = self.values, isDependent = self.isDependent
        self.values = []
        self.isDependent = []
        defer {
            self.values = values
            self.isDependent = isDependent
        }
        let firstColumn = self.firstColumn, start = self.start
        values.withUnsafeMutableBufferPointer { l in
            for i in 0..<count {
                let firstI = firstColumn[i], rowI = start[i]
                for j in firstI..<i {
                    guard !isDependent[j] else {
                        l[rowI + j] = 0
                        continue
                    }
                    let rowJ = start[j]
                    var sum = l[rowI + j]
                    for k in max(firstI, firstColumn[j])..<j { sum -= l[rowI + k] * l[rowJ + k] }
                    l[rowI + j] = sum / l[rowJ + j]
                }
                let diagonal = l[rowI + i]
                var pivot = diagonal
                for k in firstI..<i { pivot -= l[rowI + k] * l[rowI + k] }
                if pivot > Self.dependencyTolerance * diagonal && diagonal > 0 {
                    l[rowI + i] = pivot.squareRoot()
                } else {
                    isDependent[i] = true
                    for k in firstI..<i { l[rowI + k] = 0 }
                    l[rowI + i] = 1
                }
            }
        }
    }

    /// Solves (L·Lᵀ)·x = b in place for a factored matrix (dependent rows get 0).
    func solve(_ b: inout [Double]) {
        precondition(b.count == count, "one right-hand side per row")
        values.withUnsafeBufferPointer { l in
            for i in 0..<count {
                guard !isDependent[i] else {
                    b[i] = 0
                    continue
                }
                var sum = b[i]
                for k in firstColumn[i]..<i { sum -= l[start[i] + k] * b[k] }
                b[i] = sum / l[start[i] + i]
            }
            for i in stride(from: count - 1, through: 0, by: -1) {
                guard !isDependent[i] else {
                    b[i] = 0
                    continue
                }
                b[i] /= l[start[i] + i]
                let value = b[i]
                for k in firstColumn[i]..<i { b[k] -= l[start[i] + k] * value }
            }
        }
    }
}
