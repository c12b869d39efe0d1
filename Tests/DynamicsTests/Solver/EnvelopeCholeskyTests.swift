@testable import Dynamics
import Foundation
import Testing

/// The envelope factorisation against dense Gaussian elimination with partial pivoting, on random
/// symmetric positive definite matrices of random envelopes, and on matrices with dependent rows.
@Suite struct EnvelopeCholeskyTests {
    /// A random symmetric positive definite matrix A = B·Bᵀ + I/10 whose row i is zero left of
    /// `first[i]` (B lower triangular with the same envelope, so A's envelope is no wider).
    static func randomMatrix(size: Int, seed: UInt64) -> (first: [Int], dense: [[Double]]) {
        var generator = SeededGenerator(seed: seed)
        let first = (0..<size).map { $0 - Int(generator.next() % UInt64(min($0, 4) + 1)) }
        var b = Array(repeating: Array(repeating: 0.0, count: size), count: size)
        for i in 0..<size { for j in first[i]...i { b[i][j] = Double.random(in: -1..<1, using: &generator) } }
        var a = Array(repeating: Array(repeating: 0.0, count: size), count: size)
        for i in 0..<size {
            for j in 0..<size {
                // (B·Bᵀ)ᵢⱼ = Σₖ Bᵢₖ·Bⱼₖ over k ≤ min(i, j).
                for k in 0...min(i, j) { a[i][j] += b[i][k] * b[j][k] }
            }
            a[i][i] += 0.1
        }
        // (B·Bᵀ)ᵢⱼ needs k ≥ max(first[i], first[j]) and k ≤ min(i, j): zero left of first[i].
        return (first, a)
    }

    /// x with A·x = b by Gaussian elimination with partial pivoting (an independent reference).
    static func denseSolve(_ matrix: [[Double]], _ rhs: [Double]) -> [Double] {
        var a = matrix, b = rhs
        let n = b.count
        for column in 0..<n {
            let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = Array(repeating: 0.0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x
    }

    @Test(arguments: 1...40)
    func solvesAsDenseEliminationDoes(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &* 7919)
        let size = 1 + Int(generator.next() % 30)
        let (first, dense) = Self.randomMatrix(size: size, seed: UInt64(seed))
        var matrix = EnvelopeCholesky()
        matrix.reset(firstColumns: first)
        for i in 0..<size { for j in first[i]...i { matrix[i, j] = dense[i][j] } }
        matrix.factor()
        let rhs = (0..<size).map { _ in Double.random(in: -5..<5, using: &generator) }
        var x = rhs
        matrix.solve(&x)
        let reference = Self.denseSolve(dense, rhs)
        // The matrices are conditioned to a few hundred at most (smallest eigenvalue ≥ 0.1,
        // largest a few tens): both solutions carry rounding of that times 10⁻¹⁶; 10⁻⁹ leaves room.
        for (value, expected) in zip(x, reference) {
            #expect(abs(value - expected) <= 1e-9 * max(1, abs(expected)), "size \(size): \(value) against \(expected)")
        }
    }

    @Test func aRowThatRepeatsAnEarlierOneIsDroppedAndTheRestSolved() {
        // Rows 0 and 2 are the same constraint (a closed loop's last link): the matrix is
        // singular, and the system is consistent when their right-hand sides agree. Row 4 couples
        // to the dropped row 2 (and to row 0), so the dropped column must read as zero.
        let j: [[Double]] = [[1, 0, 0, 0], [0, 1, 0, 0], [1, 0, 0, 0], [0, 1, 1, 0], [1, 0, 0, 1]]
        let dense = j.map { r in j.map { s in zip(r, s).map(*).reduce(0, +) } }
        var matrix = EnvelopeCholesky()
        matrix.reset(firstColumns: [0, 1, 0, 1, 0])
        for i in 0..<5 { for c in matrix.firstColumn[i]...i { matrix[i, c] = dense[i][c] } }
        matrix.factor()
        let rhs = [2.0, 3, 2, 5, -1]
        var x = rhs
        matrix.solve(&x)
        #expect(x[2] == 0, "the repeated row gets nothing")
        // J·Jᵀ·x must reproduce the right-hand side, including the dropped row's.
        let product = (0..<5).map { i in (0..<5).map { dense[i][$0] * x[$0] }.reduce(0, +) }
        for (value, expected) in zip(product, rhs) { #expect(abs(value - expected) <= 1e-12) }
    }
}
