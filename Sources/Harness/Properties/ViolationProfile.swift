/// The quantity a violation is about at each step of its run, against the bound it broke: what
/// the fuzz report draws for a minimal failing scene. Measured as the violation's check measures
/// it, over the whole run: how far an item's center is outside the reference bounds
/// (containment), how deep an item is in a wall or another item (embedded), how fast an item
/// moves or turns (speed), how much the energy grew (energy), how far a rigid attachment is off
/// (constraints), how much of an item's motion its velocity does not explain (motion). The other invariants are not one
/// quantity against one bound (a path crossing a segment, two runs compared): `nil` for them.
enum ViolationProfile {
    /// The profile of `violation` in `trace`, the run of `scene` on an engine with `limits`;
    /// `nil` for an invariant without one or a violation the trace does not show.
    static func curve(for violation: Violation, scene: Scene, trace: Trace, limits: EngineLimits) -> MeasuredCurve? {
        guard !trace.samples.isEmpty, trace.samples.allSatisfy({ $0.states.allSatisfy(\.isFinite) }) else { return nil }
        let items = violation.items.compactMap { id in scene.items.firstIndex { $0.id == id } }
        switch violation.invariant {
        case .containment: return items.first.flatMap { containment(item: $0, scene: scene, trace: trace) }
        case .embedded: return embedded(items: items, subject: violation.subject, scene: scene, trace: trace)
        case .speed: return items.first.flatMap { speed(item: $0, angular: violation.subject == "angular", scene: scene, trace: trace, limits: limits) }
        case .energy: return energy(scene: scene, trace: trace)
        case .constraints: return constraints(violation, scene: scene, trace: trace)
        case .motion: return items.first.flatMap { motion(item: $0, scene: scene, trace: trace, limits: limits) }
        case .tunnelling: return tunnelling(violation, scene: scene, trace: trace)
        case .itemTunnelling: return itemTunnelling(items: items, scene: scene, trace: trace)
        case .momentum: return momentum(violation, scene: scene, trace: trace, limits: limits)
        default: return nil
        }
    }

    /// A curve over the run's time.
    static func overTime(_ name: String, unit: String, times: [Double], values: [Double], limits: [CurveLimit]) -> MeasuredCurve {
        MeasuredCurve(caseName: name, quantity: name, unit: unit, variable: "time", variableUnit: "s", x: times, y: values,
                      limits: limits, maximumPoints: 241)
    }

    /// How far the item's center is outside the reference bounds it is kept in (the farthest over
    /// the behaviors keeping it, 0 while none does), against the slop.
    static func containment(item: Int, scene: Scene, trace: Trace) -> MeasuredCurve? {
        let boxes = ContainmentCheck.boundaryBoxes(in: scene).filter { $0.members.contains(item) }
        guard !boxes.isEmpty else { return nil }
        let values = trace.samples.map { sample in
            boxes.filter { sample.time >= $0.life.start - 1e-9 && sample.time <= $0.life.end + 1e-9 }
                .map { ContainmentCheck.outside(sample.states[item].center, $0.box) }.max() ?? 0
        }
        return overTime("distance of \(scene.items[item].id)'s center outside the reference bounds", unit: "pt", times: trace.times,
                        values: values, limits: [CurveLimit(label: "slop", value: ContainmentCheck.slop)])
    }

    /// How deep one item is in the walls named by `subject` ("item-wall": the reference bounds,
    /// "item-segment": the named segments, the deepest), or two items in each other, against the
    /// overlap that counts (the check allows it for a grace time and the push-out, not drawn).
    static func embedded(items: [Int], subject: String?, scene: Scene, trace: Trace) -> MeasuredCurve? {
        let shapes = SceneShapes(scene), pairs = CollisionPairs(scene, mechanics: SceneMechanics(scene))
        let cache = PlacementCache(shapes.outlines)
        let values: [Double], name: String, bound: Double
        if subject == "item-item", items.count == 2 {
            let wanted = Set(items)
            guard let pair = pairs.items.first(where: { Set([$0.first, $0.second]) == wanted }) else { return nil }
            values = trace.samples.indices.map { EmbeddedCheck.depth(of: pair, at: $0, in: trace, shapes: shapes, cache: cache) }
            bound = EmbeddedCheck.bound(thickness: min(shapes.outlines[pair.first].thickness, shapes.outlines[pair.second].thickness))
            name = "overlap of \(scene.items[pair.first].id) and \(scene.items[pair.second].id)"
        } else {
            guard let item = items.first else { return nil }
            let walls = pairs.walls.filter { $0.item == item && EmbeddedCheck.subject(of: $0.wall) == (subject ?? "item-wall") }
            guard !walls.isEmpty else { return nil }
            values = trace.samples.indices.map { sample in
                walls.map { EmbeddedCheck.depth(of: $0, at: sample, in: trace, cache: cache) }.max() ?? 0
            }
            bound = EmbeddedCheck.bound(thickness: shapes.outlines[item].thickness)
            name = "depth of \(scene.items[item].id) in \(subject == "item-segment" ? "the named boundaries" : "the reference bounds' walls")"
        }
        return overTime(name, unit: "pt", times: trace.times, values: values, limits: [CurveLimit(label: "overlap that counts", value: bound)])
    }

