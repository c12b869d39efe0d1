import Foundation

/// A rigid attachment of one item to a fixed point of the world at the start of a run, as the
/// poses it leaves that item: ``StartingFit`` searches only those for a push-out, since no
/// engine may break the attachment to clear a wall.
///
/// Soft attachments (a frequency above 0) and anchors that events move are left out: a spring
/// stretches and a moving anchor drags, so neither bounds where the item can go.
struct WorldHold {
    enum Kind {
        /// A pin: the item turns about `anchor`, by `range` at most (radians; nil: any turn).
        case pin(range: SceneRange?)
        /// A rod (`exact`) or a rope: the item's point at `offset` stays `length` from `anchor`,
        /// or at most that.
        case distance(offset: SceneVector, length: Double, exact: Bool)
        /// A slider: the item keeps its angle and moves along `axis` from its start, by `range`
        /// at most (points; nil: any distance).
        case sliding(axis: SceneVector, range: SceneRange?)
    }

    var kind: Kind
    /// The world point (points, reference coordinates), at the start.
    var anchor: ScenePoint
    /// Every point events move the anchor to, in order, the start's first: the anchor moves in
    /// straight lines between them (only with `includingMovingAnchors`).
    var track: [ScenePoint] = []

    /// Each single item's holds at t = 0, by item index (items of groups are left out: a group
    /// turns about its own center of mass).
    static func holds(_ scene: Scene, mechanics: SceneMechanics, includingMovingAnchors: Bool = false) -> [Int: [WorldHold]] {
        let indexOf = Dictionary(scene.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var holds: [Int: [WorldHold]] = [:]
        for life in SceneHistory(scene).lives where life.start <= 1e-9 {
            guard case .attachment(let spec) = life.behavior.kind, spec.otherItem == nil, spec.frequency == 0,
                  let item = indexOf[spec.item], mechanics.items[item].body == spec.item,
                  let anchor = life.anchor?.knots.first?.point ?? spec.anchor,
                  includingMovingAnchors || life.anchor?.knots.allSatisfy({ $0.point == anchor }) ?? true else { continue }
            let center = scene.items[item].center
            let kind: Kind
            switch spec.attachmentKind {
            case .pin: kind = .pin(range: spec.range)
            case .distance, .limit:
                let length = spec.length ?? (center + spec.offset).distance(to: anchor)
                kind = .distance(offset: spec.offset, length: length, exact: spec.attachmentKind == .distance)
            case .sliding:
                guard let axis = spec.axis, axis.length > 0 else { continue }
                kind = .sliding(axis: axis * (1 / axis.length), range: spec.range)
            case .fixed: continue // ``StartingFit/weldedToTheWorld(_:mechanics:)`` holds these.
            }
            holds[item, default: []].append(WorldHold(kind: kind, anchor: anchor, track: life.anchor?.knots.map(\.point) ?? [anchor]))
        }
        return holds
    }

    /// `pose` (an item's center turned by `turn` from its start at `start`) moved onto what every
    /// hold allows, or nil when some hold forbids the turn or the moved pose breaks another hold
    /// by more than `tolerance` (points).
    static func allowed(_ pose: ScenePoint, turn: Double, start: ScenePoint, _ holds: [WorldHold], tolerance: Double) -> ScenePoint? {
        var pose = pose
        for hold in holds { guard let moved = hold.moved(pose, turn: turn, start: start) else { return nil }; pose = moved }
        for hold in holds { guard let moved = hold.moved(pose, turn: turn, start: start), moved.distance(to: pose) <= tolerance else { return nil }; pose = moved }
        return pose
    }

    /// The nearest pose this hold allows to `pose` at `turn` from the start, or nil when it
    /// forbids the turn.
    func moved(_ pose: ScenePoint, turn: Double, start: ScenePoint) -> ScenePoint? {
        switch kind {
        case .pin(let range):
            if let range, turn < range.lower - 1e-12 || turn > range.upper + 1e-12 { return nil }
            return anchor + (start - anchor).rotated(by: turn)
        case .distance(let offset, let length, let exact):
            let point = pose + offset.rotated(by: turn)
            let reach = point - anchor
            let distance = reach.length
            guard exact || distance > length else { return pose }
            guard distance > 1e-12 else { return exact && length > 0 ? nil : pose }
            return pose + reach * (length / distance - 1)
        case .sliding(let axis, let range):
            guard turn == 0 else { return nil }
            // Translations count from creation, as the range does; the anchor's line runs
            // through the start.
            var along = (pose - start).dot(axis)
            if let range { along = min(max(along, range.lower), range.upper) }
            return start + axis * along
        }
    }
}

extension WorldHold {
    /// The items that a rigid pin, rod, rope or slider to a fixed point of the world keeps from
    /// ever being inside the reference bounds they collide with: no center within the bounds'
    /// inside (less half the item's thickness, plus the overlap bound) meets the hold, within a
    /// pin's or slider's limits. A pin whose limits keep its item turned into a wall holds it
    /// there against the wall's push, each sub-step (fuzz scene 20261127/1193). Such a joint pulls
    /// its item into the walls with whatever force its rows take for as long as it lives, and
    /// crushes whatever lies between: a rope of length 0 to a point 58 pt above the bounds
    /// pressed a box into the top wall and two items under it 11 and 16 pt into each other
    /// (fuzz scene 20261127/825), and a rod of 10 000 pt in 400 pt bounds froze its item.
    static func unreachable(_ scene: Scene, shapes: SceneShapes, mechanics: SceneMechanics) -> [Int] {
        guard let bounds = scene.referenceBounds else { return [] }
        let holds = Self.holds(scene, mechanics: mechanics, includingMovingAnchors: true)
        guard !holds.isEmpty else { return [] }
        var boxes: [Int: WallBox] = [:]
        for life in SceneHistory(scene).lives where life.start <= 1e-9 {
            guard case .collision(let spec) = life.behavior.kind, spec.referenceBoundsAreBoundary, spec.mode != .items else { continue }
            let insets = spec.referenceBoundsInsets ?? SceneInsets()
            let box = WallBox(minX: bounds.minX + insets.left, maxX: bounds.maxX - insets.right,
                              minY: bounds.minY + insets.top, maxY: bounds.maxY - insets.bottom)
            for member in ContainmentCheck.members(of: spec, in: scene) where holds[member] != nil { boxes[member] = box }
        }
        return boxes.keys.sorted().filter { item in
            guard let box = boxes[item], let itemHolds = holds[item] else { return false }
            let thickness = shapes.outlines[item].thickness, bound = EmbeddedCheck.bound(thickness: thickness)
            // Where the center may be: the inside less half the thickness, plus the bound.
            let margin = thickness / 2 - bound
            let region = WallBox(minX: box.minX + margin, maxX: box.maxX - margin, minY: box.minY + margin, maxY: box.maxY - margin)
            guard region.minX <= region.maxX, region.minY <= region.maxY else { return false }
            let center = scene.items[item].center
            return itemHolds.contains { hold in
                // The nearest and farthest a center in the region is from the anchor, and the
                // distance the hold keeps between them (the attachment point at `offset`). Both
                // distances are convex in the anchor's position, so along a moving anchor's
                // straight runs the farthest is largest at a knot; the nearest, whose least may
                // lie between knots, is judged only for an anchor that does not move.
                let corners = [ScenePoint(x: region.minX, y: region.minY), ScenePoint(x: region.minX, y: region.maxY),
                               ScenePoint(x: region.maxX, y: region.minY), ScenePoint(x: region.maxX, y: region.maxY)]
                let farthest = hold.track.map { anchor in corners.map { $0.distance(to: anchor) }.max() ?? 0 }.max() ?? 0
                let moves = hold.track.contains { $0 != hold.anchor }
                let nearest = moves ? 0 : Self.distance(from: hold.anchor, to: region)
                switch hold.kind {
                case .pin(let range):
                    let radius = center.distance(to: hold.anchor)
                    if nearest > radius + bound || farthest < radius - bound { return true }
                    // A pin's limits leave only an arc of that circle; a fixed anchor's arc is
                    // judged at 128 turns, the region grown by the most the arc strays from its
                    // chords, r·(1 − cos(Δ/2)) ≤ r·Δ²/8.
                    guard let range, !moves, range.upper >= range.lower else { return false }
                    let steps = 128, spacing = (range.upper - range.lower) / Double(steps)
                    let sag = radius * spacing * spacing / 8
                    return !(0...steps).contains { step in
                        let turn = range.lower + Double(step) * spacing
                        let point = hold.anchor + (center - hold.anchor).rotated(by: turn)
                        return Self.distance(from: point, to: region) <= sag
                    }
                case .distance(let offset, let length, let exact):
                    let arm = offset.length
                    return nearest - arm > length + bound || (exact && farthest + arm < length - bound)
                case .sliding(let axis, let range):
                    // The center keeps to the line through its start along the axis, within the
                    // range: unreachable when that segment misses the region (slab test).
                    guard !moves else { return false }
                    var lower = range?.lower ?? -Double.infinity, upper = range?.upper ?? .infinity
                    for (start, direction, low, high) in [(center.x, axis.dx, region.minX, region.maxX), (center.y, axis.dy, region.minY, region.maxY)] {
                        if abs(direction) < 1e-12 {
                            if start < low || start > high { return true }
                            continue
                        }
                        let (t1, t2) = ((low - start) / direction, (high - start) / direction)
                        lower = max(lower, min(t1, t2))
                        upper = min(upper, max(t1, t2))
                    }
                    return lower > upper
                }
            }
        }
    }

    /// The distance from `point` to the closed box (0 inside it).
    static func distance(from point: ScenePoint, to box: WallBox) -> Double {
        let dx = max(box.minX - point.x, 0, point.x - box.maxX), dy = max(box.minY - point.y, 0, point.y - box.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }
}
