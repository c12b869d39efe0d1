import Foundation

/// Motion agrees with velocity: over each step (sub-step when the engine reports them) an item's
/// displacement and rotation are what its reported velocities explain, within what any
/// integrator allows, plus the engine's push-out.
///
/// Within a step an engine moves a body by `h` times a velocity between the step's first and
/// last (semi-implicit Euler uses the last, the exact step for constant forces and damping
/// their mean, an impulse in between a mix), so `|d − h·v₁| ≤ h·|v₁ − v₀|` and
/// `|Δθ − h·ω₁| ≤ h·|ω₁ − ω₀|`. A velocity field sets the velocity at a step's start, so its
/// velocity counts as one of the step's too. An item whose center is off its body's center of
/// mass by an arm `a` also moves along the chord of its turn rather than the tangent its
/// velocity names: `a·Δθ²` more. What is left over is motion the velocity does not explain.
///
/// An engine may move overlapping shapes apart that way at up to its push-out speed `p`
/// (``EngineLimits/maximumPushOutSpeed``) per pair: a push at a contact point with arm `s`
/// moves the center of mass by at most `p·h` and turns the body by at most
/// `p·h·s·m/I ≤ p·h/k` (`k` its radius of gyration), and in a chain of touching items each
/// pair's push adds to the next. So a body whose shapes touch others (within ``touching``) at
/// the step's start or end may turn `p·h·n/k` unexplained and move its item's center
/// `p·h·n·(1 + a/k)`, `n` the items and walls in its chain of touching shapes; a body touching
/// nothing, none. An engine may also stop a body slower than its sleep speed (Box2D v3:
/// 0.05 m/s, 5 pt/s, and 2°/s) without moving it, so that much is allowed too.
///
/// A body whose pose stays the same to the last bit over a step while it reports more than the
/// sleep speeds is held, whatever it touches (``isStill(_:_:reporting:)``).
///
/// One step is not enough to judge: in a collision an engine moves a body with the velocity its
/// solver found, which restitution then changes, and that velocity is never reported. A body
/// whose motion disagrees with its velocity beyond the budget on every step for
/// ``persistence`` is held still, or moved, by something its velocity does not say.
///
/// A body is not judged over the first step of a frame in which the scene gives velocity
/// directly (its initial velocity, added velocity, an instantaneous push, any event): the
/// velocity it moved with there is not one the trace reports.
///
/// Items whose body an attachment or a snap holds are left to the constraints invariant, but for
/// standing still: rigid joints are projected on positions, which moves a body by the
/// attachment's error and the step's second-order drift (h²·v²/L for a rod of length L), and
/// springs by their exact oscillator step, not by `h·v`; yet no projection or spring leaves a
/// body's pose the same to the last bit while it reports motion. (A rope created stretched,
/// its two items frozen for the whole run while they reported 900 and 2600 pt/s, passed every
/// invariant: fuzz scene 20261127/743.) Anchored items do not move.
enum MotionCheck {
    /// Relative slack for rounding in positions and velocities.
    static let rounding = 1e-9
    /// Shapes this close count as touching (points): twice Box2D v3's speculative distance
    /// (4 × its 0.5 pt slop), within which an engine may already hold a contact.
    static let touching = 4.0
    /// How long (seconds) a body's motion must disagree with its velocity, step after step:
    /// three frames at 60 Hz, six sub-steps at 120 Hz.
    static let persistence = 0.05
    /// What a sleeping body may be stopped from (Box2D v3's sleep tolerances): pt/s and rad/s.
    static let sleepSpeed = 5.0, sleepTurnRate = 2 * Double.pi / 180

    static func applies(limits: EngineLimits) -> Bool { limits.maximumPushOutSpeed != nil }