    /// The item's speed at each step, less what its spin adds at its center's arm (|ω|·arm), or
    /// its spin, against the engine's cap.
    static func speed(item: Int, angular: Bool, scene: Scene, trace: Trace, limits: EngineLimits) -> MeasuredCurve? {
        let steps = TraceSteps(trace), arm = SceneShapes(scene).arms[item], id = scene.items[item].id
        if angular {
            guard let cap = limits.maximumAngularSpeed else { return nil }
            return overTime("spin of \(id)", unit: "rad/s", times: steps.times, values: steps.states.map { abs($0[item].angularVelocity) },
                            limits: [CurveLimit(label: "the engine's cap", value: cap)])
        }
        guard let cap = limits.maximumLinearSpeed else { return nil }
        let values = steps.states.map { SpeedCheck.length($0[item].velocity) - abs($0[item].angularVelocity) * arm }
        return overTime(arm > 0 ? "speed of \(id) less |ω|·arm (\(ContainmentCheck.format(arm)) pt)" : "speed of \(id)", unit: "pt/s",
                        times: steps.times, values: values, limits: [CurveLimit(label: "the engine's cap", value: cap)])
    }

    /// The energy's growth over its start beyond semi-implicit Euler's swing, as a share of the
    /// scene's energy scale, against the growth allowed.
    static func energy(scene: Scene, trace: Trace) -> MeasuredCurve? {
        let mechanics = SceneMechanics(scene)
        guard let growth = EnergyCheck.growth(scene, trace, traits: SceneTraits(scene), mechanics: mechanics, shapes: SceneShapes(scene))
        else { return nil }
        return overTime("energy growth over the start", unit: "of the energy scale", times: growth.times,
                        values: growth.excess.map { $0 / growth.scale },
                        limits: [CurveLimit(label: "growth allowed", value: growth.bound / growth.scale)])
    }

    /// The error of the rigid attachment the violation tells, of the kind it broke first (a rod's
    /// or rope's length error, a weld's or pin's common point apart, a slider off its axis, a
    /// relative angle, a range exceeded), at each sample the check judges, against the error
    /// allowed (`absoluteSlop + relativeSlop·length`, or `angleSlop`).
    static func constraints(_ violation: Violation, scene: Scene, trace: Trace) -> MeasuredCurve? {
        guard let time = violation.time else { return nil }
        for judged in ConstraintCheck.judged(scene, trace)
        where judged.spec.itemIDs == violation.items && ConstraintCheck.jointName(judged.spec) == violation.subject {
            guard let breach = ConstraintCheck.firstBreach(judged), abs(breach.time - time) < 1e-9 else { continue }
            var times: [Double] = [], values: [Double] = []
            ConstraintCheck.readings(judged) { reading in
                if reading.quantity == breach.quantity {
                    times.append(reading.time)
                    values.append(reading.error)
                }
                return true
            }
            let joint = "\(ConstraintCheck.jointName(judged.spec)) of \(judged.spec.itemIDs.joined(separator: " and "))"
            let (name, unit): (String, String) = switch breach.quantity {
            case .length: judged.spec.attachmentKind == .limit ? ("stretch of the \(joint) beyond its length", "pt") : ("length error of the \(joint)", "pt")
            case .separation: ("separation of the common point of the \(joint)", "pt")
            case .angle: ("relative angle of the \(joint)", "rad")
            case .offAxis: ("distance of the common point of the \(joint) off its axis", "pt")
            case .angleRange: ("relative angle of the \(joint) beyond its range", "rad")
            case .axisRange: ("translation of the \(joint) beyond its range", "pt")
            }
            return overTime(name, unit: unit, times: times, values: values, limits: [CurveLimit(label: "error allowed", value: breach.allowed)])
        }
        return nil
    }

