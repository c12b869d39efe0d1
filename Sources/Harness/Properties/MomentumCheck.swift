/// Linear and angular momentum are conserved in free scenes: no walls, gravity, pushes, fields,
/// snaps, attachments, events, damping, anchored or non-rotating items; items collide only with
/// each other.
enum MomentumCheck {
    /// Allowed change of linear momentum relative to its scale in double precision; see
    /// ``Invariant/momentum``.
    static let relativeBound = 1e-9

    /// The allowed change of linear momentum relative to its scale for an engine rounding by
    /// `roundingUnit` (``EngineLimits/roundingUnit``): ``relativeBound``, or ten roundings of every
    /// velocity per sub-step accumulated over the run, n·10·u, where that is larger. In double
    /// precision it never is (600 sub-steps give 7e-13); in Box2D's float32 a 1 s run at 1/120 s
    /// allows 7e-5, where its impulses, equal and opposite, moved the total by up to 8e-8.
    static func linearBound(_ scene: Scene, roundingUnit: Double) -> Double {
        max(relativeBound, 10 * (scene.timing.duration / scene.timing.substep).rounded(.up) * roundingUnit)
    }
    /// Allowed change of angular momentum relative to its scale. Two things change it in an
    /// engine whose impulses conserve it. Position correction moves bodies without changing their
    /// velocities, and a shift δ changes m·r×v by m·δ×v; δ is at most the contact slop plus one
    /// sub-step of approach, about 1 % of the lever arms here. A limit on rotation per sub-step
    /// (Box2D's 0.25π) caps the spin a collision gives a small item: in the minimal scene of fuzz
    /// scene 688 of seed 1, a 2.2×1 pt box hitting a polygon at 343 pt/s is spun to 258 rad/s and
    /// held to 94 rad/s, which changes the total by 0.6 %. The largest change among the 414
    /// momentum scenes of 1000 each of seeds 1, 2, 3, 7, 99 and 20261123 is 1.5 % (that scene 688).
    static let angularBound = 2e-2

    static func applies(to scene: Scene, traits: SceneTraits, mechanics: SceneMechanics) -> Bool {
        scene.items.count >= 2 && !OverlapTest.startsOverlapping(scene) && !traits.hasWalls && !traits.hasGravity && !traits.hasPush && !traits.hasField
            && !traits.hasSnap && !traits.hasAttachment && !traits.hasEvents
            && mechanics.items.allSatisfy {
                $0.properties.resistance == 0 && $0.properties.angularResistance == 0 && !$0.properties.anchored
                    && $0.properties.allowsRotation
            }
    }

    /// Compares every sample with the first after the first frame (when initial velocities have
    /// certainly been applied).
    static func check(_ scene: Scene, _ trace: Trace, mechanics: SceneMechanics, roundingUnit: Double = 0x1p-53) -> [Violation] {
        let linearBound = linearBound(scene, roundingUnit: roundingUnit)
        guard let changes = changes(trace, mechanics: mechanics),
              let index = changes.times.indices.first(where: { changes.linear[$0] > linearBound || changes.angular[$0] > angularBound })
        else { return [] }
        let time = changes.times[index]
        return [Violation(.momentum, "momentum changed by \(ContainmentCheck.format(changes.linear[index])) (linear) and \(ContainmentCheck.format(changes.angular[index])) (angular) of its scale by t = \(ContainmentCheck.format(time)) s", time: time)]
    }

    /// How much the momentum changed from the reference (the first sample after the first
    /// frame) at each later sample, as shares of its scale (Σ m·|v| for the linear, Σ
    /// m·|r|·|v| + I·|ω| for the angular, at the reference); the angular 0 when its scale is.
    /// `nil` for fewer than three samples or nothing moving at the reference.
    static func changes(_ trace: Trace, mechanics: SceneMechanics) -> (times: [Double], linear: [Double], angular: [Double])? {
        guard trace.samples.count >= 3 else { return nil }
        let reference = trace.samples[1].states
        let linear0 = mechanics.linearMomentum(reference), angular0 = mechanics.angularMomentum(reference)
        let linearScale = zip(mechanics.items, reference).reduce(0) { $0 + $1.0.mass * $1.1.velocity.length }
        let angularScale = zip(mechanics.items, reference).reduce(0) {
            $0 + $1.0.mass * ($1.1.center - .zero).length * $1.1.velocity.length + $1.0.inertia * abs($1.1.angularVelocity)
        }
        guard linearScale > 0 else { return nil }
        let samples = trace.samples.dropFirst(2)
        return (samples.map(\.time), samples.map { (mechanics.linearMomentum($0.states) - linear0).length / linearScale },
                samples.map { angularScale > 0 ? abs(mechanics.angularMomentum($0.states) - angular0) / angularScale : 0 })
    }
}
