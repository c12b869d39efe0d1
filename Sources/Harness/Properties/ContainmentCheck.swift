/// No item's center leaves the reference bounds (inset as the collision behavior says) while
/// they are its boundary, and no center crosses a segment boundary between two frames.
enum ContainmentCheck {
    /// How far a center may be outside the bounds (points); see ``Invariant/containment``.
    static let slop = 1.0

    /// The collision behaviors that stop items at walls, with when they were present; those
    /// whose mode an event changes are left out (their walls may legitimately stop applying).
    static func walls(in scene: Scene) -> [SceneHistory.Life] {
        let retargeted = Set(scene.events.compactMap { event -> String? in
            if case .setParameter(let target, _, _) = event.action { return target }
            return nil
        })
        return SceneHistory(scene).lives.filter { life in
            guard case .collision(let spec) = life.behavior.kind, spec.mode != .items else { return false }
            return life.behavior.id.map { !retargeted.contains($0) } ?? true
        }
    }

    /// The items a collision behavior names (a group stands for its members).
    static func members(of spec: CollisionSpec, in scene: Scene) -> [Int] {
        let named = Set(spec.items.flatMap { id in scene.groups.first { $0.id == id }?.members ?? [id] })
        return scene.items.indices.filter { named.contains(scene.items[$0].id) }
    }

    /// The inside of the reference bounds a collision behavior keeps its members in (inset as it
    /// says), with the behavior's life and members; none without reference bounds.
    static func boundaryBoxes(in scene: Scene) -> [(life: SceneHistory.Life, box: WallBox, members: [Int])] {
        guard let bounds = scene.referenceBounds else { return [] }
        return walls(in: scene).compactMap { life in
            guard case .collision(let spec) = life.behavior.kind, spec.referenceBoundsAreBoundary else { return nil }
            let insets = spec.referenceBoundsInsets ?? SceneInsets()
            let box = WallBox(minX: bounds.minX + insets.left, maxX: bounds.maxX - insets.right,
                              minY: bounds.minY + insets.top, maxY: bounds.maxY - insets.bottom)
            return (life, box, members(of: spec, in: scene))
        }
    }

    /// How far `p` is outside `box` (points; 0 or less inside).
    static func outside(_ p: ScenePoint, _ box: WallBox) -> Double {
        max(box.minX - p.x, p.x - box.maxX, box.minY - p.y, p.y - box.maxY)
    }

    static func check(_ scene: Scene, _ trace: Trace) -> [Violation] {
        var found: [Violation] = []
        for (life, box, members) in boundaryBoxes(in: scene) {
            let samples = trace.samples.indices.filter { trace.samples[$0].time >= life.start - 1e-9 && trace.samples[$0].time <= life.end + 1e-9 }
            guard let first = samples.first else { continue }
            for index in members where outside(trace.samples[first].states[index].center, box) <= 0 {
                for sample in samples {
                    let center = trace.samples[sample].states[index].center
                    let distance = outside(center, box)
                    if distance > slop {
                        found.append(Violation(.containment, "\(scene.items[index].id) is \(format(distance)) pt outside the reference bounds at t = \(format(trace.samples[sample].time)) s (center \(format(center.x)), \(format(center.y)))",
                                               items: [scene.items[index].id], subject: "item-wall", time: trace.samples[sample].time))
                        break
                    }
                }
            }
        }
        return found
    }

    static func format(_ value: Double) -> String { NumberFormat.short(value) }
}
