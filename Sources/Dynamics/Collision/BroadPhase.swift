/// Sweep and prune along x: bodies kept sorted by the left edge of their (margin-enlarged) boxes
/// with an insertion sort, which is linear when the order barely changes between sub-steps.
/// Pairs come out in a deterministic order. Arrays keep their capacity: no allocation in steady
/// state.
struct BroadPhase {
    /// Body indices sorted by the left edge of their enlarged boxes.
    private(set) var order: [Int32] = []
    /// Candidate pairs (lower index in the high 32 bits), sorted.
    private(set) var pairs: [UInt64] = []
    private var sorter = RadixSorter()

    /// Resets the order after the bodies changed.
    mutating func reset(bodyCount: Int) {
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: (0..<Int32(bodyCount)))
    }

    /// Sorts `order` by the enlarged left edges of `bodies`.
    mutating func sort(_ bodies: UnsafeBufferPointer<Body>) {
        order.withUnsafeMutableBufferPointer { order in
            order.insertionSort { bodies[Int($0)].boxMin.dx - bodies[Int($0)].margin }
        }
    }

    /// Keeps room for about `count` candidate pairs, so that steady-state steps do not allocate.
    mutating func reserve(pairs count: Int) {
        pairs.reserveCapacity(count)
    }

    /// Finds the pairs of bodies whose enlarged boxes overlap and that share a collision group,
    /// sorted by (lower index, higher index).
    mutating func findPairs(_ bodies: UnsafeBufferPointer<Body>) {
        pairs.removeAll(keepingCapacity: true)
        sort(bodies)
        let count = order.count
        for i in 0..<count {
            let a = bodies[Int(order[i])]
            guard a.itemMask != 0 else { continue }
            let right = a.boxMax.dx + a.margin
            var k = i + 1
            while k < count {
                let indexB = order[k]
                let b = bodies[Int(indexB)]
                if b.boxMin.dx - b.margin > right { break }
                k += 1
                if a.itemMask & b.itemMask == 0 || (a.isStatic && b.isStatic) { continue }
                if b.boxMin.dy - b.margin > a.boxMax.dy + a.margin || a.boxMin.dy - a.margin > b.boxMax.dy + b.margin {
                    continue
                }
                let (low, high) = order[i] < indexB ? (order[i], indexB) : (indexB, order[i])
                pairs.append((UInt64(UInt32(low)) << 32) | UInt64(UInt32(high)))
            }
        }
        sorter.sort(&pairs)
    }
}
