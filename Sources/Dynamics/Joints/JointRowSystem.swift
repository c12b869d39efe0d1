/// Rows of joints as one linear system, J·M⁻¹·Jᵀ·x = b, factored in the envelope that the rows'
/// order gives (see ``JointOrder``) and solved directly; ``JointProjection`` solves positions and
/// velocities with it. Buffers keep their capacity between sub-steps.
struct JointRowSystem {
    /// Stored entries and envelope work (the sum of squared row widths, about the multiply-adds of
    /// the factorisation) one factorisation may use; past either, the caller falls back to
    /// row-by-row passes. A sub-step factors up to twice per projection step (24 at most) and
    /// once per velocity projection, so the work budget keeps each factorisation to a few
    /// hundredths of a millisecond. A pin chain costs 7 entries and 25 work per link (a rod chain
    /// 2 and 4), so 10 000 pinned links fit; pins sharing one hub couple every row, (2m)³/3 work
    /// for m pins, so a hub with more than about 45 does not.
    static let entryBudget = 200_000
    static let workBudget = 250_000

    /// The rows, in the order the system is built.
    var rows: [JointRow] = []
    /// Right-hand side in, solution out: one value per row.
    var solution: [Double] = []
    private var firstColumns: [Int] = []
    private var firstRowOfBody: [Int] = []
    private var matrix = EnvelopeCholesky()

    /// Shapes the envelope of `rows` and factors J·M⁻¹·Jᵀ, each row's ``JointRow/compliance``
    /// added to its diagonal and, if `isDamped`, its diagonal first scaled by 1 + the row's
    /// ``JointRow/damping``; returns false, leaving the matrix unfactored, over the budgets.
    mutating func factor(bodyCount: Int, isDamped: Bool = false) -> Bool {
        guard shapeEnvelope(bodyCount: bodyCount) else { return false }
        matrix.reset(firstColumns: firstColumns)
        for i in rows.indices {
            for j in firstColumns[i]...i { matrix[i, j] = rows[i].coupling(with: rows[j]) }
            matrix[i, i] = matrix[i, i] * (1 + (isDamped ? rows[i].damping : 0)) + rows[i].compliance
        }
        matrix.factor()
        return true
    }

    /// Replaces the right-hand side in `solution` by the solution (after ``factor(bodyCount:)``).
    mutating func solve() {
        matrix.solve(&solution)
    }

    /// Adds M⁻¹·Jᵀ·`solution` to the bodies' velocities.
    func applyVelocities(to bodies: UnsafeMutableBufferPointer<Body>) {
        for (row, impulse) in zip(rows, solution) {
            if row.bodyA >= 0 {
                bodies[Int(row.bodyA)].velocity += row.linearA * (impulse * row.inverseMassA)
                bodies[Int(row.bodyA)].angularVelocity += row.angularA * impulse * row.inverseInertiaA
            }
            if row.bodyB >= 0 {
                bodies[Int(row.bodyB)].velocity += row.linearB * (impulse * row.inverseMassB)
                bodies[Int(row.bodyB)].angularVelocity += row.angularB * impulse * row.inverseInertiaB
            }
        }
    }

    /// Sets `firstColumns` for `rows`: a row's first column is the first row sharing one of its
    /// bodies. Returns whether the envelope is within the budgets.
    private mutating func shapeEnvelope(bodyCount: Int) -> Bool {
        if firstRowOfBody.count != bodyCount { firstRowOfBody = Array(repeating: -1, count: bodyCount) }
        firstColumns.removeAll(keepingCapacity: true)
        var entries = 0, work = 0
        for (index, row) in rows.enumerated() {
            var first = index
            func reach(_ body: Int32) {
                guard body >= 0 else { return }
                if firstRowOfBody[Int(body)] < 0 { firstRowOfBody[Int(body)] = index }
                first = min(first, firstRowOfBody[Int(body)])
            }
            reach(row.bodyA)
            reach(row.bodyB)
            firstColumns.append(first)
            let width = index - first + 1
            entries += width
            work += width * width
        }
        for row in rows {
            if row.bodyA >= 0 { firstRowOfBody[Int(row.bodyA)] = -1 }
            if row.bodyB >= 0 { firstRowOfBody[Int(row.bodyB)] = -1 }
        }
        return entries <= Self.entryBudget && work <= Self.workBudget
    }
}