    /// The item's motion over each step that its velocities do not explain, as a share of what
    /// the check allows there (the push-out budget of what it touches and the sleep speeds; for
    /// a step stood exactly still, its reported speeds' share of the sleep speeds), drawn at the
    /// step's start, against 1. The check fails a run of steps beyond it lasting
    /// ``MotionCheck/persistence``; steps it does not judge are left out.
    static func motion(item: Int, scene: Scene, trace: Trace, limits: EngineLimits) -> MeasuredCurve? {
        guard let pushOut = limits.maximumPushOutSpeed else { return nil }
        let steps = TraceSteps(trace), mechanics = SceneMechanics(scene)
        var judge = MotionCheck.Judge(scene, steps: steps, shapes: SceneShapes(scene), mechanics: mechanics, pushOut: pushOut)
        var times: [Double] = [], values: [Double] = []
        for step in steps.states.indices.dropFirst() {
            guard let judgement = judge.judge(item: item, step: step) else { continue }
            times.append(steps.times[step] - steps.lengths[step])
            values.append(judgement.share)
        }
        return overTime("motion of \(scene.items[item].id) its velocity does not explain, per step", unit: "of what is allowed",
                        times: times, values: values, limits: [CurveLimit(label: "allowed", value: 1)])
    }

    /// The signed distance of the item's center from the line of the segment the violation says
    /// it crossed, at each sample of the collision's life, positive on the side it came from,
    /// against 0: the line. Drawn at the samples only: a path through and back within a frame,
    /// which the check follows by the sub-step centers, may not show.
    static func tunnelling(_ violation: Violation, scene: Scene, trace: Trace) -> MeasuredCurve? {
        guard let time = violation.time, let id = violation.items.first,
              let crossing = TunnellingCheck.crossings(scene, trace).first(where: { scene.items[$0.item].id == id && abs($0.start - time) < 1e-9 })
        else { return nil }
        let (a, b) = (crossing.a, crossing.b)
        let orientation: Double = TunnellingCheck.side(of: crossing.from, a, b) < 0 ? -1 : 1
        let samples = trace.samples.filter { crossing.life.contains($0.time) || abs($0.time - crossing.life.lowerBound) < 1e-9
            || abs($0.time - crossing.life.upperBound) < 1e-9 }
        let values = samples.map { orientation * TunnellingCheck.side(of: $0.states[crossing.item].center, a, b) }
        let format = ContainmentCheck.format
        return overTime("distance of \(id)'s center from the line of boundary \"\(crossing.boundary)\" from (\(format(a.x)), \(format(a.y))) to (\(format(b.x)), \(format(b.y))), on the side it came from",
                        unit: "pt", times: samples.map(\.time), values: values, limits: [CurveLimit(label: "the segment's line", value: 0)])
    }

    /// How far the center of one of the two items is inside the other beyond the depth that
    /// counts for it (the larger of the two; negative while neither is), at every pose the check
    /// judges: through the sub-steps that move the items past each other after they were clear,
    /// against 0. Other steps are left out: a center that creeps inside is a crush, not judged.
    static func itemTunnelling(items: [Int], scene: Scene, trace: Trace) -> MeasuredCurve? {
        let steps = TraceSteps(trace)
        guard items.count == 2, steps.areSubsteps,
              let pair = CollisionPairs(scene, mechanics: SceneMechanics(scene)).items.first(where: { Set([$0.first, $0.second]) == Set(items) })
        else { return nil }
        var times: [Double] = [], values: [Double] = []
        var poses: [(time: Double, excess: Double)] = []
        ItemTunnellingCheck.PairJudge(pair, shapes: SceneShapes(scene)).poses(steps) { pose in
            poses.append((pose.time, pose.excess))
            return true
        }
        // The check refines a step's poses where the centers come close, after its ends: drawn in
        // that order the line ran back in time. By time, the earlier pose first at equal times.
        for pose in poses.enumerated().sorted(by: { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }).map(\.element) {
            times.append(pose.time)
            values.append(pose.excess)
        }
        return overTime("depth of \(scene.items[pair.first].id)'s or \(scene.items[pair.second].id)'s center inside the other beyond the depth that counts",
                        unit: "pt", times: times, values: values, limits: [CurveLimit(label: "the depth that counts", value: 0)])
    }

    /// The change of linear momentum since the first sample after the first frame, as a share
    /// of its scale, against ``MomentumCheck/relativeBound``; or of the angular momentum, against
    /// ``MomentumCheck/angularBound``, when the linear was within its bound at the violation.
    static func momentum(_ violation: Violation, scene: Scene, trace: Trace, limits: EngineLimits = EngineLimits()) -> MeasuredCurve? {
        guard let time = violation.time, let changes = MomentumCheck.changes(trace, mechanics: SceneMechanics(scene)),
              let index = changes.times.firstIndex(where: { abs($0 - time) < 1e-9 })
        else { return nil }
        let linearBound = MomentumCheck.linearBound(scene, roundingUnit: limits.roundingUnit)
        if changes.linear[index] > linearBound {
            return overTime("change of linear momentum", unit: "of its scale", times: changes.times, values: changes.linear,
                            limits: [CurveLimit(label: "change allowed", value: linearBound)])
        }
        return overTime("change of angular momentum", unit: "of its scale", times: changes.times, values: changes.angular,
                        limits: [CurveLimit(label: "change allowed", value: MomentumCheck.angularBound)])
    }
}
