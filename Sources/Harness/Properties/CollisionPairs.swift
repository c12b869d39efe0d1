/// Which items a scene makes collide, and when: two items that share a collision behavior whose
/// mode includes items (never two members of one group), and an item with the walls of a
/// collision behavior whose mode includes boundaries, each over the behavior's life.
///
/// Left out, because the scene itself can make the overlap unavoidable or the engine's choice:
/// - behaviors whose mode or walls an event changes (their walls may legitimately stop
///   applying, as for ``ContainmentCheck``);
/// - two items that cannot move (both anchored);
/// - two bodies joined by an attachment: a pin or weld whose common point lies inside both, or a
///   rod shorter than the items, demands an overlap that the contact cannot undo;
/// - an item and walls that rigid attachments keep it from: an anchor of its body, or of any body
///   joined to it by rigid attachments, outside the bounds' inside; any named segment while such
///   a chain hangs from a fixed point;
/// - a body and the bounds it does not fit in at its starting pose (wider or taller than their
///   inside), which it can only overlap.
struct CollisionPairs {
    /// Two items that collide from `start` to `end` (seconds).
    struct ItemPair {
        var first: Int, second: Int
        var start: Double, end: Double
    }

    /// A wall an item collides with: the inside of the reference bounds, or a two-sided segment.
    enum Wall: Equatable {
        case box(WallBox)
        case segment(identifier: String, from: ScenePoint, to: ScenePoint)

        /// How the wall is named in messages.
        var name: String {
            switch self {
            case .box: "the reference bounds"
            // The segment's ends too: a path boundary has several segments under one identifier,
            // and an item embedded in two of them was reported twice in the same words.
            case .segment(let identifier, let a, let b):
                "boundary \"\(identifier)\" (its segment (\(ContainmentCheck.format(a.x)), \(ContainmentCheck.format(a.y)))–(\(ContainmentCheck.format(b.x)), \(ContainmentCheck.format(b.y))))"
            }
        }
    }

    /// An item and a wall it collides with from `start` to `end` (seconds).
    struct WallPair {
        var item: Int
        var wall: Wall
        var start: Double, end: Double
    }

    private(set) var items: [ItemPair] = []
    /// Each item's body: its group's identifier, or its own (a group moves as one rigid body).
    let bodies: [String]
    private(set) var walls: [WallPair] = []
    /// The bounds left out for a body that does not fit in them at its starting pose (with
    /// every anchor of its chain inside them): its overlap with them is not judged, but it
    /// must still end within them, so a search for a pose that clears its other walls keeps to
    /// them (``StartingFit``).
    private(set) var unjudgedBounds: [WallPair] = []

    /// The pairs of `scene`; with `everyContact`, also those left out above (collision behaviors
    /// an event changes, joined or anchored pairs, walls a body cannot keep clear of): every
    /// pair that may push, for bounds that must count them all.
    init(_ scene: Scene, mechanics: SceneMechanics, everyContact: Bool = false) {
        let bodyOf = mechanics.items.map(\.body)
        bodies = bodyOf
        let anchored = mechanics.items.map(\.properties.anchored)
        var joined: Set<[String]> = []
        var anchors: [String: [ScenePoint]] = [:]
        var chain: [String: String] = [:]
        func root(_ id: String) -> String {
            var id = id
            while let next = chain[id], next != id { id = next }
            return id
        }
        for life in SceneHistory(scene).lives {
            guard case .attachment(let spec) = life.behavior.kind else { continue }
            let rigid = spec.frequency == 0 || spec.attachmentKind != .distance
            if let other = spec.otherItem {
                joined.insert([spec.item, other].sorted())
                if rigid {
                    let (a, b) = (root(spec.item), root(other))
                    if a != b { chain[max(a, b)] = min(a, b) }
                }
            } else if rigid {
                anchors[spec.item, default: []] += (life.anchor?.knots.map(\.point) ?? []) + (spec.anchor.map { [$0] } ?? [])
            }
        }
        var hanging: [String: [ScenePoint]] = [:]
        for (body, points) in anchors { hanging[root(body), default: []] += points }
        let extents = Self.extents(scene, bodyOf: bodyOf)
        let retargeted = everyContact ? [] : Set(scene.events.compactMap { event -> String? in
            if case .setParameter(let target, _, _) = event.action { return target }
            return nil
        })
        for life in SceneHistory(scene).lives {
            guard case .collision(let spec) = life.behavior.kind, life.behavior.id.map({ !retargeted.contains($0) }) ?? true,
                  life.end > life.start else { continue }
            let members = ContainmentCheck.members(of: spec, in: scene)
            if spec.mode != .boundaries {
                for (position, first) in members.enumerated() {
                    for second in members.dropFirst(position + 1) {
                        let (a, b) = (bodyOf[first], bodyOf[second])
                        guard a != b, everyContact || (!(anchored[first] && anchored[second]) && !joined.contains([a, b].sorted()))
                        else { continue }
                        items.append(ItemPair(first: first, second: second, start: life.start, end: life.end))
                    }
                }
            }
            guard spec.mode != .items else { continue }
            var box: WallBox?
            if spec.referenceBoundsAreBoundary, let bounds = scene.referenceBounds {
                let insets = spec.referenceBoundsInsets ?? SceneInsets()
                box = WallBox(minX: bounds.minX + insets.left, maxX: bounds.maxX - insets.right,
                              minY: bounds.minY + insets.top, maxY: bounds.maxY - insets.bottom)
            }
            var segments: [Wall] = []
            for boundary in spec.boundaries {
                var points = boundary.points
                if boundary.closed, let first = points.first, points.count > 2 { points.append(first) }
                for (a, b) in zip(points, points.dropFirst()) {
                    segments.append(.segment(identifier: boundary.identifier, from: a, to: b))
                }
            }
            for member in members where !anchored[member] {
                let anchors = everyContact ? [] : hanging[root(bodyOf[member])] ?? []
                let fits = everyContact || extents[bodyOf[member]].map { $0.width <= (box?.maxX ?? 0) - (box?.minX ?? 0) && $0.height <= (box?.maxY ?? 0) - (box?.minY ?? 0) } ?? false
                if let box, anchors.allSatisfy({ $0.x >= box.minX && $0.x <= box.maxX && $0.y >= box.minY && $0.y <= box.maxY }) {
                    let pair = WallPair(item: member, wall: .box(box), start: life.start, end: life.end)
                    if fits { walls.append(pair) } else { unjudgedBounds.append(pair) }
                }
                guard anchors.isEmpty else { continue }
                for segment in segments { walls.append(WallPair(item: member, wall: segment, start: life.start, end: life.end)) }
            }
        }
        items = Self.merged(items)
    }

