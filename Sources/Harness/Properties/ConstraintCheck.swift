import Foundation

/// Rigid attachments hold: rods keep their length, ropes never exceed theirs, welds and pins keep
/// their common point (welds their relative angle), sliding joints stay on their axis, and pin
/// and sliding ranges are respected. Angles and translations are those of the item relative to
/// the other item (or the anchor) since the attachment was created.
enum ConstraintCheck {
    /// Allowed error (points) plus ``relativeSlop`` of the length; see ``Invariant/constraints``:
    /// twice Box2D v3's linear slop (`B2_LINEAR_SLOP`, 0.005 m, 0.5 pt at 100 pt/m), within which
    /// its solver leaves joints, plus 1 % of the length for a loaded joint's stretch. A rod 5 %
    /// too long fails.
    static let absoluteSlop = 1.0
    static let relativeSlop = 0.01
    /// Allowed angle error (radians): twice Box2D v3's angular slop (`B2_ANGULAR_SLOP`, 2°).
    static let angleSlop = 4 * Double.pi / 180

    static func check(_ scene: Scene, _ trace: Trace) -> [Violation] {
        let tracks = BodyTracks(scene: scene, trace: trace)
        let jumped = Set(scene.events.compactMap { event -> String? in
            switch event.action {
            case .moveAnchor(let target, _, let duration) where duration == 0: target
            case .setParameter(let target, _, _): target
            default: nil
            }
        })
        // Nothing can move to keep an attachment whose items are all anchored: a rope from an
        // anchored item to an anchor dragged away breaks whatever the engine does (fuzz seed 99,
        // scene 702). Anchored as the scene's first tree resolves them; a group by its members.
        let anchored = Set(zip(scene.items, SceneMechanics(scene).items).filter(\.1.properties.anchored)
            .flatMap { [$0.0.id, $0.1.body] })
        var found: [Violation] = []
        for life in SceneHistory(scene).lives {
            guard case .attachment(let spec) = life.behavior.kind, spec.frequency == 0,
                  life.behavior.id.map({ !jumped.contains($0) }) ?? true, isSatisfiable(spec, life: life, in: scene),
                  !spec.itemIDs.allSatisfy(anchored.contains)
            else { continue }
            let created = tracks.sample(atOrBefore: life.start)
            let last = tracks.sample(atOrBefore: life.end)
            guard created < last, let worst = worstError(spec, life: life, tracks: tracks, trace: trace, created: created, last: last)
            else { continue }
            found.append(Violation(.constraints, "\(spec.attachmentKind.rawValue) attachment of \(spec.item)\(spec.otherItem.map { " and \($0)" } ?? ""): \(worst.detail)",
                                   items: spec.itemIDs, subject: Self.jointName(spec), time: worst.time))
        }
        return found
    }

    /// What a rigid attachment is called in a failure's signature: rod, rope, weld, pin, slider.
    static func jointName(_ spec: AttachmentSpec) -> String {
        switch spec.attachmentKind {
        case .distance: "rod"
        case .limit: "rope"
        case .fixed: "weld"
        case .pin: "pin"
        case .sliding: "slider"
        }
    }

