/// No item stays embedded in a wall or in another item it collides with: the overlap, measured
/// from the shapes (the shortest translation that separates them, ``Penetration``), may exceed
/// ``bound(thickness:)`` only for a short time: ``graceTime`` plus the time to push the deepest
/// overlap of the episode out at ``recoverySpeed``. An item created overlapping gets the same
/// time to come out; an item held half inside a wall fails.
///
/// An item created more than half its thickness into another item or a named segment may be
/// pushed out either way, and with other shapes around may be wedged for good: such a start is
/// judged only from the first time the pair comes apart (within the bound). Contacts push
/// bodies, and a group is one rigid body: an item created deep in one member of a group is
/// wedged against the whole group, so its pairs with the other members wait too, until every
/// pair of the two bodies that started that deep has come apart (a box created round the far
/// member of a group was pushed onto the near one and held there). The reference
/// bounds push inward only, so a body that fits inside them is always judged
/// (``CollisionPairs`` leaves out one that does not fit).
enum EmbeddedCheck {
    /// The overlap that counts (points) between shapes whose thinner one is `thickness` thick: a
    /// quarter of it, at least ``smallestBound`` and at most ``largestBound``.
    static func bound(thickness: Double) -> Double { min(max(smallestBound, thicknessShare * thickness), largestBound) }
    static let thicknessShare = 0.25
    /// Twice Box2D v3's linear slop (0.005 m, 0.5 pt at 100 pt/m).
    static let smallestBound = 1.0
    /// Soft contacts at Box2D v3's 30 Hz sag by g/ω² = 0.028 pt per item's weight they carry, so
    /// 5 pt is a load of about 180 times the item's weight.
    static let largestBound = 5.0
    /// Seconds an overlap may stay beyond the bound before the push-out time is counted.
    static let graceTime = 0.25
    /// The slowest push-out allowed (pt/s): a third of Box2D v3's 3 m/s push-out limit.
    static let recoverySpeed = 100.0

    static func check(_ scene: Scene, _ trace: Trace, shapes: SceneShapes, pairs: CollisionPairs) -> [Violation] {
        var found: [Violation] = []
        let format = ContainmentCheck.format
        let cache = PlacementCache(shapes.outlines)
        for pair in pairs.walls {
            let thickness = shapes.outlines[pair.item].thickness
            let limit = bound(thickness: thickness)
            let episode = longest(in: trace, from: pair.start, to: pair.end, bound: limit, wedgedBeyond: Self.isBox(pair.wall) ? nil : thickness / 2) { sample in
                depth(of: pair, at: sample, in: trace, cache: cache)
            }
            if let episode {
                let id = scene.items[pair.item].id
                found.append(Violation(
                    .embedded, "\(id) is \(format(episode.depth)) pt into \(pair.wall.name) (bound \(format(limit)) pt) from t = \(format(episode.start)) s to \(format(episode.end)) s\(episode.lasts ? " and on" : ""), longer than the \(format(episode.allowed)) s allowed",
                    items: [id], subject: Self.subject(of: pair.wall), time: episode.start))
            }
        }
        func overlap(_ pair: CollisionPairs.ItemPair, at sample: Int) -> Double {
            depth(of: pair, at: sample, in: trace, shapes: shapes, cache: cache)
        }
        func pairBound(_ pair: CollisionPairs.ItemPair) -> Double {
            bound(thickness: min(shapes.outlines[pair.first].thickness, shapes.outlines[pair.second].thickness))
        }
        // The pairs of each two bodies, for a start wedged against a group (above).
        func bodies(of pair: CollisionPairs.ItemPair) -> [String] { [pairs.bodies[pair.first], pairs.bodies[pair.second]].sorted() }
        let ofBodies = Dictionary(grouping: pairs.items, by: bodies(of:))
        for pair in pairs.items {
            let limit = pairBound(pair)
            var from = pair.start
            if let first = trace.samples.firstIndex(where: { $0.time >= pair.start - 1e-9 && $0.time <= pair.end + 1e-9 }) {
                let wedging = (ofBodies[bodies(of: pair)] ?? [pair]).filter { sibling in
                    let thinner = min(shapes.outlines[sibling.first].thickness, shapes.outlines[sibling.second].thickness)
                    return overlap(sibling, at: first) > max(thinner / 2, pairBound(sibling))
                }
                if !wedging.isEmpty {
                    // Judged from the first sample where every wedged pair is within its bound.
                    guard let apart = trace.samples.indices[first...].first(where: { sample in
                        trace.samples[sample].time > pair.end + 1e-9 || wedging.allSatisfy { overlap($0, at: sample) <= pairBound($0) }
                    }), trace.samples[apart].time <= pair.end + 1e-9 else { continue }
                    from = trace.samples[apart].time
                }
            }
            let episode = longest(in: trace, from: from, to: pair.end, bound: limit, wedgedBeyond: nil) { overlap(pair, at: $0) }
            if let episode {
                let (a, b) = (scene.items[pair.first].id, scene.items[pair.second].id)
                found.append(Violation(
                    .embedded, "\(a) and \(b) overlap by \(format(episode.depth)) pt (bound \(format(limit)) pt) from t = \(format(episode.start)) s to \(format(episode.end)) s\(episode.lasts ? " and on" : ""), longer than the \(format(episode.allowed)) s allowed",
                    items: [a, b], subject: "item-item", time: episode.start))
            }
        }
        return found
    }

