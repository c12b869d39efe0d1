import Foundation

/// One run measured against an envelope once, so that each of its failures is classified
/// cheaply: what the scene puts outside, and how fast its items went up to each sample.
struct EnvelopeReading {
    let envelope: OperatingEnvelope
    /// Excursions that do not depend on time.
    private let fixed: [String]
    /// The sub-step and each item's thickness, for the travel per sub-step.
    private let substep: Double, thicknesses: [Double]
    /// The fastest each item is given by the scene (pt/s, spin at its radius included).
    private let given: [Double]
    /// The sample times and, per sample, each item's fastest speed up to it.
    private let times: [Double], fastest: [[Double]]
    /// The most a magnetic field turned any item's velocity in one sub-step (radians), at the
    /// start and up to each sample.
    private let givenTurn: Double, largestTurns: [Double]
    /// When the run's rigid attachments first asked for the impossible, and which
    /// (``OverconstrainedJoints``); nil without a trace.
    private let overconstrained: OverconstrainedJoints.Finding?

    init(_ scene: Scene, trace: Trace?, envelope: OperatingEnvelope, shapes: SceneShapes? = nil, mechanics: SceneMechanics? = nil,
         interactions: Interactions? = nil) {
        self.envelope = envelope
        let shapes = shapes ?? SceneShapes(scene), mechanics = mechanics ?? SceneMechanics(scene)
        let format = NumberFormat.short
        var fixed: [String] = []
        let h = scene.timing.substep
        if h < envelope.shortestSubstep * (1 - 1e-9) || h > envelope.longestSubstep * (1 + 1e-9) { fixed.append("sub-step \(format(h)) s") }
        if let thinnest = shapes.outlines.map(\.thickness).min(), thinnest < envelope.thinnestItem {
            fixed.append("an item \(format(thinnest)) pt thin")
        }
        let extent = scene.items.map { max(abs($0.center.x), abs($0.center.y), $0.size.width, $0.size.height) }.max() ?? 0
        if extent > envelope.largestExtent { fixed.append("coordinates or sizes up to \(format(extent)) pt") }
        let ratio = (interactions ?? Interactions(scene, mechanics: mechanics)).largestMassRatio(among: nil)
        if ratio > envelope.largestMassRatio { fixed.append("mass ratio \(format(ratio))") }
        let stiffest = scene.allBehaviors.compactMap { entry -> Double? in
            if case .attachment(let spec) = entry.behavior.kind, spec.frequency > 0 { return spec.frequency } else { return nil }
        }.max() ?? 0
        if stiffest * h > envelope.stiffestSpring { fixed.append("a \(format(stiffest)) Hz spring") }
        let (accelerations, kicks) = Self.drives(scene, mechanics: mechanics)
        if let strongest = accelerations.max(), strongest > envelope.largestAcceleration {
            fixed.append("accelerations up to \(format(strongest)) pt/s²")
        }
        let misfits = StartingFit(scene, shapes: shapes, mechanics: mechanics, pairs: CollisionPairs(scene, mechanics: mechanics)).misfits
        if !misfits.isEmpty {
            let named = misfits.prefix(3).map { scene.items[$0].id }.joined(separator: ", ") + (misfits.count > 3 ? " and \(misfits.count - 3) more" : "")
            fixed.append("\(named) created where \(misfits.count == 1 ? "it does" : "they do") not fit among the walls")
        }
        let fill = CrowdFill.largest(scene)
        if fill > envelope.densestCrowd { fixed.append("a crowd filling \(format(100 * fill)) % of its bounds") }
        let unreachable = WorldHold.unreachable(scene, shapes: shapes, mechanics: mechanics)
        if !unreachable.isEmpty {
            let named = unreachable.prefix(3).map { scene.items[$0].id }.joined(separator: ", ") + (unreachable.count > 3 ? " and \(unreachable.count - 3) more" : "")
            fixed.append("\(named) held by a joint to a point \(unreachable.count == 1 ? "it" : "they") cannot reach inside the bounds")
        }
        self.fixed = fixed
        overconstrained = trace.flatMap { OverconstrainedJoints.first(scene, trace: $0, mechanics: mechanics) }
        substep = h
        thicknesses = shapes.outlines.map(\.thickness)
        let radii = shapes.outlines.map(\.radius)
        var given = SceneMechanics.initialStates(scene, shapes: shapes).enumerated().map { index, state in
            state.velocity.length + abs(state.angularVelocity) * radii[index]
        }
        for (index, kick) in kicks.enumerated() { given[index] = max(given[index], kick) }
        for event in scene.events {
            guard case .addVelocity(let id, let linear, let angular) = event.action else { continue }
            for index in scene.items.indices where scene.items[index].id == id || mechanics.items[index].body == id {
                given[index] = max(given[index], linear.length + abs(angular) * radii[index])
            }
        }
        self.given = given
        var times: [Double] = [], fastest: [[Double]] = [], largestTurns: [Double] = []
        var running = given
        let magnets = MagneticTurn.fields(scene, mechanics: mechanics)
        givenTurn = MagneticTurn.largest(magnets, at: scene.items.map(\.center), substep: h)
        var runningTurn = givenTurn
        if let trace {
            let steps = TraceSteps(trace)
            for (step, states) in steps.states.enumerated() {
                for (index, state) in states.enumerated() where index < running.count {
                    let speed = SpeedCheck.length(state.velocity) + abs(state.angularVelocity) * radii[index]
                    if !(speed <= running[index]) { running[index] = speed.isNaN ? .infinity : speed }
                }
                if !magnets.isEmpty { runningTurn = max(runningTurn, MagneticTurn.largest(magnets, at: states.map(\.center), substep: h)) }
                times.append(steps.times[step])
                fastest.append(running)
                largestTurns.append(runningTurn)
            }
        }
        self.times = times
        self.fastest = fastest
        self.largestTurns = largestTurns
    }

