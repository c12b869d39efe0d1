/// Sweep and prune along x: the bodies' margin-enlarged boxes, copied into a compact array kept
/// sorted by left edge with an insertion sort, which is linear when the order barely changes
/// between sub-steps. The sweep reads only that array (48 bytes a body, not the 320 of a
/// ``Body``). Pairs come out in a deterministic order. Arrays keep their capacity: no allocation
/// in steady state.
struct BroadPhase {
    /// One body's box enlarged by its margin (points), with what the sweep needs to pair it.
    struct SweptBox {
        var minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0
        /// The body's item collision behaviors (see ``Body/itemMask``).
        var itemMask: UInt64 = 0
        /// The body's index in the world.
        var body: Int32
        /// Whether the body does not move (anchored or asleep).
        var isStatic = false

        /// The enlarged box of `body`, body number `index`.
        @inline(__always)
        init(_ body: Body, index: Int32) {
            (minX, maxX) = (body.boxMin.dx - body.margin, body.boxMax.dx + body.margin)
            (minY, maxY) = (body.boxMin.dy - body.margin, body.boxMax.dy + body.margin)
            itemMask = body.itemMask
            self.body = index
            isStatic = body.isStatic
        }

        /// An empty box for body number `body`, until the first sort refreshes it.
        init(body: Int32) {
            self.body = body
        }
    }

    /// Every body's enlarged box, sorted by left edge as of the last sort.
    private(set) var boxes: [SweptBox] = []
    /// Candidate pairs (lower index in the high 32 bits), sorted.
    private(set) var pairs: [UInt64] = []
    private var sorter = RadixSorter()

    /// Resets the order after the bodies changed.
    mutating func reset(bodyCount: Int) {
        boxes.removeAll(keepingCapacity: true)
        boxes.append(contentsOf: (0..<Int32(bodyCount)).lazy.map { SweptBox(body: $0) })
    }

    /// Refreshes the boxes from `bodies` and sorts them by left edge.
    mutating func sort(_ bodies: UnsafeBufferPointer<Body>) {
        boxes.withUnsafeMutableBufferPointer { boxes in
            for k in boxes.indices {
                let index = boxes[k].body
                boxes[k] = SweptBox(bodies[Int(index)], index: index)
            }
            boxes.insertionSort { $0.minX }
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
        boxes.withUnsafeBufferPointer { boxes in
            let count = boxes.count
            for i in 0..<count {
                let a = boxes[i]
                guard a.itemMask != 0 else { continue }
                var k = i + 1
                while k < count {
                    let b = boxes[k]
                    if b.minX > a.maxX { break }
                    k += 1
                    if a.itemMask & b.itemMask == 0 || (a.isStatic && b.isStatic) { continue }
                    if b.minY > a.maxY || a.minY > b.maxY { continue }
                    let (low, high) = a.body < b.body ? (a.body, b.body) : (b.body, a.body)
                    pairs.append((UInt64(UInt32(low)) << 32) | UInt64(UInt32(high)))
                }
            }
        }
        sorter.sort(&pairs)
    }
}