    /// How deep `pair`'s item is in its wall at sample `sample` of `trace` (points, 0 when apart).
    static func depth(of pair: CollisionPairs.WallPair, at sample: Int, in trace: Trace, cache: PlacementCache) -> Double {
        let shape = cache.shape(pair.item, at: sample, in: trace.samples[sample].states)
        switch pair.wall {
        case .box(let box): return Penetration.depth(shape, outsideOf: box)
        case .segment(_, let a, let b):
            guard Self.near(shape, a, b) else { return 0 }
            return Penetration.depth(shape, Penetration.segment(a, b))
        }
    }

    /// How far `pair`'s items overlap at sample `sample` of `trace` (points, 0 when apart).
    static func depth(of pair: CollisionPairs.ItemPair, at sample: Int, in trace: Trace, shapes: SceneShapes, cache: PlacementCache) -> Double {
        let states = trace.samples[sample].states
        let reach = shapes.outlines[pair.first].radius + shapes.outlines[pair.second].radius
        guard (states[pair.first].center - states[pair.second].center).length < reach else { return 0 }
        return Penetration.depth(cache.shape(pair.first, at: sample, in: states), cache.shape(pair.second, at: sample, in: states))
    }

    static func isBox(_ wall: CollisionPairs.Wall) -> Bool {
        if case .box = wall { return true }
        return false
    }

    /// "item-wall" for the reference bounds, "item-segment" for a named boundary.
    static func subject(of wall: CollisionPairs.Wall) -> String {
        if case .box = wall { return "item-wall" }
        return "item-segment"
    }

    /// Whether `shape`'s bounding circle meets segment a–b.
    private static func near(_ shape: PlacedShape, _ a: ScenePoint, _ b: ScenePoint) -> Bool {
        OverlapTest.distance(from: shape.center, toSegment: a, b) < shape.boxRadius
    }

    /// The first episode beyond `bound` that lasts longer than allowed, if any: when it started
    /// and was last seen beyond the bound (seconds), its deepest overlap (points), the time it
    /// was allowed and whether it lasted to the end of the pair's life.
    /// With `wedgedBeyond`, a pair that starts deeper than that is judged only from the first
    /// sample it is within the bound.
    private static func longest(in trace: Trace, from start: Double, to end: Double, bound: Double, wedgedBeyond wedged: Double?,
                                depth: (Int) -> Double) -> (start: Double, end: Double, depth: Double, allowed: Double, lasts: Bool)? {
        var began: Double?, deepest = 0.0, failure: (start: Double, end: Double, depth: Double, allowed: Double, lasts: Bool)?
        var waiting: Bool?
        for (index, sample) in trace.samples.enumerated() where sample.time >= start - 1e-9 && sample.time <= end + 1e-9 {
            let overlap = depth(index)
            if waiting == nil { waiting = wedged.map { overlap > max($0, bound) } ?? false }
            if waiting == true {
                if overlap <= bound { waiting = false }
                continue
            }
            guard overlap > bound else {
                if failure != nil { return failure.map { ($0.start, $0.end, $0.depth, $0.allowed, false) } }
                began = nil
                deepest = 0
                continue
            }
            if began == nil { began = sample.time }
            deepest = max(deepest, overlap)
            let allowed = graceTime + (deepest - bound) / recoverySpeed
            if let began, sample.time - began > allowed {
                failure = (began, sample.time, deepest, allowed, true)
            }
        }
        return failure
    }
}