    /// The farthest mending the rigid attachments broken at their creation may move each body
    /// (points), by body (item or group) identifier: the sum, over the broken attachments linked
    /// to the body through attachments, of how far each rod is from its length, each rope beyond
    /// it, and each pin's or slide's range leaves out the start (angles at the scene's extent). A
    /// body is moved at most by all of them together, through a chain. Bodies no broken
    /// attachment reaches are left out.
    static func mendingDistances(_ scene: Scene, _ trace: Trace) -> [String: Double] {
        let tracks = BodyTracks(scene: scene, trace: trace)
        let extent = OverlapTest.extent(of: scene)
        var parent: [String: String] = [:]
        func root(_ id: String) -> String {
            var id = id
            while let next = parent[id], next != id { id = next }
            return id
        }
        func outside(_ range: SceneRange?) -> Double {
            guard let range else { return 0 }
            return max(0, range.lower, -range.upper)
        }
        var broken: [(body: String, distance: Double)] = []
        for life in SceneHistory(scene).lives {
            guard case .attachment(let spec) = life.behavior.kind, spec.frequency == 0 else { continue }
            for id in spec.itemIDs where parent[id] == nil { parent[id] = id }
            if let other = spec.otherItem {
                let (a, b) = (root(spec.item), root(other))
                if a != b { parent[max(a, b)] = min(a, b) }
            }
            var distance = 0.0
            switch spec.attachmentKind {
            case .distance, .limit:
                let created = tracks.sample(atOrBefore: life.start)
                guard let (startLength, length) = lengths(spec, life: life, tracks: tracks, trace: trace, created: created)
                else { continue }
                distance = spec.attachmentKind == .limit ? max(0, startLength - length) : abs(startLength - length)
            case .fixed, .pin:
                // Angles count from creation: a range that leaves out 0 is broken there.
                distance = outside(spec.range) * extent
            case .sliding:
                // So do translations along the axis.
                distance = outside(spec.range)
            }
            if distance > 0 { broken.append((spec.item, distance)) }
        }
        var byComponent: [String: Double] = [:]
        for (body, distance) in broken { byComponent[root(body), default: 0] += distance }
        var distances: [String: Double] = [:]
        for id in parent.keys { if let distance = byComponent[root(id)] { distances[id] = distance } }
        return distances
    }

    /// A rod's or rope's length at creation and its declared length (the length at creation when
    /// it declares none), in points.
    private static func lengths(_ spec: AttachmentSpec, life: SceneHistory.Life, tracks: BodyTracks, trace: Trace,
                                created: Int) -> (start: Double, declared: Double)? {
        guard let itemCenter = tracks.center(of: spec.item, at: created) else { return nil }
        let startOther: ScenePoint?
        if let other = spec.otherItem {
            startOther = tracks.point(on: other, offset: spec.otherOffset, fixedAt: created, at: created)
        } else {
            startOther = life.anchor?.point(at: trace.samples[created].time) ?? spec.anchor
        }
        guard let startOther else { return nil }
        let startLength = (itemCenter + spec.offset - startOther).length
        return (startLength, spec.length ?? startLength)
    }

    /// Whether walls cannot make the attachment impossible: its anchor is inside the reference
    /// bounds of every collision its items have with them, and its items meet no segment.
    private static func isSatisfiable(_ spec: AttachmentSpec, life: SceneHistory.Life, in scene: Scene) -> Bool {
        let bodies = Set(spec.itemIDs)
        for collision in SceneTraits(scene).collisions where collision.mode != .items && !bodies.isDisjoint(with: collision.items) {
            if !collision.boundaries.isEmpty { return false }
            guard collision.referenceBoundsAreBoundary, let bounds = scene.referenceBounds else { continue }
            let insets = collision.referenceBoundsInsets ?? SceneInsets()
            let points = (life.anchor?.knots.map(\.point) ?? []) + (spec.anchor.map { [$0] } ?? [])
            for point in points where spec.otherItem == nil {
                if point.x < bounds.minX + insets.left || point.x > bounds.maxX - insets.right
                    || point.y < bounds.minY + insets.top || point.y > bounds.maxY - insets.bottom { return false }
            }
        }
        return true
    }

