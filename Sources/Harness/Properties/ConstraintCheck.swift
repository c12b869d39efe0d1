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
        judged(scene, trace).compactMap { judged in
            guard let breach = firstBreach(judged) else { return nil }
            let spec = judged.spec
            return Violation(.constraints, "\(spec.attachmentKind.rawValue) attachment of \(spec.item)\(spec.otherItem.map { " and \($0)" } ?? ""): \(describe(breach, spec: spec))",
                             items: spec.itemIDs, subject: Self.jointName(spec), time: breach.time)
        }
    }

    /// A rigid attachment the check judges, over the samples from its creation to its end.
    struct Judged {
        let spec: AttachmentSpec
        let life: SceneHistory.Life
        let tracks: BodyTracks
        let trace: Trace
        /// The samples at or before the attachment's creation and its end.
        let created: Int, last: Int
    }

    /// The rigid attachments the check judges: neither moved by a jump nor a parameter change,
    /// satisfiable within the walls, not all anchored, and living over more than one sample.
    static func judged(_ scene: Scene, _ trace: Trace) -> [Judged] {
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
        var found: [Judged] = []
        for life in SceneHistory(scene).lives {
            guard case .attachment(let spec) = life.behavior.kind, spec.frequency == 0,
                  life.behavior.id.map({ !jumped.contains($0) }) ?? true, isSatisfiable(spec, life: life, in: scene),
                  !spec.itemIDs.allSatisfy(anchored.contains)
            else { continue }
            let created = tracks.sample(atOrBefore: life.start)
            let last = tracks.sample(atOrBefore: life.end)
            guard created < last else { continue }
            found.append(Judged(spec: spec, life: life, tracks: tracks, trace: trace, created: created, last: last))
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
    static func lengths(_ spec: AttachmentSpec, life: SceneHistory.Life, tracks: BodyTracks, trace: Trace,
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

    /// What one of a rigid attachment's errors measures.
    enum Quantity: Equatable, Sendable {
        /// How far a rod's length is from its declared length, or a rope beyond it (points;
        /// negative while a rope is slack).
        case length
        /// How far apart the common point of a weld or pin is on its two items (points).
        case separation
        /// A weld's or slider's relative angle (radians, its magnitude).
        case angle
        /// How far a slider's common point is off its axis (points).
        case offAxis
        /// How far a pin's relative angle is beyond its range (radians; negative inside it).
        case angleRange
        /// How far a slider's translation along its axis is beyond its range (points; negative
        /// inside it).
        case axisRange
    }

    /// One error of a rigid attachment at one sample, against the error allowed.
    struct Reading {
        let quantity: Quantity
        /// The sample's index in the trace and its time (seconds).
        let sample: Int, time: Double
        /// The error and the error allowed, in the quantity's unit (points or radians).
        let error: Double, allowed: Double
        /// What the detail tells: the rod's or rope's length, the separation, the angle, the
        /// distance off the axis or along it (points or radians).
        let shown: Double
        /// A rod's or rope's declared length (points); 0 for the other quantities.
        let length: Double

        var isBroken: Bool { error > allowed }
    }

    /// Every error the check judges of `judged`, sample after sample from just after its
    /// creation, in the order it judges them; `visit` returns false to stop. Nothing for a rod or
    /// rope created out of length, or a weld, pin or slider without a common point. A range that
    /// leaves out the start is judged from the first sample the engine has brought it within.
    static func readings(_ judged: Judged, _ visit: (Reading) -> Bool) {
        let (spec, life, tracks, trace, created) = (judged.spec, judged.life, judged.tracks, judged.trace, judged.created)
        guard judged.created < judged.last, let itemCenter = tracks.center(of: spec.item, at: created),
              let itemAngle = tracks.angle(of: spec.item, at: created)
        else { return }
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
        /// How far `value` is beyond `range` (negative inside it).
        func beyond(_ value: Double, _ range: SceneRange) -> Double { max(range.lower - value, value - range.upper) }
        switch spec.attachmentKind {
        case .distance, .limit:
            guard let (startLength, length) = lengths(spec, life: life, tracks: tracks, trace: trace, created: created)
            else { return }
            // Only attachments that hold at creation: one created stretched must first be pulled in.
            if spec.attachmentKind == .distance ? abs(startLength - length) > 1e-6 * max(1, length) : startLength > length { return }
            let slop = absoluteSlop + relativeSlop * length
            for sample in (created + 1)...judged.last {
                guard let p = tracks.point(on: spec.item, offset: spec.offset, fixedAt: created, at: sample),
                      let q = otherPoint(spec.otherOffset, at: sample) else { continue }
                let distance = (p - q).length
                let error = spec.attachmentKind == .limit ? distance - length : abs(distance - length)
                guard visit(Reading(quantity: .length, sample: sample, time: trace.samples[sample].time, error: error, allowed: slop,
                                    shown: distance, length: length))
                else { return }
            }
        case .fixed, .pin, .sliding:
            guard let common = spec.anchor else { return }
            let itemOffset = common - itemCenter
            let otherOffset = otherCenter.map { common - $0 } ?? .zero
            let axis0 = spec.axis ?? SceneVector(dx: 1, dy: 0)
            // Like a rod created stretched, a range that leaves out the start (angle or
            // translation 0 at creation) is broken there.
            var rangeHolds = spec.range.map { $0.lower <= 0 && 0 <= $0.upper } ?? true
            for sample in (created + 1)...judged.last {
                guard let p = tracks.point(on: spec.item, offset: itemOffset, fixedAt: created, at: sample),
                      let q = otherPoint(otherOffset, at: sample) else { continue }
                let time = trace.samples[sample].time
                /// Visits the reading; false when the visitor stops.
                func judge(_ quantity: Quantity, _ error: Double, _ allowed: Double, shown: Double) -> Bool {
                    visit(Reading(quantity: quantity, sample: sample, time: time, error: error, allowed: allowed, shown: shown, length: 0))
                }
                let angle = relativeAngle(at: sample)
                let gap = p - q
                switch spec.attachmentKind {
                case .fixed, .pin:
                    guard judge(.separation, gap.length, absoluteSlop, shown: gap.length) else { return }
                    if spec.attachmentKind == .fixed { guard judge(.angle, abs(angle), angleSlop, shown: angle) else { return } }
                    if let range = spec.range {
                        if rangeHolds { guard judge(.angleRange, beyond(angle, range), angleSlop, shown: angle) else { return } }
                        if angle >= range.lower && angle <= range.upper { rangeHolds = true }
                    }
                default:
                    let turn = spec.otherItem.flatMap { tracks.angle(of: $0, at: sample) }.map { $0 - otherAngle } ?? 0
                    let axis = axis0.rotated(by: turn)
                    let along = gap.dot(axis), across = abs(gap.cross(axis))
                    guard judge(.offAxis, across, absoluteSlop, shown: across), judge(.angle, abs(angle), angleSlop, shown: angle) else { return }
                    if let range = spec.range {
                        if rangeHolds { guard judge(.axisRange, beyond(along, range), absoluteSlop, shown: along) else { return } }
                        if along >= range.lower && along <= range.upper { rangeHolds = true }
                    }
                }
            }
        }
    }

    /// The first error of `judged` beyond what is allowed, if any: the one its violation tells.
    static func firstBreach(_ judged: Judged) -> Reading? {
        var breach: Reading?
        readings(judged) { reading in
            if reading.isBroken { breach = reading }
            return breach == nil
        }
        return breach
    }

    /// What a broken error says, for the violation's detail.
    static func describe(_ reading: Reading, spec: AttachmentSpec) -> String {
        let format = ContainmentCheck.format
        let time = format(reading.time)
        let range = spec.range.map { "[\(format($0.lower)), \(format($0.upper))]" } ?? ""
        switch reading.quantity {
        case .length:
            return "\(spec.attachmentKind == .limit ? "rope" : "rod") of length \(format(reading.length)) pt is \(format(reading.shown)) pt at t = \(time) s"
        case .separation: return "common point apart by \(format(reading.shown)) pt at t = \(time) s"
        case .angle: return "relative angle \(format(reading.shown)) rad at t = \(time) s"
        case .offAxis: return "\(format(reading.shown)) pt off its axis at t = \(time) s"
        case .angleRange: return "relative angle \(format(reading.shown)) rad outside \(range) at t = \(time) s"
        case .axisRange: return "\(format(reading.shown)) pt along its axis, outside \(range) at t = \(time) s"
        }
    }
}