    /// The motion of an item over the step from `before` to `after` of length `h` (seconds) that
    /// its velocities do not explain: of its center (points) and of its rotation (radians).
    /// `imposed` are velocities a field may have set during the step (pt/s).
    static func unexplained(_ before: ItemState, _ after: ItemState, h: Double, arm: Double, imposed: [SceneVector] = [])
        -> (linear: Double, angular: Double) {
        let displacement = after.center - before.center
        let turn = remainder(after.angle - before.angle, 2 * Double.pi)
        let angular = abs(turn - h * after.angularVelocity) - h * abs(after.angularVelocity - before.angularVelocity)
        let change = imposed.reduce((after.velocity - before.velocity).length) { max($0, (after.velocity - $1).length) }
        let linear = (displacement - after.velocity * h).length - h * change - arm * (turn * turn + abs(turn - h * after.angularVelocity))
        let slack = rounding * ((after.center - .zero).length + h * after.velocity.length)
        return (max(0, linear - slack), max(0, angular - rounding * (abs(after.angle) + 1)))
    }

    /// What the check makes of one item's motion over one step.
    struct Judgement {
        /// How much of what is allowed the step's unexplained motion is (1 at the allowance):
        /// the larger of the linear and angular shares of the push-out budget, or, below the
        /// sleep speeds (within every budget), of the sleep allowance alone; 0 for a held body
        /// that moved. For a step the body stood exactly still, its reported speeds' share of
        /// the sleep speeds (``stillness(_:_:reporting:)``).
        let share: Double
        /// Whether the body stood exactly still while reporting motion (``isStill(_:_:reporting:)``).
        let isStill: Bool
    }

    /// Judges item motion step by step, as the check does: the scene's context, computed once.
    struct Judge {
        let steps: TraceSteps, shapes: SceneShapes, mechanics: SceneMechanics
        /// The engine's push-out speed (pt/s).
        let pushOut: Double
        let held: Set<String>, imposed: [String: [SceneVector]]
        /// The times (seconds) at which the scene gives velocity directly.
        let kicks: [Double]
        var chains: TouchingChains

        init(_ scene: Scene, steps: TraceSteps, shapes: SceneShapes, mechanics: SceneMechanics, pushOut: Double) {
            (self.steps, self.shapes, self.mechanics, self.pushOut) = (steps, shapes, mechanics, pushOut)
            (held, imposed) = (heldBodies(scene), imposedVelocities(scene))
            kicks = [0.0] + SceneTimeline(scene).operationsByFrame.keys.sorted().map { Double($0) * scene.timing.frameDuration }
            chains = TouchingChains(shapes: shapes, pairs: CollisionPairs(scene, mechanics: mechanics, everyContact: true))
        }

        /// The velocities a field may set on the item's body (pt/s).
        func fields(of item: Int) -> [SceneVector] { imposed[mechanics.items[item].body] ?? [] }

        /// The judgement of item `item`'s motion over the step ending at `step`; `nil` for a step
        /// not judged: of no length, turning more than a quarter revolution, or when the scene
        /// gives velocity directly.
        mutating func judge(item: Int, step: Int) -> Judgement? {
            let h = steps.lengths[step]
            let before = steps.states[step - 1][item], after = steps.states[step][item]
            let start = steps.times[step] - h
            // A turn of more than half a revolution per step cannot be told from its remainder.
            guard h > 0, abs(before.angularVelocity) * h < Double.pi / 2, abs(after.angularVelocity) * h < Double.pi / 2,
                  !kicks.contains(where: { abs($0 - start) < h / 2 }) else { return nil }
            let fields = fields(of: item)
            let stillness = MotionCheck.stillness(before, after, reporting: fields)
            if stillness > 1 { return Judgement(share: stillness, isStill: true) }
            // A held body is judged only for standing still: no projection explains that.
            guard !held.contains(mechanics.items[item].body) else { return Judgement(share: 0, isStill: false) }
            let gyration = max(shapes.gyrations[item], 1e-9), arm = shapes.arms[item]
            let excess = unexplained(before, after, h: h, arm: arm, imposed: fields)
            let sleeping = max(excess.linear / (sleepSpeed * h), excess.angular / (sleepTurnRate * h))
            // Within the sleep allowance no budget is exceeded: the touching chains, costly, are
            // not searched.
            guard sleeping > 1 else { return Judgement(share: sleeping, isStill: false) }
            let chain = max(chains.count(for: shapes.bodyMembers[item], atStep: step - 1, steps: steps),
                            chains.count(for: shapes.bodyMembers[item], atStep: step, steps: steps))
            let push = pushOut * h * Double(chain)
            let linearBudget = push * (1 + arm / gyration) + sleepSpeed * h, angularBudget = push / gyration + sleepTurnRate * h
            return Judgement(share: max(excess.linear / linearBudget, excess.angular / angularBudget), isStill: false)
        }
    }

