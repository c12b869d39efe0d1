#if BOX2D
import Box2DAdapter
import Foundation
@testable import Harness
import Testing

/// The adapter's mapping of the scene's units onto Box2D, each against a closed form of the step
/// Box2D takes per sub-step h: `v ← v/(1 + h·c) + a·h`, then `x ← x + v·h` (positions move with the
/// new velocity). A wrong factor (mass, the 100·F/m convention, gravity's 1000 pt/s², the
/// damping rate, a spring's frequency) fails. Box2D computes in 32-bit floats: each tolerance
/// below is a float32 rounding bound, 2⁻²⁴ ≈ 6e-8 relative per operation, times the operations.
@Suite struct Box2DUnitConversionTests {
    static let h = 1.0 / 120

    static func scene(_ behaviors: [SceneBehavior], size: Double = 100, duration: Double = 1, resistance: Double = 0) -> Scene {
        Scene(name: "unit", items: [SceneItem(id: "a", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: size, height: size))],
              behaviors: [.itemProperties(ItemPropertiesSpec(items: ["a"], resistance: resistance, angularResistance: 0))] + behaviors,
              timing: SceneTiming(substep: h, frameDuration: 1.0 / 60, duration: duration, pausesAtRest: false))
    }

    /// n sub-steps of a constant acceleration from rest, velocity first: v = a·n·h,
    /// y = a·h²·n(n+1)/2 = ½·a·t² + ½·a·h·t (Chipmunk, moving positions first, has − ½·a·h·t).
    static func symplectic(acceleration a: Double, time t: Double) -> (position: Double, velocity: Double) {
        (0.5 * a * t * t + 0.5 * a * h * t, a * t)
    }

    /// Float32 worst case over the run: two roundings of 2⁻²⁴ relative per sub-step of the
    /// largest magnitude, accumulated linearly (120 sub-steps: ≈ 1.4e-5 relative).
    static func float32Bound(_ magnitude: Double, steps: Int = 120) -> Double { 2 * Double(steps) * 0x1p-24 * magnitude }

    @Test func freeFallIsGravityTimesAThousandPointsPerSecondSquared() throws {
        let trace = try Box2DEngine().run(Self.scene([.gravity(GravitySpec(items: ["a"]))]))
        try #require(trace.samples.count == 61)
        for sample in trace.samples {
            let expected = Self.symplectic(acceleration: 1000, time: sample.time)
            // The first-order lead itself is ½·a·h·t = 4.2 pt at 1 s, far beyond the float32 bound (0.013 pt).
            #expect(abs(sample.states[0].center.y - expected.position) <= Self.float32Bound(504) + 1e-6)
            #expect(abs(sample.states[0].velocity.dy - expected.velocity) <= Self.float32Bound(1000) + 1e-6)
        }
    }

    @Test(arguments: [100.0, 50.0])
    func aContinuousPushAcceleratesByAHundredTimesForceOverMass(side: Double) throws {
        let push = PushSpec(items: ["a"], mode: .continuous, direction: SceneVector(dx: 2, dy: 0))
        let trace = try Box2DEngine().run(Self.scene([.push(push)], size: side))
        let mass = side * side / 10_000
        let end = try #require(trace.samples.last)
        let expected = Self.symplectic(acceleration: 100 * 2 / mass, time: end.time)
        #expect(abs(end.states[0].center.x - expected.position) <= Self.float32Bound(expected.position))
        #expect(abs(end.states[0].velocity.dx - expected.velocity) <= Self.float32Bound(expected.velocity))
    }

    @Test func anInstantaneousPushChangesVelocityByAHundredTimesImpulseOverMass() throws {
        let push = PushSpec(items: ["a"], mode: .instantaneous, direction: SceneVector(dx: 0, dy: -0.5))
        let trace = try Box2DEngine().run(Self.scene([.push(push)], size: 50))
        // Mass 0.25: Δv = 100·0.5/0.25 = 200 pt/s, once, kept (no resistance), before the first sub-step moves.
        for sample in trace.samples.dropFirst() {
            #expect(abs(sample.states[0].velocity.dy + 200) <= Self.float32Bound(200))
            #expect(abs(sample.states[0].center.y + 200 * sample.time) <= Self.float32Bound(200))
        }
    }

    @Test func resistanceDampsVelocityByOneOverOnePlusHC() throws {
        var scene = Self.scene([], resistance: 0.5)
        scene.items[0].velocity = SceneVector(dx: 300, dy: 0)
        let trace = try Box2DEngine().run(scene)
        let end = try #require(trace.samples.last)
        // Box2D's Padé factor: 300/(1 + h·c)^n, n = 120. The exact e^(−c·t) would give 181.959…,
        // 0.063 pt/s away; the float32 bound is 0.004 pt/s.
        let expected = 300 / pow(1 + Self.h * 0.5, 120)
        #expect(abs(end.states[0].velocity.dx - expected) <= Self.float32Bound(300))
        #expect(abs(end.states[0].velocity.dx - 300 * exp(-0.5 * end.time)) > 10 * Self.float32Bound(300))
    }

    @Test func aSpringOscillatesAtItsFrequencyAndLosesAmplitudeAsImplicitEuler() throws {
        // A 1 Hz spring (ζ = 0) from a 50 pt stretch on a 20 pt item (mass 0.04).
        let spring = AttachmentSpec(item: "a", anchor: ScenePoint(x: 0, y: 0), length: 100, frequency: 1, damping: 0)
        var scene = Self.scene([.attachment(spring)], size: 20, duration: 5)
        scene.items[0].center = ScenePoint(x: 150, y: 0)
        let trace = try Box2DEngine().run(scene)
        let x = trace.samples.map { $0.states[0].center.x - 100 }
        // The experiments' own measurement: crossings of a cubic through the samples.
        let crossings = AttachmentSignal(times: trace.samples.map(\.time), values: x).zeroCrossings
        try #require(crossings.count >= 8)
        let period = AttachmentSpring.period(crossings)
        // Box2D's soft spring is implicit Euler per sub-step, v ← (v − ω²·h·x)/(1 + (ωh)²): its period
        // errs by O((ωh)²) ≈ 2.7e-3 relative at ωh = 2π/120; the cubic's crossings between 1/60 s
        // samples err by well under 1e-3 s. The frequency is against the effective mass, so a k off by a
        // mass factor (4× between this item's 0.04 and 0.01) moves the period ≥ 2×.
        #expect(abs(period - 1) < 4e-3)
        // Its amplitude shrinks: one implicit-Euler application takes 1/√(1 + (ωh)²) ≈ e^(−(ωh)²/2) a
        // sub-step, and Box2D applies the soft spring in both its solve and relax passes, so
        // e^(−ω²·h·t) = e^(−0.33·t) (measured: 0.27 at 4 s, 0.52 at 2 s). A symplectic spring would
        // keep the 50 pt amplitude; one pass a sub-step would keep 0.52 at 4 s.
        let peak = try #require(x.indices.filter { trace.samples[$0].time > 3.7 }.max { abs(x[$0]) < abs(x[$1]) })
        let decay = exp(-pow(2 * Double.pi, 2) * Self.h * trace.samples[peak].time)
        #expect(abs(abs(x[peak]) / 50 - decay) < 0.03, "peak ratio \(abs(x[peak]) / 50), implicit-Euler decay \(decay)")
    }

    @Test func anOffsetPushSpinsTheItemByTorqueOverMoment() throws {
        // A push at 30 pt above the center of a 60 pt disc: τ = 30·100·F, α = τ/I, I = m·r²/2.
        let push = PushSpec(items: ["a"], mode: .continuous, direction: SceneVector(dx: 1, dy: 0),
                            offsets: ["a": SceneVector(dx: 0, dy: -30)])
        var scene = Self.scene([.push(push)], size: 60, duration: 0.5)
        scene.items[0].shape = .ellipse
        let trace = try Box2DEngine().run(scene)
        let end = try #require(trace.samples.last)
        let mass = Double.pi * 30 * 30 / 10_000, inertia = mass * 30 * 30 / 2
        let alpha = (30 * 100) / inertia
        // ω = α·t each sub-step (constant torque): float32 rounding only (60 sub-steps).
        #expect(abs(end.states[0].angularVelocity - alpha * end.time) <= Self.float32Bound(alpha * end.time, steps: 60))
    }

    @Test func theLimitsAreBox2DsCapsInPoints() {
        let limits = Box2DEngine().limits(for: Self.scene([]))
        #expect(limits.maximumLinearSpeed == 40_000)
        #expect(limits.maximumAngularSpeed == nil, "an internal guard, not a stated bound")
        #expect(limits.maximumPushOutSpeed == 300)
    }
}
#endif
