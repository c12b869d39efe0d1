import Foundation

/// The first moment in a run when its rigid attachments ask for the impossible: an attachment is
/// created broken (a rod away from its length, a rope beyond its own, a range that leaves out the
/// start) and no pose of the bodies it is joined to satisfies it and the rigid attachments living
/// with it together (``JointFeasibility``). From then on the scene lies outside the envelope: an
/// engine can only choose which attachment to break.
///
/// Only sets with an attachment created broken are searched: every other rigid attachment holds
/// at its creation by definition, so a set of them is satisfied by the pose it was made in.
enum OverconstrainedJoints {
    /// A set no pose satisfies.
    struct Finding: Equatable {
        /// When the set formed (seconds).
        var time: Double
        /// The attachments of the set (behavior identifiers or scene paths).
        var attachments: [String]
        /// The least, over the starts, of the largest error at the stationary pose the search
        /// ended at, in multiples of what ``ConstraintCheck`` allows.
        var worst: Double
    }

    /// Sets of more moving bodies than this are not searched (no verdict): the search's normal
    /// equations grow with the cube of the bodies, and the fuzzer's scenes stay below it.
    static let largestSet = 60
    /// Poses from the run tried as starts, besides the pose at creation and the turned ones.
    static let startsFromTheRun = 8
    /// Starts with each body turned at random about its reference point.
    static let turnedStarts = 12

    /// The earliest impossible set of `scene`'s run `trace`, if any.
    static func first(_ scene: Scene, trace: Trace, mechanics: SceneMechanics? = nil) -> Finding? {
        guard !trace.samples.isEmpty else { return nil }
        let mechanics = mechanics ?? SceneMechanics(scene)
        let tracks = BodyTracks(scene: scene, trace: trace)
        var bodyOf: [String: String] = [:]
        for (item, mechanic) in zip(scene.items, mechanics.items) { bodyOf[item.id] = mechanic.body }
        for group in scene.groups { bodyOf[group.id] = group.id }
        let anchored = Set(zip(scene.items, mechanics.items).filter(\.1.properties.anchored).flatMap { [$0.0.id, $0.1.body] })
        let rigid = SceneHistory(scene).lives.filter { life in
            guard case .attachment(let spec) = life.behavior.kind, spec.frequency == 0 else { return false }
            return spec.itemIDs.allSatisfy { bodyOf[$0] != nil }
        }
        var searched: Set<[String]> = []
        for life in rigid.sorted(by: { $0.start < $1.start }) where isBrokenAtCreation(life, tracks: tracks, trace: trace) {
            let time = life.start
            let living = rigid.filter { $0.start <= time + 1e-9 && $0.end > time + 1e-9 }
            guard living.contains(where: { $0.path == life.path }) else { continue }
            // The moving bodies joined to the broken attachment's, through the living ones.
            func moving(_ spec: AttachmentSpec) -> [String] {
                spec.itemIDs.compactMap { bodyOf[$0] }.filter { !anchored.contains($0) }
            }
            guard case .attachment(let broken) = life.behavior.kind else { continue }
            var component = Set(moving(broken)), grew = true
            while grew {
                grew = false
                for other in living {
                    guard case .attachment(let spec) = other.behavior.kind else { continue }
                    let bodies = moving(spec)
                    if !component.isDisjoint(with: bodies) && !component.isSuperset(of: bodies) {
                        component.formUnion(bodies)
                        grew = true
                    }
                }
            }
            let members = living.filter { other in
                guard case .attachment(let spec) = other.behavior.kind else { return false }
                let bodies = moving(spec)
                return !bodies.isEmpty && component.isSuperset(of: bodies)
            }
            let bodies = component.sorted()
            guard !bodies.isEmpty, bodies.count <= largestSet,
                  searched.insert(["\(time)"] + bodies + members.map(\.path)).inserted else { continue }
            let now = tracks.sample(atOrBefore: time)
            guard let feasibility = feasibility(members, bodies: bodies, bodyOf: bodyOf, tracks: tracks, trace: trace, at: now)
            else { continue }
            let end = members.map(\.end).min() ?? time
            let verdict = feasibility.verdict(starts: starts(for: bodies, references: feasibility.references, tracks: tracks,
                                                             from: now, until: tracks.sample(atOrBefore: end)))
            if case .impossible(let worst) = verdict {
                return Finding(time: time, attachments: members.map { $0.behavior.id ?? $0.path }, worst: worst)
            }
        }
        return nil
    }

