/// No item's center passes through a segment boundary: a sweep test of the center's path between
/// consecutive samples against every segment of every boundary it collides with.
///
/// When the engine reports each item's center after every sub-step (``TraceSample/substepStates``),
/// the path is those centers joined by straight lines, which is how an engine moves a center
/// within one sub-step, and a crossing farther than the item's bounding radius from both ends of
/// the segment counts. Otherwise only the frames' chord is known, and a crossing counts only
/// when the item cannot have gone round an end of the segment instead: when, beyond the bounding
/// radius, the shorter way round an end (the bounding radius shortening each leg) is longer than
/// the item travels in the interval at the larger of its two sampled speeds. An item near the
/// speed limit crosses a 400 pt arena several times per frame, and the chord says nothing about
/// where it went; speeds can also peak between samples, so the chord rule still misses some
/// ways round (fuzz scene 858 of seed 7 peaks at 58 000 pt/s between samples of 2000 and
/// 3700 pt/s).
enum TunnellingCheck {
    static func check(_ scene: Scene, _ trace: Trace) -> [Violation] {
        crossings(scene, trace).map { found in
            let format = ContainmentCheck.format
            return Violation(.tunnelling, "\(scene.items[found.item].id) crossed boundary \"\(found.boundary)\" between t = \(format(found.start)) and \(format(found.end)) s at (\(format(found.point.x)), \(format(found.point.y)))",
                             items: [scene.items[found.item].id], subject: "item-segment", time: found.start)
        }
    }

    /// An item's center through a boundary's segment, the first the check finds for the item in
    /// one life of a collision with boundaries.
    struct Crossing {
        /// The item's index in the scene.
        let item: Int
        /// The boundary's identifier, and its segment's ends (points).
        let boundary: String, a: ScenePoint, b: ScenePoint
        /// The times of the samples it crossed between (seconds), and where (points).
        let start: Double, end: Double, point: ScenePoint
        /// The center (points) where the crossing leg starts, on the side the item came from.
        let from: ScenePoint
        /// The collision's life (seconds).
        let life: ClosedRange<Double>
    }

    /// The first crossing of each item through the segments of each collision it has with
    /// boundaries.
    static func crossings(_ scene: Scene, _ trace: Trace) -> [Crossing] {
        var found: [Crossing] = []
        for life in ContainmentCheck.walls(in: scene) {
            guard case .collision(let spec) = life.behavior.kind, !spec.boundaries.isEmpty else { continue }
            let segments = spec.boundaries.flatMap { boundary in
                let points = boundary.points
                var pieces = zip(points, points.dropFirst()).map { (boundary.identifier, $0, $1) }
                if boundary.closed, let first = points.first, let last = points.last { pieces.append((boundary.identifier, last, first)) }
                return pieces
            }
            let samples = trace.samples.indices.filter {
                trace.samples[$0].time >= life.start - 1e-9 && trace.samples[$0].time <= life.end + 1e-9
            }
            for index in ContainmentCheck.members(of: spec, in: scene) {
                let radius = SceneMechanics.radius(scene.items[index])
                search: for (before, after) in zip(samples, samples.dropFirst()) {
                    let start = trace.samples[before], end = trace.samples[after]
                    let p = start.states[index].center, q = end.states[index].center
                    let path = end.substepStates.flatMap { index < $0.count ? $0[index].map(\.center) : nil } ?? []
                    let legs = path.isEmpty ? [(p, q)] : Array(zip([p] + path, path))
                    let reach = max(start.states[index].velocity.length, end.states[index].velocity.length) * (end.time - start.time)
                    for (from, to) in legs {
                        for (identifier, a, b) in segments {
                            guard let crossing = crossing(from: from, to: to, a, b),
                                  (crossing - a).length > radius && (crossing - b).length > radius,
                                  !path.isEmpty || min(detour(from: p, to: q, round: a, radius: radius), detour(from: p, to: q, round: b, radius: radius)) > reach
                            else { continue }
                            found.append(Crossing(item: index, boundary: identifier, a: a, b: b, start: start.time, end: end.time, point: crossing,
                                                  from: from, life: life.start...max(life.start, life.end)))
                            break search
                        }
                    }
                }
            }
        }
        return found
    }

    /// The signed distance (points) of `point` from the line through `a` and `b`: positive on
    /// the side `edge × (point − a)` is, the side ``crossing(from:to:_:_:)`` tells apart.
    static func side(of point: ScenePoint, _ a: ScenePoint, _ b: ScenePoint) -> Double {
        let edge = b - a
        return edge.cross(point - a) / max(edge.length, 1e-300)
    }

    /// The shortest way (points) from `p` to `q` round the segment end `end` for an item whose
    /// bounding radius is `radius`: each leg need only bring the item's edge to the end.
    static func detour(from p: ScenePoint, to q: ScenePoint, round end: ScenePoint, radius: Double) -> Double {
        max(0, (end - p).length - radius) + max(0, (q - end).length - radius)
    }

    /// Where segment p→q properly crosses segment a→b (strictly changing sides), if it does.
    static func crossing(from p: ScenePoint, to q: ScenePoint, _ a: ScenePoint, _ b: ScenePoint) -> ScenePoint? {
        let edge = b - a, path = q - p
        let sideP = edge.cross(p - a), sideQ = edge.cross(q - a)
        guard (sideP > 0 && sideQ < 0) || (sideP < 0 && sideQ > 0) else { return nil }
        let sideA = path.cross(a - p), sideB = path.cross(b - p)
        guard (sideA >= 0 && sideB <= 0) || (sideA <= 0 && sideB >= 0) else { return nil }
        return p + path * (sideP / (sideP - sideQ))
    }
}
