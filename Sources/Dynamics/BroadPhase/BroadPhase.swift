/// Persistent candidate pairs over fat boxes, after Box2D's enlarged bounding boxes: each body
/// keeps a fat box (its margin-enlarged box grown by ``fatMargin(of:)``) that changes only when
/// the body leaves it, and the candidate pairs are the pairs whose fat boxes overlap. A sub-step
/// refreshes every body's box (one pass over the bodies), queries again only for the bodies that
/// left their fat box, woke or changed collision groups, and then keeps the candidates whose
/// current boxes overlap. A settled or slowly moving pile therefore does no sweep at all.
///
/// The pairs that come out are exactly those of a sweep over the current boxes: every pair of
/// bodies whose margin-enlarged boxes overlap (closed intervals) that share an item collision
/// group and are not both static, once, sorted by (lower index, higher index). This holds because
/// every box lies in its fat box and every pair whose fat boxes overlap (sharing a group, not
/// both static) is a candidate: a fat box, a group or a body's waking changes only with a query.
/// Arrays keep their capacity: no allocation in steady state.
struct BroadPhase {
    /// An axis-aligned box (points), closed.
    struct Box {
        var minX: Double, maxX: Double, minY: Double, maxY: Double

        /// A box no other box overlaps and that contains nothing, until it is first refreshed.
        static let empty = Box(minX: .infinity, maxX: -.infinity, minY: .infinity, maxY: -.infinity)

        /// Whether the two boxes share a point (touching edges count).
        @inline(__always)
        func overlaps(_ other: Box) -> Bool {
            !(other.minX > maxX || minX > other.maxX || other.minY > maxY || minY > other.maxY)
        }

        /// Whether `other` lies inside this box; false if either has a NaN bound.
        @inline(__always)
        func contains(_ other: Box) -> Bool {
            other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
        }

        /// This box grown by `margin` points on every side.
        @inline(__always)
        func enlarged(by margin: Double) -> Box {
            Box(minX: minX - margin, maxX: maxX + margin, minY: minY - margin, maxY: maxY + margin)
        }
    }

    /// One body's bounds and what pairing it needs.
    struct BodyBounds {
        /// The body's box enlarged by its speculative margin, this sub-step.
        var box = Box.empty
        /// The box its candidate pairs were found with; contains `box`.
        var fat = Box.empty
        /// The body's item collision behaviors (see ``Body/itemMask``).
        var itemMask: UInt64 = 0
        /// Whether the body does not move (infinite mass).
        var isStatic = false
    }

    /// A body in the order of its fat box's left edge.
    struct OrderEntry {
        /// The fat box's left edge (points).
        var minX: Double
        /// The body's index in the world.
        var body: Int32
    }

    /// Every body's bounds, by body index.
    private(set) var bounds: [BodyBounds] = []
    /// Every body, sorted by its fat box's left edge.
    private(set) var order: [OrderEntry] = []
    /// The pairs whose current boxes overlap (lower index in the high 32 bits), sorted.
    private(set) var pairs: [UInt64] = []
    /// The pairs whose fat boxes overlap, and perhaps some that no longer do, sorted.
    private var candidates: [UInt64] = []
    /// Scratch: the bodies that need a query this sub-step, the pairs those queries found, and the
    /// candidates merged with them.
    private var moved: [Int32] = []
    private var found: [UInt64] = []
    private var merged: [UInt64] = []
    /// The widest fat box (points), or wider: how far left of a box's left edge a fat box that
    /// overlaps it can start.
    private var widest = 0.0
    private var needsSweep = true
    private var sorter = RadixSorter()

    /// The fat box's margin beyond the body's box and speculative margin (points): twice the
    /// speculative margin (which grows with speed, so a fast body is queried less often) plus a
    /// tenth of the body's extent (Box2D grows boxes by 0.1 m for bodies of about 1 m). A static
    /// body does not move and gets none.
    @inline(__always)
    static func fatMargin(of body: Body) -> Double {
        body.isStatic ? 0 : 2 * body.margin + 0.1 * body.extent
    }