    /// Whether a body starts wider or taller than the inside of reference bounds it collides
    /// with: no pose contains it, so the walls push it from both sides for as long as it lives.
    static func aBodyExceedsItsBounds(_ scene: Scene, mechanics: SceneMechanics) -> Bool {
        guard let bounds = scene.referenceBounds else { return false }
        let bodyOf = mechanics.items.map(\.body)
        let extents = extents(scene, bodyOf: bodyOf)
        for life in SceneHistory(scene).lives {
            guard case .collision(let spec) = life.behavior.kind, spec.referenceBoundsAreBoundary, spec.mode != .items else { continue }
            let insets = spec.referenceBoundsInsets ?? SceneInsets()
            let (width, height) = (bounds.maxX - bounds.minX - insets.left - insets.right, bounds.maxY - bounds.minY - insets.top - insets.bottom)
            for member in ContainmentCheck.members(of: spec, in: scene) where !mechanics.items[member].properties.anchored {
                if let extent = extents[bodyOf[member]], extent.width > width || extent.height > height { return true }
            }
        }
        return false
    }

    /// Each body's width and height at its starting pose (points): its items' shapes together.
    private static func extents(_ scene: Scene, bodyOf: [String]) -> [String: (width: Double, height: Double)] {
        var boxes: [String: (minX: Double, maxX: Double, minY: Double, maxY: Double)] = [:]
        for (index, item) in scene.items.enumerated() {
            let placed = ItemOutline(item).placed(at: item.center, angle: item.angle).box
            let box = (minX: placed.minX, maxX: placed.maxX, minY: placed.minY, maxY: placed.maxY)
            if let old = boxes[bodyOf[index]] {
                boxes[bodyOf[index]] = (min(old.minX, box.minX), max(old.maxX, box.maxX), min(old.minY, box.minY), max(old.maxY, box.maxY))
            } else {
                boxes[bodyOf[index]] = box
            }
        }
        return boxes.mapValues { ($0.maxX - $0.minX, $0.maxY - $0.minY) }
    }

    /// One entry per pair of items, over the span of all the lives that make them collide.
    private static func merged(_ pairs: [ItemPair]) -> [ItemPair] {
        var byPair: [[Int]: Int] = [:], result: [ItemPair] = []
        for pair in pairs {
            if let position = byPair[[pair.first, pair.second]] {
                result[position].start = min(result[position].start, pair.start)
                result[position].end = max(result[position].end, pair.end)
            } else {
                byPair[[pair.first, pair.second]] = result.count
                result.append(pair)
            }
        }
        return result
    }
}

extension CollisionPairs {
    /// How deep each item starts in the items and walls it collides with at t = 0 (points; 0 when
    /// it overlaps nothing), its shapes at `states`.
    func startOverlaps(_ states: [ItemState], shapes: SceneShapes) -> [Double] {
        var deepest = Array(repeating: 0.0, count: states.count)
        for pair in items where pair.start <= 1e-9 {
            let reach = shapes.outlines[pair.first].radius + shapes.outlines[pair.second].radius
            guard (states[pair.first].center - states[pair.second].center).length < reach else { continue }
            let depth = Penetration.depth(shapes.placed(pair.first, in: states), shapes.placed(pair.second, in: states))
            deepest[pair.first] = max(deepest[pair.first], depth)
            deepest[pair.second] = max(deepest[pair.second], depth)
        }
        for pair in walls where pair.start <= 1e-9 {
            let shape = shapes.placed(pair.item, in: states)
            let depth: Double = switch pair.wall {
            case .box(let box): Penetration.depth(shape, outsideOf: box)
            case .segment(_, let a, let b): Penetration.depth(shape, Penetration.segment(a, b))
            }
            deepest[pair.item] = max(deepest[pair.item], depth)
        }
        return deepest
    }
}
