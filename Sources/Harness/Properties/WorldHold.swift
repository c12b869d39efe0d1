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
    /// The world point (points, reference coordinates).
    var anchor: ScenePoint

    /// Each single item's holds at t = 0, by item index (items of groups are left out: a group
    /// turns about its own center of mass).
    static func holds(_ scene: Scene, mechanics: SceneMechanics) -> [Int: [WorldHold]] {
        let indexOf = Dictionary(scene.items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var holds: [Int: [WorldHold]] = [:]
        for life in SceneHistory(scene).lives where life.start <= 1e-9 {
            guard case .attachment(let spec) = life.behavior.kind, spec.otherItem == nil, spec.frequency == 0,
                  let item = indexOf[spec.item], mechanics.items[item].body == spec.item,
                  (life.anchor?.knots.count ?? 1) <= 1, let anchor = life.anchor?.knots.first?.point ?? spec.anchor else { continue }
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
            holds[item, default: []].append(WorldHold(kind: kind, anchor: anchor))
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
