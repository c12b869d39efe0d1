/// The poses of items and groups along a recorded run, from the trace alone: an item's is its
/// recorded state; a group's center is the area-weighted centroid of its members (one density
/// per group) and it turns as its members do.
public struct BodyTracks: Sendable {
    private let trace: Trace
    private let itemIndex: [String: Int]
    private let members: [String: [(index: Int, weight: Double)]]

    /// Tracks for `scene`'s items and groups in `trace`.
    public init(scene: Scene, trace: Trace) {
        self.trace = trace
        let itemIndex = Dictionary(trace.itemIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.itemIndex = itemIndex
        let areas = Dictionary(scene.items.map { ($0.id, $0.area) }, uniquingKeysWith: { first, _ in first })
        var members: [String: [(Int, Double)]] = [:]
        for group in scene.groups {
            members[group.id] = group.members.compactMap { id in itemIndex[id].map { ($0, areas[id] ?? 1) } }
        }
        self.members = members
    }

    /// The center of item or group `id` at sample `sample` (points).
    public func center(of id: String, at sample: Int) -> ScenePoint? {
        guard trace.samples.indices.contains(sample) else { return nil }
        let states = trace.samples[sample].states
        if let index = itemIndex[id] { return states[index].center }
        guard let parts = members[id], !parts.isEmpty else { return nil }
        let total = parts.reduce(0) { $0 + $1.weight }
        var x = 0.0, y = 0.0
        for part in parts {
            x += states[part.index].center.x * part.weight
            y += states[part.index].center.y * part.weight
        }
        return ScenePoint(x: x / total, y: y / total)
    }

    /// The rotation of item or group `id` at sample `sample` (radians); for a group, that of its
    /// first member, which differs from the group's by a constant.
    public func angle(of id: String, at sample: Int) -> Double? {
        guard trace.samples.indices.contains(sample) else { return nil }
        guard let index = itemIndex[id] ?? members[id]?.first?.index else { return nil }
        return trace.samples[sample].states[index].angle
    }

    /// Where the point of body `id` that was at `offset` from its center (reference axes) at
    /// sample `created` is at sample `sample`: it turns with the body.
    public func point(on id: String, offset: SceneVector, fixedAt created: Int, at sample: Int) -> ScenePoint? {
        guard let center = center(of: id, at: sample), let now = angle(of: id, at: sample),
              let then = angle(of: id, at: created) else { return nil }
        return center + offset.rotated(by: now - then)
    }

    /// The last sample at or before `time` (seconds).
    public func sample(atOrBefore time: Double) -> Int {
        var low = 0, high = trace.samples.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if trace.samples[middle].time <= time + 1e-9 { low = middle } else { high = middle - 1 }
        }
        return max(0, low)
    }
}