    /// Per item, the constant accelerations its behaviors can put on it at once (pt/s²: every
    /// gravity behavior, linear-gravity field and continuous push, as if all acted together) and
    /// the speed its instantaneous pushes can give it (pt/s), from SPEC's units: gravity 1 is
    /// 1000 pt/s², a force F accelerates a mass m by 100·F/m pt/s², an impulse J changes its
    /// speed by 100·J/m pt/s, a linear-gravity field of strength S along d by 100·S·|d| pt/s².
    static func drives(_ scene: Scene, mechanics: SceneMechanics) -> (accelerations: [Double], kicks: [Double]) {
        var accelerations = Array(repeating: 0.0, count: scene.items.count), kicks = accelerations
        func add(to id: String, _ value: Double, into list: inout [Double]) {
            for index in scene.items.indices where scene.items[index].id == id || mechanics.items[index].body == id {
                list[index] += value
            }
        }
        for life in SceneHistory(scene).lives {
            switch life.behavior.kind {
            case .gravity(let spec):
                for id in spec.items { add(to: id, spec.direction.vector.length * SceneUnits.pointsPerSecondSquaredPerGravity, into: &accelerations) }
            case .field(let spec) where spec.fieldKind == .linearGravity:
                for id in spec.items { add(to: id, abs(spec.strength) * spec.direction.length * SceneUnits.pointsPerForceUnit, into: &accelerations) }
            case .push(let spec):
                let magnitude = spec.direction.vector.length * SceneUnits.pointsPerForceUnit
                for id in spec.items {
                    let mass = zip(scene.items, mechanics.items).filter { $0.0.id == id || $0.1.body == id }.map(\.1.mass).reduce(0, +)
                    guard mass > 0 else { continue }
                    if spec.mode == .continuous { add(to: id, magnitude / mass, into: &accelerations) } else { add(to: id, magnitude / mass, into: &kicks) }
                }
            default: break
            }
        }
        return (accelerations, kicks)
    }

    /// What lies outside the envelope up to `time` (the whole run when nil).
    func excursions(before time: Double?) -> [String] {
        var outside = fixed
        var speeds = given, turn = givenTurn
        if let time {
            // The last sample strictly before `time`.
            var low = 0, high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < time - 1e-9 { low = middle + 1 } else { high = middle }
            }
            if low > 0 { (speeds, turn) = (fastest[low - 1], largestTurns[low - 1]) }
        } else if let last = fastest.last {
            (speeds, turn) = (last, largestTurns.last ?? turn)
        }
        let format = NumberFormat.short
        if let top = speeds.max(), top > envelope.fastestSpeed { outside.append("speeds up to \(format(top)) pt/s") }
        let travel = zip(speeds, thicknesses).map { $0 * substep / max($1, 1e-300) }.max() ?? 0
        if travel > envelope.farthestTravelPerSubstep { outside.append("\(format(travel)) thicknesses per sub-step") }
        if turn > envelope.largestMagneticTurn { outside.append("a magnetic field turning a velocity \(format(turn)) rad per sub-step") }
        if let overconstrained, time.map({ $0 >= overconstrained.time - 1e-9 }) ?? true {
            let named = overconstrained.attachments.prefix(4).joined(separator: ", ")
                + (overconstrained.attachments.count > 4 ? " and \(overconstrained.attachments.count - 4) more" : "")
            outside.append("rigid attachments \(named) that no pose satisfies together (at best one \(format(overconstrained.worst)) times its tolerance off)")
        }
        return outside
    }
}
