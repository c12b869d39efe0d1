/// The chains of touching shapes at each step the motion check asks about: which items touch,
/// directly or through other items, and how many items and walls each chain holds.
struct TouchingChains {
    let shapes: SceneShapes
    let pairs: CollisionPairs
    /// For each item, the indices of the item pairs and wall pairs it is in.
    private let itemPairsOf: [[Int]], wallPairsOf: [[Int]]
    /// Per step asked about: the pair and wall judgements made so far, kept for the run (the
    /// check walks the steps once per item, and every item asks about the same steps). A chain
    /// is searched outward from the body that asks, so only the pairs it reaches are judged.
    private var judged: [Int: (pairTouches: [Int: Bool], wallsTouched: [Int: Int])] = [:]
    /// The placed shapes and bounding boxes of the last steps asked about (a body asks about a
    /// step and the one before it), not kept for the run: a shape of many vertices is large.
    private var recent: [(step: Int, placed: [PlacedShape?], boxes: [WallBox?])] = []

    /// One step's placed shapes, bounding boxes, and pair and wall judgements, filled in as asked.
    private struct Instant {
        var placed: [PlacedShape?]
        var boxes: [WallBox?]
        var pairTouches: [Int: Bool]
        var wallsTouched: [Int: Int]
    }

    init(shapes: SceneShapes, pairs: CollisionPairs) {
        self.shapes = shapes
        self.pairs = pairs
        var itemPairsOf = Array(repeating: [Int](), count: shapes.outlines.count)
        for (index, pair) in pairs.items.enumerated() {
            itemPairsOf[pair.first].append(index)
            itemPairsOf[pair.second].append(index)
        }
        var wallPairsOf = Array(repeating: [Int](), count: shapes.outlines.count)
        for (index, pair) in pairs.walls.enumerated() { wallPairsOf[pair.item].append(index) }
        self.itemPairsOf = itemPairsOf
        self.wallPairsOf = wallPairsOf
    }

    /// How many items and walls the body made of `members` touches, directly or through touching
    /// items, within ``MotionCheck/touching`` at step `step` (walls end a chain; each side of
    /// the reference bounds counts as one wall, so an item in a corner touches two). 0 when the
    /// body touches nothing.
    mutating func count(for members: [Int], atStep step: Int, steps: TraceSteps) -> Int {
        guard !members.isEmpty else { return 0 }
        let states = steps.states[step], time = steps.times[step]
        let placements = recent.first { $0.step == step }
        let judgements = judged[step]
        var instant = Instant(placed: placements?.placed ?? Array(repeating: nil, count: states.count),
                              boxes: placements?.boxes ?? Array(repeating: nil, count: states.count),
                              pairTouches: judgements?.pairTouches ?? [:], wallsTouched: judgements?.wallsTouched ?? [:])
        defer {
            judged[step] = (instant.pairTouches, instant.wallsTouched)
            recent.removeAll { $0.step == step }
            recent.append((step, instant.placed, instant.boxes))
            if recent.count > 2 { recent.removeFirst() }
        }
        // Every body's members are in its chain; a search from them reaches every item touching
        // them, and items those touch, and so on.
        var inChain = Set(members), queue = members, walls = 0, touchesSomething = false
        while let item = queue.popLast() {
            for member in shapes.bodyMembers[item] where inChain.insert(member).inserted { queue.append(member) }
            let touched = wallsTouched(by: item, at: time, in: states, &instant)
            walls += touched
            if touched > 0 { touchesSomething = true }
            for index in itemPairsOf[item] {
                let pair = pairs.items[index]
                guard pair.start <= time + 1e-9 && pair.end >= time - 1e-9, touches(pairAt: index, in: states, &instant) else { continue }
                touchesSomething = true
                let other = pair.first == item ? pair.second : pair.first
                if inChain.insert(other).inserted { queue.append(other) }
            }
        }
        return touchesSomething ? inChain.count + walls - members.count : 0
    }

    /// Whether the items of pair `index` are within ``MotionCheck/touching`` of each other.
    private func touches(pairAt index: Int, in states: [ItemState], _ instant: inout Instant) -> Bool {
        if let known = instant.pairTouches[index] { return known }
        let pair = pairs.items[index], near = -MotionCheck.touching
        let reach = shapes.outlines[pair.first].radius + shapes.outlines[pair.second].radius + MotionCheck.touching
        // Bounding boxes farther apart than `touching` along an axis put the shapes at least as
        // far apart; only closer ones need the depth, whose search runs until the shapes are
        // known to be farther apart than `touching` (stopping at the first separating direction
        // would call shapes far apart touching).
        let result = (states[pair.first].center - states[pair.second].center).length < reach
            && boxesAreNear(pair.first, pair.second, in: states, &instant)
            && Penetration.depth(shape(pair.first, in: states, &instant), shape(pair.second, in: states, &instant), stoppingAt: near) > near
        instant.pairTouches[index] = result
        return result
    }

    /// How many walls `item` touches (each side of the reference bounds counting as one).
    private func wallsTouched(by item: Int, at time: Double, in states: [ItemState], _ instant: inout Instant) -> Int {
        if let known = instant.wallsTouched[item] { return known }
        let near = -MotionCheck.touching
        var count = 0
        for index in wallPairsOf[item] {
            let pair = pairs.walls[index]
            guard pair.start <= time + 1e-9 && pair.end >= time - 1e-9 else { continue }
            switch pair.wall {
            case .box(let box):
                let sides = Penetration.depths(shape(item, in: states, &instant), outsideOf: box)
                count += [sides.left, sides.right, sides.top, sides.bottom].count { $0 > near }
            case .segment(_, let a, let b):
                count += Penetration.depth(shape(item, in: states, &instant), Penetration.segment(a, b), stoppingAt: near) > near ? 1 : 0
            }
        }
        instant.wallsTouched[item] = count
        return count
    }

    private func shape(_ item: Int, in states: [ItemState], _ instant: inout Instant) -> PlacedShape {
        if let shape = instant.placed[item] { return shape }
        let shape = shapes.placed(item, in: states)
        instant.placed[item] = shape
        return shape
    }

    private func boxesAreNear(_ a: Int, _ b: Int, in states: [ItemState], _ instant: inout Instant) -> Bool {
        func box(_ item: Int) -> WallBox {
            if let box = instant.boxes[item] { return box }
            let box = shape(item, in: states, &instant).box
            instant.boxes[item] = box
            return box
        }
        let (p, q) = (box(a), box(b))
        return max(p.minX - q.maxX, q.minX - p.maxX, p.minY - q.maxY, q.minY - p.maxY) <= MotionCheck.touching
    }
}