    /// Whether `life` does not hold where it is created, as ``ConstraintCheck`` reads it: a rod
    /// away from its declared length, a rope beyond it, a range that leaves out the start.
    static func isBrokenAtCreation(_ life: SceneHistory.Life, tracks: BodyTracks, trace: Trace) -> Bool {
        guard case .attachment(let spec) = life.behavior.kind else { return false }
        switch spec.attachmentKind {
        case .distance, .limit:
            let created = tracks.sample(atOrBefore: life.start)
            guard let (start, length) = ConstraintCheck.lengths(spec, life: life, tracks: tracks, trace: trace, created: created)
            else { return false }
            return spec.attachmentKind == .distance ? abs(start - length) > 1e-6 * max(1, length) : start > length
        case .fixed, .pin, .sliding:
            return spec.range.map { $0.lower > 0 || $0.upper < 0 } ?? false
        }
    }

    /// The attachments `members` as links among `bodies` where the run has them at sample `now`.
    private static func feasibility(_ members: [SceneHistory.Life], bodies: [String], bodyOf: [String: String],
                                    tracks: BodyTracks, trace: Trace, at now: Int) -> JointFeasibility? {
        let index = Dictionary(uniqueKeysWithValues: bodies.enumerated().map { ($1, $0) })
        var references: [ScenePoint] = []
        for body in bodies {
            guard let center = tracks.center(of: body, at: now) else { return nil }
            references.append(center)
        }
        let time = trace.samples[now].time
        var links: [JointFeasibility.Link] = []
        for life in members {
            guard case .attachment(let spec) = life.behavior.kind else { continue }
            let created = tracks.sample(atOrBefore: life.start)
            func turn(_ id: String?) -> Double {
                guard let id, let then = tracks.angle(of: id, at: created), let current = tracks.angle(of: id, at: now) else { return 0 }
                return current - then
            }
            let anchor = life.anchor?.point(at: time) ?? spec.anchor
            let point: ScenePoint?, otherPoint: ScenePoint?
            let kind: JointFeasibility.Link.Kind
            switch spec.attachmentKind {
            case .distance, .limit:
                guard let (_, length) = ConstraintCheck.lengths(spec, life: life, tracks: tracks, trace: trace, created: created)
                else { return nil }
                point = tracks.point(on: spec.item, offset: spec.offset, fixedAt: created, at: now)
                otherPoint = spec.otherItem.map { tracks.point(on: $0, offset: spec.otherOffset, fixedAt: created, at: now) } ?? anchor
                kind = spec.attachmentKind == .distance ? .rod(length: length) : .rope(length: length)
            case .fixed, .pin, .sliding:
                guard let common = spec.anchor, let itemCenter = tracks.center(of: spec.item, at: created) else { return nil }
                point = tracks.point(on: spec.item, offset: common - itemCenter, fixedAt: created, at: now)
                if let other = spec.otherItem {
                    guard let otherCenter = tracks.center(of: other, at: created) else { return nil }
                    otherPoint = tracks.point(on: other, offset: common - otherCenter, fixedAt: created, at: now)
                } else {
                    otherPoint = anchor
                }
                switch spec.attachmentKind {
                case .fixed: kind = .weld
                case .pin: kind = .pin(range: spec.range)
                default: kind = .slider(axis: (spec.axis ?? SceneVector(dx: 1, dy: 0)).rotated(by: turn(spec.otherItem)), range: spec.range)
                }
            }
            guard let point, let otherPoint else { return nil }
            let body = bodyOf[spec.item].flatMap { index[$0] }
            let other = spec.otherItem.flatMap { bodyOf[$0] }.flatMap { index[$0] }
            links.append(JointFeasibility.Link(kind: kind, body: body, point: point, other: other, otherPoint: otherPoint,
                                               angle: remainder(turn(spec.item) - turn(spec.otherItem), 2 * Double.pi)))
        }
        return JointFeasibility(references: references, fixed: bodies.map { _ in false }, links: links)
    }

    /// The starts of the search: no move; the run's own poses at up to ``startsFromTheRun``
    /// samples after `now`, to `last`; and ``turnedStarts`` with each body turned at random.
    private static func starts(for bodies: [String], references: [ScenePoint], tracks: BodyTracks, from now: Int,
                               until last: Int) -> [[JointFeasibility.Move]] {
        var starts = [bodies.map { _ in JointFeasibility.Move() }]
        if last > now {
            let count = min(startsFromTheRun, last - now)
            for k in 1...count {
                let sample = now + (last - now) * k / count
                let moves = bodies.enumerated().map { index, body -> JointFeasibility.Move in
                    guard let center = tracks.center(of: body, at: sample), let current = tracks.angle(of: body, at: sample),
                          let then = tracks.angle(of: body, at: now) else { return JointFeasibility.Move() }
                    return JointFeasibility.Move(shift: center - references[index], turn: current - then)
                }
                starts.append(moves)
            }
        }
        starts += JointFeasibility.turnedStarts(bodies: bodies.count, count: turnedStarts)
        return starts
    }
}