    static func check(_ scene: Scene, steps: TraceSteps, shapes: SceneShapes, mechanics: SceneMechanics,
                      limits: EngineLimits) -> [Violation] {
        guard let pushOut = limits.maximumPushOutSpeed else { return [] }
        var judge = Judge(scene, steps: steps, shapes: shapes, mechanics: mechanics, pushOut: pushOut)
        var found: [Violation] = []
        for item in scene.items.indices where !mechanics.items[item].properties.anchored {
            let arm = shapes.arms[item], fields = judge.fields(of: item)
            var run: (start: Int, worst: Int, worstExcess: Double)?
            for step in steps.states.indices.dropFirst() {
                // A step stood exactly still is the worst of its run: no budget explains it.
                guard let judgement = judge.judge(item: item, step: step), judgement.share > 1 else {
                    run = nil
                    continue
                }
                let beyond = judgement.isStill ? .infinity : judgement.share
                if var current = run {
                    if beyond > current.worstExcess { (current.worst, current.worstExcess) = (step, beyond) }
                    run = current
                } else {
                    run = (step, step, beyond)
                }
                guard let current = run, steps.times[step] - (steps.times[current.start] - steps.lengths[current.start]) >= persistence - 1e-9
                else { continue }
                found.append(describe(item: item, run: current, until: step, steps: steps, scene: scene, shapes: shapes, arm: arm,
                                      imposed: fields, pushOut: pushOut, chains: &judge.chains, held: isHeld(item, over: current.start...step, steps: steps, arm: arm, imposed: fields)))
                break
            }
        }
        return found
    }

    /// Whether the item stood exactly still over the step, its pose the same to the last bit,
    /// while reporting more than the sleep speeds (and more than a velocity field may have set).
    /// No push-out budget covers this: an engine moves a body by `h·v` and its pushes, which
    /// cancel to the last bit only by a hold. A stick frozen on a wall's line while it reported
    /// 90 pt/s along the wall passed the budget, its report within a push-out of one contact.
    static func isStill(_ before: ItemState, _ after: ItemState, reporting imposed: [SceneVector]) -> Bool {
        stillness(before, after, reporting: imposed) > 1
    }

    /// For a step over which the item's pose stayed the same to the last bit, how far its
    /// reported speeds are past the sleep speeds, as a share of them (above 1 past them): its
    /// turn rate's share of ``sleepTurnRate``, or, when larger, the lesser of its speed's shares
    /// of ``sleepSpeed`` at the step's start and, at its end, of the larger of that and what a
    /// velocity field may set. 0 for a step over which it moved.
    static func stillness(_ before: ItemState, _ after: ItemState, reporting imposed: [SceneVector]) -> Double {
        guard after.center == before.center, after.angle == before.angle else { return 0 }
        let fastest = imposed.map(\.length).max() ?? 0
        return max(min(after.velocity.length / max(sleepSpeed, fastest), before.velocity.length / sleepSpeed),
                   abs(after.angularVelocity) / sleepTurnRate)
    }