    /// Forgets every body's bounds after the bodies changed; the next update sweeps.
    mutating func reset(bodyCount: Int) {
        bounds.removeAll(keepingCapacity: true)
        bounds.append(contentsOf: repeatElement(BodyBounds(), count: bodyCount))
        order.removeAll(keepingCapacity: true)
        order.append(contentsOf: (0..<Int32(bodyCount)).lazy.map { OrderEntry(minX: .infinity, body: $0) })
        candidates.removeAll(keepingCapacity: true)
        pairs.removeAll(keepingCapacity: true)
        moved.reserveCapacity(bodyCount)
        needsSweep = true
    }

    /// Keeps room for about `pairCount` pairs whose boxes overlap and `candidateCount` pairs whose
    /// fat boxes do, so that steady-state steps do not allocate.
    mutating func reserve(pairs pairCount: Int, candidates candidateCount: Int) {
        pairs.reserveCapacity(pairCount)
        candidates.reserveCapacity(candidateCount)
        merged.reserveCapacity(candidateCount)
        found.reserveCapacity(candidateCount)
    }

    /// Refreshes every body's box from `bodies` and brings the candidates up to date: a query for
    /// each body that left its fat box, woke or changed groups, or a sweep of all fat boxes when
    /// more than a quarter of the bodies need one.
    mutating func update(_ bodies: UnsafeBufferPointer<Body>) {
        moved.removeAll(keepingCapacity: true)
        bounds.withUnsafeMutableBufferPointer { bounds in
            for index in bodies.indices {
                let body = bodies[index]
                var entry = bounds[index]
                entry.box = Box(minX: body.boxMin.dx, maxX: body.boxMax.dx, minY: body.boxMin.dy, maxY: body.boxMax.dy)
                    .enlarged(by: body.margin)
                let wakes = entry.isStatic && !body.isStatic
                if wakes || entry.itemMask != body.itemMask || !entry.fat.contains(entry.box) {
                    entry.fat = entry.box.enlarged(by: Self.fatMargin(of: body))
                    moved.append(Int32(index))
                }
                entry.itemMask = body.itemMask
                entry.isStatic = body.isStatic
                bounds[index] = entry
            }
        }
        guard needsSweep || !moved.isEmpty else { return }
        sortOrder()
        if needsSweep || 4 * moved.count > bounds.count {
            sweep()
        } else {
            queryMovedBodies()
        }
        needsSweep = false
    }

    /// Updates the bounds (see ``update(_:)``) and finds the pairs whose current boxes overlap,
    /// dropping the candidates that no longer share a group, are both static or whose fat boxes
    /// no longer overlap: only a query can make them pairs again.
    mutating func findPairs(_ bodies: UnsafeBufferPointer<Body>) {
        update(bodies)
        pairs.removeAll(keepingCapacity: true)
        var kept = 0
        bounds.withUnsafeBufferPointer { bounds in
            candidates.withUnsafeMutableBufferPointer { candidates in
                for k in candidates.indices {
                    let pair = candidates[k]
                    let a = bounds[Int(pair >> 32)], b = bounds[Int(pair & 0xffff_ffff)]
                    if a.itemMask & b.itemMask == 0 || (a.isStatic && b.isStatic) || !a.fat.overlaps(b.fat) { continue }
                    candidates[kept] = pair
                    kept += 1
                    if a.box.overlaps(b.box) { pairs.append(pair) }
                }
            }
        }
        candidates.removeLast(candidates.count - kept)
    }

    /// Refreshes the order's left edges and sorts it by insertion (nearly sorted already).
    private mutating func sortOrder() {
        bounds.withUnsafeBufferPointer { bounds in
            order.withUnsafeMutableBufferPointer { order in
                for k in order.indices { order[k].minX = bounds[Int(order[k].body)].fat.minX }
                order.insertionSort { $0.minX }
            }
        }
    }

    /// Whether bodies `a` and `b` may collide: they share a group and one of them moves.
    @inline(__always)
    private static func mayCollide(_ a: BodyBounds, _ b: BodyBounds) -> Bool {
        a.itemMask & b.itemMask != 0 && !(a.isStatic && b.isStatic)
    }

