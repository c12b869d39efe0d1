import Foundation

/// How fast overlapping items are pushed apart, in the solver-robustness experiment: two
/// 100×100 pt boxes placed 80 pt into each other side by side, with nothing else moving them (no
/// gravity, no boundaries, rotation off, elasticity 0), for 2 s with the animator pausing at rest.
///
/// SPEC asks that overlapping items be pushed out smoothly, without an explosion. The engine
/// documents how (`AnimatorConfiguration.maximumPushOutSpeed`): overlapping shapes are pushed
/// apart no faster than 300 pt/s, Box2D v3's contact push-out limit of 3 m/s at 100 pt per metre
/// (`b2WorldDef.contactPushoutVelocity` in v3.0, "how fast overlap is resolved", default 3 m/s),
/// and the push leaves no velocity behind. So the pair's separation speed, read from positions between frames (the
/// soft step's relax takes the push's velocity back, so the reported velocities stay near zero),
/// must reach that bound and never pass it.
///
/// At this depth the bound decides the speed: Box2D v3's soft contact, a 30 Hz spring at damping
/// ratio 10 solved implicitly over h = 1/120 s, pushes at `ω/(2ζ + ωh)` = 8.74 pt/s per point of
/// overlap beyond the slop, 700 pt/s at 80 pt, so it is capped until the overlap is down to
/// 300/8.74 + 0.1 = 34.4 pt, and then closes the rest exponentially at that rate.
enum OverlapPushOut {
    /// The documented push-out bound (pt/s).
    static let fastestPush = 300.0
    /// Box size (pt), how deep the boxes start in each other (pt) and the run's length (s).
    static let size = 100.0
    static let depth = 80.0
    static let duration = 2.0
    /// The overlap (pt) at which the pair counts as pushed apart: ten times the contact slop.
    static let apart = 1.0
    /// The soft contact's push per point of overlap beyond the slop (1/s), and the slop (pt):
    /// Box2D v3's 30 Hz, damping ratio 10 at h = 1/120 s, as documented above, and the engine's
    /// documented `linearSlop`.
    static let biasRate: Double = {
        let omega = 2 * Double.pi * 30, h = 1.0 / 120
        return omega / (2 * 10 + omega * h)
    }()
    static let slop = 0.1

    /// The time (s) the documented push takes to bring the pair to ``apart``: at the bound down
    /// to the depth where the spring asks less, then the spring's exponential close.
    static var expectedRecoveryTime: Double {
        let capped = fastestPush / biasRate + slop
        return (depth - capped) / fastestPush + log((capped - slop) / (apart - slop)) / biasRate
    }

    static let caseName = "two 100 pt boxes placed 80 pt into each other, no gravity"

    /// The scene.
    static func scene() -> Scene {
        let items = [SceneItem(id: "left", center: ScenePoint(x: 200 - (size - depth) / 2, y: 200), size: SceneSize(width: size, height: size)),
                     SceneItem(id: "right", center: ScenePoint(x: 200 + (size - depth) / 2, y: 200), size: SceneSize(width: size, height: size))]
        let ids = items.map(\.id)
        return Scene(
            name: "overlap push-out", items: items,
            behaviors: [.collision(CollisionSpec(items: ids, mode: .items)),
                        .itemProperties(ItemPropertiesSpec(items: ids, elasticity: 0, friction: 0.5, resistance: 0, allowsRotation: false))],
            timing: SceneTiming(duration: duration, pausesAtRest: true))
    }

    /// What a run showed: the fastest the boxes' centers moved apart between two frames (pt/s),
    /// the first time their overlap was at most ``apart`` (s; infinity if never), and how far
    /// apart beyond touching they ever got (pt; 0 while they overlap). Infinity once a state is
    /// not finite.
    struct Measurement {
        var fastestSeparation: Double
        var recoveryTime: Double
        var farthestApart: Double
    }

    static func measure(_ trace: Trace) -> Measurement {
        let left = trace.states(of: "left"), right = trace.states(of: "right")
        guard !left.isEmpty, left.count == right.count, (left + right).allSatisfy(\.isFinite) else {
            return Measurement(fastestSeparation: .infinity, recoveryTime: .infinity, farthestApart: .infinity)
        }
        let distances = zip(left, right).map { $0.center.distance(to: $1.center) }
        let times = trace.times
        var fastest = 0.0
        for index in distances.indices.dropFirst() {
            fastest = max(fastest, (distances[index] - distances[index - 1]) / (times[index] - times[index - 1]))
        }
        let recovered = distances.firstIndex { size - $0 <= apart }.map { times[$0] } ?? .infinity
        let farthest = max(0, (distances.max() ?? size) - size)
        return Measurement(fastestSeparation: fastest, recoveryTime: recovered, farthestApart: farthest)
    }

    /// The metrics of one run on `engine`.
    static func metrics(engine: any SimulationEngine) throws -> [Metric] {
        let measured = measure(try engine.run(scene()))
        let expected = expectedRecoveryTime
        return [
            Metric(caseName: caseName, name: "fastest separation, from positions between frames", value: measured.fastestSeparation,
                   unit: "pt/s", tolerance: Limit(lower: 0.9 * fastestPush, upper: fastestPush * (1 + 1e-9)),
                   reason: "the documented push-out bound, Box2D v3's 3 m/s: never faster (a frame's speed averages its "
                       + "sub-steps, each within it; 10⁻⁹ for rounding), and not far slower, as the bound decides the speed at "
                       + "this depth (an uncapped 30 Hz contact would push at 700 pt/s) and the soft solve reaches a₂/(1 + a₂) = "
                       + "0.97 of it (a₂ = ωh(2ζ + ωh) = 34), so at most a tenth below the bound"),
            Metric(caseName: caseName, name: "time to push apart to within \(NumberFormat.short(apart)) pt", value: measured.recoveryTime,
                   unit: "s", tolerance: .atMost(1.5 * expected),
                   reason: "the documented push takes \(String(format: "%.2f", expected)) s: at 300 pt/s down to 34.4 pt, then the "
                       + "30 Hz contact's exponential close at 8.74/s; half as long again (a push capped at 30 pt/s needs 2.6 s)"),
            Metric(caseName: caseName, name: "farthest apart beyond touching", value: measured.farthestApart, unit: "pt",
                   tolerance: .atMost(0.5),
                   reason: "pushed apart, not thrown: the push leaves no velocity behind, so the boxes stop where they touch, "
                       + "within the slop; the touching distance (0.5 pt) is the tolerance (a push whose velocity stayed would "
                       + "part them by hundreds of pt)"),
        ]
    }
}
