import Foundation
import Reference

/// The elastic-pendulum part of ``AttachmentExperiment``: a 20×20 item attached at its center
/// to an anchor by an undamped distance spring (rest length 200 pt, 1 Hz), under gravity
/// 1000 pt/s², released from rest 260 pt from the anchor at 30° from the downward vertical;
/// resistance 0, rotation off. Its 2-D nonlinear motion is compared with ``ElasticPendulum``
/// (GSL rk8pd) with stiffness per unit mass k = ω² = (2π·f)²: the engine measures a spring's
/// frequency against the row's effective mass, which for an item attached at its center to an
/// anchor is the item's mass, so k/m = ω² whatever the mass.
///
/// The engine's spring step is exact along a fixed line, not for a turning spring: in 2-D its
/// update is Störmer–Verlet (`x₁ = x₀ + h·v₁`) with the radial force scaled by
/// sinc²(ω·h/2) = 1 − O(h²), a second-order scheme. As for the 1-D spring, an item at rest at
/// t = 0 is one that was there one sub-step earlier too, so the reference starts with the
/// velocity v₀* that makes the exact trajectory pass through x(−h) = x(0) (found by integrating
/// the time-reversed motion over one sub-step with GSL and correcting v₀; v₀* ≈ a(0)·h/2).
/// Starting from rest instead would add an O(h) error that hides the scheme's order.
enum AttachmentElasticPendulum {
    static let anchor = ScenePoint(x: 500, y: 100)
    static let restLength = 200.0
    static let frequency = 1.0
    static let gravity = SceneUnits.pointsPerSecondSquaredPerGravity
    static let releaseDistance = 260.0
    static let releaseAngle = 30 * Double.pi / 180
    static let duration = 5.0
    static let name = "elastic pendulum (200 pt, 1 Hz, released at 260 pt, 30°)"

    /// Stiffness per unit mass k = ω² (1/s²).
    static var stiffness: Double { pow(2 * Double.pi * frequency, 2) }
    /// Release position relative to the anchor (pt; y down).
    static var releaseOffset: SIMD2<Double> { SIMD2(releaseDistance * sin(releaseAngle), releaseDistance * cos(releaseAngle)) }

    static func scene(substep h: Double) -> Scene {
        let start = anchor + SceneVector(dx: releaseOffset.x, dy: releaseOffset.y)
        return Scene(
            name: "attachment-springs: \(name)",
            items: [SceneItem(id: "bob", center: start, size: SceneSize(width: 20, height: 20))],
            behaviors: [
                .gravity(GravitySpec(items: ["bob"])),
                .itemProperties(ItemPropertiesSpec(items: ["bob"], resistance: 0, angularResistance: 0, allowsRotation: false)),
                .attachment(AttachmentSpec(item: "bob", anchor: anchor, length: restLength, frequency: frequency)),
            ],
            timing: SceneTiming(substep: h, frameDuration: h, frameCount: Int((duration / h).rounded()), pausesAtRest: false))
    }

    /// The pendulum through x(−h) = x(0) = the release point (see the type's documentation).
    static func matchedPendulum(substep h: Double) throws -> ElasticPendulum {
        let p0 = releaseOffset
        let integrator = ODEIntegrator(method: .rk8pd, absoluteTolerance: 1e-13, relativeTolerance: 1e-13, initialStep: h / 16)
        // First guess: the velocity after half a sub-step from rest, a(0)·h/2.
        let r0 = (p0 * p0).sum().squareRoot()
        let a0 = -stiffness * (r0 - restLength) / r0 * p0 + SIMD2(0, gravity)
        var v0 = a0 * (h / 2)
        // Time reversal: q(t) = p(−t) obeys the same (conservative) equation with q'(0) = −v₀.
        // Newton on v₀ with the Jacobian ∂p(−h)/∂v₀ ≈ −h: contracts by O((ω·h)²) per pass.
        for _ in 0..<8 {
            let backward = try ElasticPendulum(restLength: restLength, stiffness: stiffness, gravity: gravity,
                                               initialPosition: p0, initialVelocity: -v0)
            guard let state = try backward.states(at: [h], using: integrator).first else { break }
            let miss = SIMD2(state[0], state[1]) - p0
            v0 += miss / h
            if (miss * miss).sum().squareRoot() < 1e-14 * r0 { break }
        }
        return try ElasticPendulum(restLength: restLength, stiffness: stiffness, gravity: gravity,
                                   initialPosition: p0, initialVelocity: v0)
    }

    /// What one run measured.
    struct Evaluation {
        var metrics: [Metric] = []
        var series: [Series] = []
        /// Largest distance from the reference (pt), and from the pendulum released exactly at rest.
        var positionError = 0.0
        var atRestError = 0.0
    }