    /// The key of the pair of bodies `a` and `b`: the lower index in the high 32 bits.
    @inline(__always)
    private static func key(_ a: Int32, _ b: Int32) -> UInt64 {
        let (low, high) = a < b ? (a, b) : (b, a)
        return (UInt64(UInt32(low)) << 32) | UInt64(UInt32(high))
    }

    /// Sweep and prune along x over every fat box: the candidates from scratch.
    private mutating func sweep() {
        candidates.removeAll(keepingCapacity: true)
        var widest = 0.0
        bounds.withUnsafeBufferPointer { bounds in
            order.withUnsafeBufferPointer { order in
                let count = order.count
                for i in 0..<count {
                    let a = bounds[Int(order[i].body)]
                    widest = max(widest, a.fat.maxX - a.fat.minX)
                    guard a.itemMask != 0 else { continue }
                    var k = i + 1
                    while k < count && order[k].minX <= a.fat.maxX {
                        let b = bounds[Int(order[k].body)]
                        if Self.mayCollide(a, b) && a.fat.overlaps(b.fat) {
                            candidates.append(Self.key(order[i].body, order[k].body))
                        }
                        k += 1
                    }
                }
            }
        }
        self.widest = widest
        sorter.sort(&candidates)
    }

    /// Adds to the candidates every pair of a moved body with a body whose fat box overlaps its
    /// own, found in the order between `minX − widest` and its right edge.
    private mutating func queryMovedBodies() {
        found.removeAll(keepingCapacity: true)
        var widest = self.widest
        for body in moved {
            let fat = bounds[Int(body)].fat
            widest = max(widest, fat.maxX - fat.minX)
        }
        bounds.withUnsafeBufferPointer { bounds in
            order.withUnsafeBufferPointer { order in
                for body in moved {
                    let a = bounds[Int(body)]
                    guard a.itemMask != 0 else { continue }
                    var k = Self.firstEntry(in: order, atOrRightOf: a.fat.minX - widest)
                    while k < order.count && order[k].minX <= a.fat.maxX {
                        let other = order[k].body
                        k += 1
                        let b = bounds[Int(other)]
                        if other != body && Self.mayCollide(a, b) && a.fat.overlaps(b.fat) {
                            found.append(Self.key(body, other))
                        }
                    }
                }
            }
        }
        self.widest = widest
        guard !found.isEmpty else { return }
        sorter.sort(&found)
        mergeFoundIntoCandidates()
    }

    /// The index of the first entry whose left edge is at least `x` (binary search).
    private static func firstEntry(in order: UnsafeBufferPointer<OrderEntry>, atOrRightOf x: Double) -> Int {
        var low = 0, high = order.count
        while low < high {
            let middle = (low + high) / 2
            if order[middle].minX < x { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Calls `visit` with every body whose fat box, enlarged by `margin` on every side, overlaps
    /// `box` (points), found in the order by the left edges.
    func forEachBody(near box: Box, within margin: Double, _ visit: (Int) -> Void) {
        let query = box.enlarged(by: margin)
        bounds.withUnsafeBufferPointer { bounds in
            order.withUnsafeBufferPointer { order in
                var k = Self.firstEntry(in: order, atOrRightOf: query.minX - widest)
                while k < order.count && order[k].minX <= query.maxX {
                    let other = Int(order[k].body)
                    k += 1
                    if bounds[other].fat.overlaps(query) { visit(other) }
                }
            }
        }
    }

    /// Merges the sorted found pairs into the sorted candidates, once each.
    private mutating func mergeFoundIntoCandidates() {
        merged.removeAll(keepingCapacity: true)
        var i = 0, k = 0
        while i < candidates.count || k < found.count {
            let next: UInt64
            if k == found.count || (i < candidates.count && candidates[i] <= found[k]) {
                next = candidates[i]
                i += 1
            } else {
                next = found[k]
                k += 1
            }
            if merged.last != next { merged.append(next) }
        }
        swap(&candidates, &merged)
    }
}
