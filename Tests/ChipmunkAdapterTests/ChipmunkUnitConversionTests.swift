#if CHIPMUNK
import ChipmunkAdapter
import Foundation
@testable import Harness
import Testing

/// The adapter's mapping of the scene's units onto Chipmunk, each against a closed form of the
/// step Chipmunk takes: `cpSpaceStep` first moves positions with the velocities of the previous
/// step (`x ← x + v·h`), then updates velocities (`v ← v·e^(−ch) + a·h`), so a wrong factor
/// (mass, the 100·F/m convention, gravity's 1000 pt/s², a spring's k = m·ω²) fails.
@Suite struct ChipmunkUnitConversionTests {
    static let h = 1.0 / 120

    static func scene(_ behaviors: [SceneBehavior], size: Double = 100, duration: Double = 1) -> Scene {
        Scene(name: "unit", items: [SceneItem(id: "a", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: size, height: size))],
              behaviors: [.itemProperties(ItemPropertiesSpec(items: ["a"], resistance: 0, angularResistance: 0))] + behaviors,
              timing: SceneTiming(substep: h, frameDuration: 1.0 / 60, duration: duration, pausesAtRest: false))
    }

    /// n steps of a constant acceleration from rest: v = a·n·h, y = a·h²·n(n−1)/2 = ½·a·t² − ½·a·h·t.
    static func semiImplicit(acceleration a: Double, time t: Double) -> (position: Double, velocity: Double) {
        (0.5 * a * t * t - 0.5 * a * h * t, a * t)
    }

    @Test func freeFallIsGravityTimesAThousandPointsPerSecondSquared() throws {
        let trace = try ChipmunkEngine().run(Self.scene([.gravity(GravitySpec(items: ["a"]))]))
        for sample in trace.samples {
            let expected = Self.semiImplicit(acceleration: 1000, time: sample.time)
            // Rounding of ≤ 120 additions of numbers ≤ 1000: ≤ 1e-10; the first-order drift itself is 4 pt.
            #expect(abs(sample.states[0].center.y - expected.position) < 1e-9)
            #expect(abs(sample.states[0].velocity.dy - expected.velocity) < 1e-9)
        }
    }

    @Test(arguments: [100.0, 50.0])
    func aContinuousPushAcceleratesByAHundredTimesForceOverMass(side: Double) throws {
        let push = PushSpec(items: ["a"], mode: .continuous, direction: SceneVector(dx: 2, dy: 0))
        let trace = try ChipmunkEngine().run(Self.scene([.push(push)], size: side))
        let mass = side * side / 10_000
        let end = try #require(trace.samples.last)
        let expected = Self.semiImplicit(acceleration: 100 * 2 / mass, time: end.time)
        // Rounding only, relative to values ≤ 3200 pt.
        #expect(abs(end.states[0].center.x - expected.position) < 1e-9 * expected.position)
        #expect(abs(end.states[0].velocity.dx - expected.velocity) < 1e-9 * expected.velocity)
    }

    @Test func anInstantaneousPushChangesVelocityByAHundredTimesImpulseOverMass() throws {
        let push = PushSpec(items: ["a"], mode: .instantaneous, direction: SceneVector(dx: 0, dy: -0.5))
        let trace = try ChipmunkEngine().run(Self.scene([.push(push)], size: 50))
        // Mass 0.25: Δv = 100·0.5/0.25 = 200 pt/s, once, kept (no resistance).
        for sample in trace.samples.dropFirst() {
            #expect(abs(sample.states[0].velocity.dy + 200) < 1e-9)
            // The push changes the velocity before the frame's first sub-step moves the position.
            #expect(abs(sample.states[0].center.y + 200 * sample.time) < 1e-9)
        }
    }

    @Test func resistanceDampsVelocityByItsRate() throws {
        var scene = Self.scene([])
        scene.items[0].velocity = SceneVector(dx: 300, dy: 0)
        scene.behaviors = [.itemProperties(ItemPropertiesSpec(items: ["a"], resistance: 0.5))]
        let trace = try ChipmunkEngine().run(scene)
        let end = try #require(trace.samples.last)
        // Exact per step: e^(−c·h) each sub-step gives e^(−c·t) at every frame, to rounding.
        #expect(abs(end.states[0].velocity.dx - 300 * exp(-0.5 * end.time)) < 1e-9)
    }

    @Test func aSpringOscillatesAtItsFrequency() throws {
        // A 1 Hz spring (ζ = 0) from a 50 pt stretch: zero crossings every half period.
        let spring = AttachmentSpec(item: "a", anchor: ScenePoint(x: 0, y: 0), length: 100, frequency: 1, damping: 0)
        var scene = Self.scene([.attachment(spring)], size: 20, duration: 5)
        scene.items[0].center = ScenePoint(x: 150, y: 0)
        let trace = try ChipmunkEngine().run(scene)
        let x = trace.samples.map { $0.states[0].center.x - 100 }
        // The experiments' own measurement: crossings of a cubic through the samples.
        let crossings = AttachmentSignal(times: trace.samples.map(\.time), values: x).zeroCrossings
        try #require(crossings.count >= 8)
        let period = AttachmentSpring.period(crossings)
        // Symplectic Euler's period error is (ωh)²/24 ≈ 1.2e-4 at 1 Hz and h = 1/120 s; the cubic's
        // crossings between 1/60 s samples err by well under 1e-3 s. A k off by any mass
        // factor (e.g. 4× for the 20 pt item's mass 0.04 against 0.01) moves the period ≥ 2×.
        #expect(abs(period - 1) < 2e-3)
    }

    @Test func anOffsetPushSpinsTheItemByTorqueOverMoment() throws {
        // A push at 30 pt above the center of a 60 pt disc: τ = 30·100·F, α = τ/I, I = m·r²/2.
        let push = PushSpec(items: ["a"], mode: .continuous, direction: SceneVector(dx: 1, dy: 0),
                            offsets: ["a": SceneVector(dx: 0, dy: -30)])
        var scene = Self.scene([.push(push)], size: 60, duration: 0.5)
        scene.items[0].shape = .ellipse
        let trace = try ChipmunkEngine().run(scene)
        let end = try #require(trace.samples.last)
        let mass = Double.pi * 30 * 30 / 10_000, inertia = mass * 30 * 30 / 2
        let alpha = (30 * 100) / inertia
        // ω = α·t exactly per step (constant torque); rounding only.
        #expect(abs(end.states[0].angularVelocity - alpha * end.time) < 1e-9 * alpha)
    }
}
#endif