    /// The violation for a run of steps from `run.start` to `step` whose motion disagreed with
    /// the velocity, told at its worst step.
    private static func describe(item: Int, run: (start: Int, worst: Int, worstExcess: Double), until step: Int, steps: TraceSteps,
                                 scene: Scene, shapes: SceneShapes, arm: Double, imposed: [SceneVector], pushOut: Double,
                                 chains: inout TouchingChains, held: Bool) -> Violation {
        let format = ContainmentCheck.format
        let worst = run.worst, h = steps.lengths[worst]
        let before = steps.states[worst - 1][item], after = steps.states[worst][item]
        let excess = unexplained(before, after, h: h, arm: arm, imposed: imposed)
        let chain = max(chains.count(for: shapes.bodyMembers[item], atStep: worst - 1, steps: steps),
                        chains.count(for: shapes.bodyMembers[item], atStep: worst, steps: steps))
        let moved = (after.center - before.center).length, turn = remainder(after.angle - before.angle, 2 * Double.pi)
        let id = scene.items[item].id
        let from = steps.times[run.start] - steps.lengths[run.start]
        let touching = chain == 0 ? "touching nothing" : "\(chain) touching, push-out \(format(pushOut * h * Double(chain))) pt per step"
        return Violation(
            .motion, "\(id)'s motion disagreed with its velocity on every step from t = \(format(from)) to \(format(steps.times[step])) s; worst, the \(format(h)) s step to t = \(format(steps.times[worst])) s: moved \(format(moved)) pt and turned \(format(turn)) rad while reporting \(format(after.velocity.length)) pt/s and \(format(after.angularVelocity)) rad/s, \(format(excess.linear)) pt and \(format(excess.angular)) rad unexplained (\(touching))",
            items: [id], subject: held ? "held" : "moved", time: from)
    }

    /// Whether the item moved less over the failing `run` of steps than half of what is
    /// unexplained there: held still while reporting motion, rather than moved without it.
    private static func isHeld(_ item: Int, over run: ClosedRange<Int>, steps: TraceSteps, arm: Double, imposed: [SceneVector]) -> Bool {
        var moved = 0.0, unexplainedTotal = 0.0
        for step in run where step > 0 && steps.lengths[step] > 0 {
            let before = steps.states[step - 1][item], after = steps.states[step][item]
            moved += (after.center - before.center).length
            unexplainedTotal += unexplained(before, after, h: steps.lengths[step], arm: arm, imposed: imposed).linear
        }
        // Standing exactly still is held too, though its velocity's change may explain it all.
        return moved < 0.5 * unexplainedTotal || moved == 0
    }

    /// The velocities (pt/s) that velocity fields may set on each body (item or group), with any
    /// direction an event sets.
    static func imposedVelocities(_ scene: Scene) -> [String: [SceneVector]] {
        var directions: [String: [SceneVector]] = [:]
        for event in scene.events {
            if case .setParameter(let target, "direction", .vector(let direction)) = event.action { directions[target, default: []].append(direction) }
        }
        var imposed: [String: [SceneVector]] = [:]
        for life in SceneHistory(scene).lives {
            guard case .field(let field) = life.behavior.kind, field.fieldKind == .velocity else { continue }
            let velocities = ([field.direction] + (life.behavior.id.flatMap { directions[$0] } ?? [])).map { $0 * SceneUnits.pointsPerMetre }
            for id in field.items { imposed[id, default: []] += velocities }
        }
        return imposed
    }

    /// The bodies (items or groups) an attachment or a snap holds, at any time of the run.
    static func heldBodies(_ scene: Scene) -> Set<String> {
        var held: Set<String> = []
        for life in SceneHistory(scene).lives {
            switch life.behavior.kind {
            case .attachment(let spec): held.formUnion(spec.itemIDs)
            case .snap(let spec): held.insert(spec.item)
            default: break
            }
        }
        return held
    }
}