    /// A description of the first sample where the attachment is broken, and its time, if any.
    private static func worstError(_ spec: AttachmentSpec, life: SceneHistory.Life, tracks: BodyTracks, trace: Trace,
                                   created: Int, last: Int) -> (detail: String, time: Double)? {
        guard let itemCenter = tracks.center(of: spec.item, at: created), let itemAngle = tracks.angle(of: spec.item, at: created)
        else { return nil }
        let otherCenter = spec.otherItem.flatMap { tracks.center(of: $0, at: created) }
        let otherAngle = spec.otherItem.flatMap { tracks.angle(of: $0, at: created) } ?? 0
        func anchor(at sample: Int) -> ScenePoint? {
            life.anchor?.point(at: trace.samples[sample].time) ?? spec.anchor
        }
        func otherPoint(_ offset: SceneVector, at sample: Int) -> ScenePoint? {
            if let other = spec.otherItem { return tracks.point(on: other, offset: offset, fixedAt: created, at: sample) }
            return anchor(at: sample)
        }
        func relativeAngle(at sample: Int) -> Double {
            let item = (tracks.angle(of: spec.item, at: sample) ?? 0) - itemAngle
            let other = spec.otherItem.flatMap { tracks.angle(of: $0, at: sample) }.map { $0 - otherAngle } ?? 0
            return remainder(item - other, 2 * Double.pi)
        }
        let format = ContainmentCheck.format
        switch spec.attachmentKind {
        case .distance, .limit:
            guard let (startLength, length) = lengths(spec, life: life, tracks: tracks, trace: trace, created: created)
            else { return nil }
            // Only attachments that hold at creation: one created stretched must first be pulled in.
            if spec.attachmentKind == .distance ? abs(startLength - length) > 1e-6 * max(1, length) : startLength > length { return nil }
            let slop = absoluteSlop + relativeSlop * length
            for sample in (created + 1)...last {
                guard let p = tracks.point(on: spec.item, offset: spec.offset, fixedAt: created, at: sample),
                      let q = otherPoint(spec.otherOffset, at: sample) else { continue }
                let distance = (p - q).length
                let error = spec.attachmentKind == .limit ? distance - length : abs(distance - length)
                if error > slop {
                    return ("\(spec.attachmentKind == .limit ? "rope" : "rod") of length \(format(length)) pt is \(format(distance)) pt at t = \(format(trace.samples[sample].time)) s", trace.samples[sample].time)
                }
            }
        case .fixed, .pin, .sliding:
            guard let common = spec.anchor else { return nil }
            let itemOffset = common - itemCenter
            let otherOffset = otherCenter.map { common - $0 } ?? .zero
            let axis0 = spec.axis ?? SceneVector(dx: 1, dy: 0)
            // Like a rod created stretched, a range that leaves out the start (angle or
            // translation 0 at creation) is broken there: it is judged from the first sample
            // the engine has brought it within the range.
            var rangeHolds = spec.range.map { $0.lower <= 0 && 0 <= $0.upper } ?? true
            for sample in (created + 1)...last {
                guard let p = tracks.point(on: spec.item, offset: itemOffset, fixedAt: created, at: sample),
                      let q = otherPoint(otherOffset, at: sample) else { continue }
                let time = format(trace.samples[sample].time)
                let angle = relativeAngle(at: sample)
                let gap = p - q
                switch spec.attachmentKind {
                case .fixed, .pin:
                    if gap.length > absoluteSlop { return ("common point apart by \(format(gap.length)) pt at t = \(time) s", trace.samples[sample].time) }
                    if spec.attachmentKind == .fixed, abs(angle) > angleSlop {
                        return ("relative angle \(format(angle)) rad at t = \(time) s", trace.samples[sample].time)
                    }
                    if let range = spec.range {
                        if rangeHolds, angle < range.lower - angleSlop || angle > range.upper + angleSlop {
                            return ("relative angle \(format(angle)) rad outside [\(format(range.lower)), \(format(range.upper))] at t = \(time) s", trace.samples[sample].time)
                        }
                        if angle >= range.lower && angle <= range.upper { rangeHolds = true }
                    }
                default:
                    let turn = spec.otherItem.flatMap { tracks.angle(of: $0, at: sample) }.map { $0 - otherAngle } ?? 0
                    let axis = axis0.rotated(by: turn)
                    let along = gap.dot(axis), across = abs(gap.cross(axis))
                    if across > absoluteSlop { return ("\(format(across)) pt off its axis at t = \(time) s", trace.samples[sample].time) }
                    if abs(angle) > angleSlop { return ("relative angle \(format(angle)) rad at t = \(time) s", trace.samples[sample].time) }
                    if let range = spec.range {
                        if rangeHolds, along < range.lower - absoluteSlop || along > range.upper + absoluteSlop {
                            return ("\(format(along)) pt along its axis, outside [\(format(range.lower)), \(format(range.upper))] at t = \(time) s", trace.samples[sample].time)
                        }
                        if along >= range.lower && along <= range.upper { rangeHolds = true }
                    }
                }
            }
        }
        return nil
    }
}