    // Limits. The spring mode is integrated exactly along the line (SpringStep); the swing mode
    // (ω_p = √(g/(L + g/k)) ≈ 2.11 rad/s, amplitude A_p = 260·sin 30° = 130 pt) gets Verlet's
    // phase error ω_p·t·(ω_p·h)²/24, i.e. a position error ≤ A_p·ω_p³·t·h²/24 over t = 5 s:
    // C·h² with C ≈ 253 pt/s² (0.018 pt at h = 1/120 s). Tolerance: that bound; target: half of it.
    // Released at rest instead (x(−h) ≠ x(0)) the error is O(h): ~1.5 pt at h = 1/120 s.
    static var swingFrequency: Double { (gravity / (restLength + gravity / stiffness)).squareRoot() }
    static var errorConstant: Double {
        releaseDistance * sin(releaseAngle) * pow(swingFrequency, 3) * duration / 24
    }
    static let positionReason = "spring mode exact along its line; swing mode Verlet: ≤ A·ω_p³·t·h²/24 (second order); target half that; from rest (O(h)) ≫"
    static let referenceTolerance = 1e-9
    static let energyReason = "GSL rk8pd (1e-13) must conserve ½v² + ½k(r − L)² − g·y before the engine is judged"
    static let methodReason = "GSL rk8pd vs rkf45 (both 1e-13): two independent solutions must agree before the engine is judged"

    /// Judges one run at sub-step `h`; with `withReferenceCheck`, also checks the reference.
    static func evaluate(substep h: Double, engine: any SimulationEngine, withReferenceCheck: Bool) throws -> Evaluation {
        let trace = try engine.run(scene(substep: h))
        let pendulum = try matchedPendulum(substep: h)
        let times = trace.times
        let reference = try pendulum.states(at: times, using: ODEIntegrator(method: .rk8pd, absoluteTolerance: 1e-13,
                                                                          relativeTolerance: 1e-13))
        let states = trace.states(of: "bob")
        let errors = zip(states, reference).map { state, expected in
            state.center.distance(to: anchor + SceneVector(dx: expected[0], dy: expected[1]))
        }
        var evaluation = Evaluation()
        evaluation.positionError = errors.count == times.count ? errors.worst ?? .nan : .nan
        let atRest = try ElasticPendulum(restLength: restLength, stiffness: stiffness, gravity: gravity,
                                         initialPosition: releaseOffset)
            .states(at: times, using: ODEIntegrator(method: .rk8pd, absoluteTolerance: 1e-13, relativeTolerance: 1e-13))
        evaluation.atRestError = zip(states, atRest).map { state, expected in
            state.center.distance(to: anchor + SceneVector(dx: expected[0], dy: expected[1]))
        }.worst ?? .nan
        let hLabel = "h = 1/\(Int((1 / h).rounded())) s"
        evaluation.metrics.append(Metric(
            caseName: "\(name), \(hLabel)", name: "max position error", value: evaluation.positionError, unit: "pt",
            tolerance: .atMost(errorConstant * h * h), target: .atMost(errorConstant * h * h / 2), reason: positionReason))
        guard withReferenceCheck else { return evaluation }
        evaluation.metrics.append(Metric(
            caseName: name, name: "reference energy drift (GSL rk8pd)", value: try energyDrift(pendulum, reference),
            unit: "of energy scale", tolerance: .atMost(referenceTolerance), reason: energyReason, resolution: 1e-12))
        evaluation.metrics.append(Metric(
            caseName: name, name: "reference agreement (rk8pd vs rkf45)", value: try methodAgreement(pendulum, reference, times: times),
            unit: "of release distance", tolerance: .atMost(referenceTolerance), reason: methodReason))
        evaluation.series = [
            Series(caseName: name, name: "x from the anchor", unit: "pt", time: times,
                   observed: states.map { $0.center.x - anchor.x }, reference: reference.map { $0[0] }, maximumPoints: 241),
            Series(caseName: name, name: "y below the anchor", unit: "pt", time: times,
                   observed: states.map { $0.center.y - anchor.y }, reference: reference.map { $0[1] }, maximumPoints: 241),
        ]
        return evaluation
    }

    /// The largest change of the reference's energy, relative to the sum of the magnitudes of its
    /// terms at release (the total itself may be near zero).
    static func energyDrift(_ pendulum: ElasticPendulum, _ states: [[Double]]) throws -> Double {
        let initial = try pendulum.energy(of: pendulum.initialState)
        let p = pendulum.initialPosition, v = pendulum.initialVelocity
        let stretch = (p * p).sum().squareRoot() - pendulum.restLength
        let scale = 0.5 * (v * v).sum() + 0.5 * pendulum.stiffness * stretch * stretch + abs(pendulum.gravity * p.y)
        var worst = 0.0
        for state in states { worst = worse(worst, abs(try pendulum.energy(of: state) - initial)) }
        return worst / scale
    }

    /// The largest distance between the rk8pd states and an rkf45 solution, relative to the
    /// release distance.
    static func methodAgreement(_ pendulum: ElasticPendulum, _ states: [[Double]], times: [Double]) throws -> Double {
        let other = try pendulum.states(at: times, using: ODEIntegrator(method: .rkf45, absoluteTolerance: 1e-13,
                                                                        relativeTolerance: 1e-13))
        var worst = 0.0
        for (a, b) in zip(states, other) {
            let dx: Double = a[0] - b[0], dy: Double = a[1] - b[1]
            worst = worse(worst, (dx * dx + dy * dy).squareRoot())
        }
        return states.count == other.count ? worst / releaseDistance : .nan
    }
}
