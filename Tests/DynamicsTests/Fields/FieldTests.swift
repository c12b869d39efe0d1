@testable import Dynamics
import Foundation
import PropertyBased
import Testing

/// Each force law against a hand computation in SPEC.md's metre model (r = points / 100,
/// v = pt/s / 100, fall = max(r, minimumRadius)^(−falloff)), inside and outside its region.
@Suite struct FieldTests {
    @Test func defaultFalloffsFollowTheSpec() throws {
        let expected: [(FieldKind, Double)] = [
            (.linearGravity(direction: Vector(dx: 0, dy: 1)), 0), (.radialGravity, 2), (.spring, -1),
            (.electric, 1), (.magnetic, 1), (.drag(direction: .zero), 0), (.velocity(direction: .zero), 0),
            (.vortex, 0), (.noise(smoothness: 0, animationSpeed: 0), 0),
            (.turbulence(smoothness: 0, animationSpeed: 0), 0), (.custom, 0),
        ]
        for (kind, falloff) in expected {
            #expect(kind.defaultFalloff == falloff, "\(kind)")
            if kind != .custom { #expect(try FieldBehavior(kind: kind).falloff == falloff, "\(kind)") }
        }
        let field = try FieldBehavior(kind: .radialGravity)
        #expect(field.strength == 1 && field.region == .infinite && field.position == .zero)
        #expect(field.minimumRadius == 1e-5)
    }

    @Test func kindReportsTheCurrentParameters() throws {
        let field = try FieldBehavior(kind: .noise(smoothness: 0.25, animationSpeed: 2))
        #expect(field.smoothness == 0.25 && field.animationSpeed == 2)
        field.smoothness = 0.5
        #expect(field.kind == .noise(smoothness: 0.5, animationSpeed: 2))
        let drag = try FieldBehavior(kind: .drag(direction: Vector(dx: 1, dy: 0)))
        drag.direction = Vector(dx: 0, dy: 2)
        #expect(drag.kind == .drag(direction: Vector(dx: 0, dy: 2)))
        #expect(try FieldBehavior(items: []) { _ in .zero }.kind == .custom)
    }

    @Test func linearGravity() throws {
        let field = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 3, dy: -4)))
        field.strength = 2
        field.position = Point(x: 10, y: 20)
        // S·m·fall·d = 2 · 0.25 · 1 · (3, −4) = (1.5, −2), wherever the item is (falloff 0).
        expectForce(try fieldEffect(field, at: Point(x: 500, y: -300), mass: 0.25), Vector(dx: 1.5, dy: -2))
        expectForce(try fieldEffect(field, at: Point(x: 10, y: 20), mass: 0.25), Vector(dx: 1.5, dy: -2))
        // Mass 1: four times the force (the same acceleration 100·F/m).
        expectForce(try fieldEffect(field, at: .zero, mass: 1), Vector(dx: 6, dy: -8))
        // Falloff 1 at r = 200 pt = 2 m: fall = 1/2 → (0.75, −1).
        field.falloff = 1
        expectForce(try fieldEffect(field, at: Point(x: 210, y: 20), mass: 0.25), Vector(dx: 0.75, dy: -1))
        // A circle of radius 150 pt: r = 200 pt is outside, r = 100 pt = 1 m inside (fall = 1).
        field.region = .circle(radius: 150)
        #expect(try fieldEffect(field, at: Point(x: 210, y: 20), mass: 0.25) == .none)
        expectForce(try fieldEffect(field, at: Point(x: 110, y: 20), mass: 0.25), Vector(dx: 1.5, dy: -2))
    }

    @Test func radialGravity() throws {
        let field = try FieldBehavior(kind: .radialGravity)
        field.strength = 3
        field.position = Point(x: 50, y: 50)
        // r = 200 pt = 2 m straight below: |F| = S·m·r^−2 = 3 · 0.25 · 2^−2 = 0.1875, upward.
        expectForce(try fieldEffect(field, at: Point(x: 50, y: 250), mass: 0.25), Vector(dx: 0, dy: -0.1875))
        // r⃗ = (120, 160) pt = (1.2, 1.6) m, r = 2 m, r̂ = (0.6, 0.8): F = −0.1875 · (0.6, 0.8).
        expectForce(try fieldEffect(field, at: Point(x: 170, y: 210), mass: 0.25),
                    Vector(dx: -0.1875 * 0.6, dy: -0.1875 * 0.8))
        // r = 0.5 m: fall = 4, |F| = 3 · 0.25 · 4 = 3; mass 1: 12.
        expectForce(try fieldEffect(field, at: Point(x: 50, y: 100), mass: 0.25), Vector(dx: 0, dy: -3))
        expectForce(try fieldEffect(field, at: Point(x: 50, y: 100), mass: 1), Vector(dx: 0, dy: -12))
        // Within 1e-5 m (0.001 pt) of the center: nothing (0.0005 pt = 5e-6 m).
        #expect(try fieldEffect(field, at: Point(x: 50.0005, y: 50), mass: 0.25) == .none)
        // A 300 × 100 pt rectangle: (0, 200) pt is outside; (120, 40) pt inside, where
        // r⃗ = (1.2, 0.4) m, r² = 1.6: F = −3 · 0.25 / 1.6 · (1.2, 0.4) / √1.6.
        field.region = .rectangle(size: Size(width: 300, height: 100))
        #expect(try fieldEffect(field, at: Point(x: 50, y: 250), mass: 0.25) == .none)
        let magnitude = 3 * 0.25 / 1.6
        expectForce(try fieldEffect(field, at: Point(x: 170, y: 90), mass: 0.25),
                    Vector(dx: -magnitude * 1.2 / 1.6.squareRoot(), dy: -magnitude * 0.4 / 1.6.squareRoot()))
    }

    @Test func springIsHookesLawWithItsDefaultFalloff() throws {
        let field = try FieldBehavior(kind: .spring)
        field.strength = 2
        // r⃗ = (3, −4) m, falloff −1 so fall = r = 5: F = −S·fall·r̂ = −2 · 5 · (0.6, −0.8) = −2·r⃗.
        expectForce(try fieldEffect(field, at: Point(x: 300, y: -400)), Vector(dx: -6, dy: 8))
        // Linear in the displacement: twice as far, twice the force; mass does not matter.
        expectForce(try fieldEffect(field, at: Point(x: 600, y: -800), mass: 7), Vector(dx: -12, dy: 16))
        // At the center: no displacement, no force.
        expectForce(try fieldEffect(field, at: .zero), .zero)
        // Falloff 0: constant magnitude S toward the center, −2 · (0.6, −0.8).
        field.falloff = 0
        expectForce(try fieldEffect(field, at: Point(x: 300, y: -400)), Vector(dx: -1.2, dy: 1.6))
        field.region = .inverse(.circle(radius: 600))
        #expect(try fieldEffect(field, at: Point(x: 300, y: -400)) == .none)
        expectForce(try fieldEffect(field, at: Point(x: 600, y: -800)), Vector(dx: -1.2, dy: 1.6))
    }

    @Test func electric() throws {
        let field = try FieldBehavior(kind: .electric)
        field.strength = 3
        field.position = Point(x: 100, y: 100)
        // q = −2 at r = 50 pt = 0.5 m below: fall = 1/0.5 = 2, F = q·S·fall·r̂ = −2·3·2·(0, 1).
        expectForce(try fieldEffect(field, at: Point(x: 100, y: 150), charge: -2), Vector(dx: 0, dy: -12))
        // q = 1 at r = 3 m to the right: 1·3·(1/3)·(1, 0) = (1, 0), away from the field; mass is irrelevant.
        expectForce(try fieldEffect(field, at: Point(x: 400, y: 100), mass: 9, charge: 1), Vector(dx: 1, dy: 0))
        // No charge, no force.
        expectForce(try fieldEffect(field, at: Point(x: 400, y: 100), charge: 0), .zero)
        field.region = .circle(radius: 100)
        #expect(try fieldEffect(field, at: Point(x: 400, y: 100), charge: 1) == .none)
    }

    @Test func magneticIsPerpendicularToVelocityAndCounterClockwise() throws {
        let field = try FieldBehavior(kind: .magnetic)
        field.strength = 1.5
        let item = Point(x: 300, y: 0)   // r = 3 m, fall = 1/3
        // v = (100, 0) pt/s = (1, 0) m/s: F = q·S·fall·(v.y, −v.x) = 2·1.5·(1/3)·(0, −1) = (0, −1):
        // moving right, pushed up the screen: a counter-clockwise turn on screen.
        let effect = try fieldEffect(field, at: item, velocity: Vector(dx: 100, dy: 0), charge: 2)
        expectForce(effect, Vector(dx: 0, dy: -1))
        #expect(Vector(dx: 100, dy: 0).cross(effect.force) < 0)   // negative cross = counter-clockwise
        for velocity in [Vector(dx: 30, dy: -70), Vector(dx: -250, dy: 10), Vector(dx: 0, dy: 400)] {
            let force = try fieldEffect(field, at: item, velocity: velocity, charge: 2).force
            // |F| = 2·1.5·(1/3)·|v| (m/s); F·v = 0 up to rounding of products of size |F|·|v|.
            #expect(abs(force.length - velocity.length / 100) <= 1e-12 * velocity.length)
            #expect(abs(force.dot(velocity)) <= 1e-12 * force.length * velocity.length)
            #expect(velocity.cross(force) < 0)
        }
        expectForce(try fieldEffect(field, at: item, velocity: .zero, charge: 2), .zero)
        // Negative strength (or charge) reverses the turn.
        field.strength = -1.5
        expectForce(try fieldEffect(field, at: item, velocity: Vector(dx: 100, dy: 0), charge: 2), Vector(dx: 0, dy: 1))
    }

    @Test func dragOpposesTheVelocityRelativeToTheWind() throws {
        let field = try FieldBehavior(kind: .drag(direction: .zero))
        field.strength = 0.5
        // v = (3, −4) m/s, |v| = 5: F = −S·|u|·u = −0.5 · 5 · (3, −4) = (−7.5, 10), against v.
        let still = try fieldEffect(field, at: Point(x: 123, y: 45), velocity: Vector(dx: 300, dy: -400))
        expectForce(still, Vector(dx: -7.5, dy: 10))
        #expect(still.force.dot(Vector(dx: 300, dy: -400)) < 0)
        // Wind d = (1, 0) m/s: u = (2, −4), |u| = √20.
        field.direction = Vector(dx: 1, dy: 0)
        expectForce(try fieldEffect(field, at: .zero, velocity: Vector(dx: 300, dy: -400)),
                    Vector(dx: -0.5 * 20.0.squareRoot() * 2, dy: -0.5 * 20.0.squareRoot() * -4))
        // An item at rest in a wind of (2, 0) m/s: u = (−2, 0), F = −0.5 · 2 · (−2, 0) = (2, 0), downwind.
        field.direction = Vector(dx: 2, dy: 0)
        expectForce(try fieldEffect(field, at: .zero), Vector(dx: 2, dy: 0))
        // Moving with the wind: no drag.
        expectForce(try fieldEffect(field, at: .zero, velocity: Vector(dx: 200, dy: 0)), .zero)
        // Falloff 1 at r = 2 m halves it.
        field.falloff = 1
        expectForce(try fieldEffect(field, at: Point(x: 0, y: 200)), Vector(dx: 1, dy: 0))
    }

    /// Over a sub-step h, the magnetic force is the one that turns the velocity by exactly
    /// θ = ω·h, ω = q·S·fall/m, at unchanged speed, however light the item (the law itself, held
    /// over h, grows the speed by √(1 + θ²)).
    @Test func magneticOverASubstepTurnsTheVelocityAtUnchangedSpeed() async throws {
        let speed = Gen.double(in: -100_000...100_000)
        await propertyCheck(input: speed, speed, Gen.double(in: -4...1), Gen.double(in: -2...2), Gen.int(in: 1...8)) {
            vx, vy, logMass, logStrength, substepsPerFrame in
            let field = try FieldBehavior(kind: .magnetic)
            field.strength = pow(10, logStrength)
            field.falloff = 0
            let mass = pow(10, logMass), h = 1 / (60 * Double(substepsPerFrame)), charge = 1.5
            let sample = FieldSample(position: Point(x: 30, y: 40), velocity: Vector(dx: vx, dy: vy), mass: mass, charge: charge)
            guard case .force(let force) = try field.compiled().effect(ofField: 0, on: sample, over: h) else {
                Issue.record("the magnetic field gave no force")
                return
            }
            // In metres: the force changes v by F/m·h; v(h) = R(θ)·v, turning counter-clockwise
            // on screen for θ > 0.
            let v0 = Vector(dx: vx, dy: vy) / 100, v1 = v0 + force * (h / mass)
            let theta = charge * field.strength / mass * h
            let exact = Vector(dx: v0.dx * cos(theta) + v0.dy * sin(theta), dy: -v0.dx * sin(theta) + v0.dy * cos(theta))
            // 1e-12 of |v|: a few roundings of a handful of operations and of sin and cos
            // (~1e-16 each).
            #expect((v1 - exact).length <= 1e-12 * v0.length)
        }
    }

    @Test func vortexIsTangential() throws {
        let field = try FieldBehavior(kind: .vortex)
        field.strength = 2
        // r̂ = (1, 0): F = S·m·(−r̂.y, r̂.x) = 2 · 0.5 · (0, 1): down the screen on the right, a
        // clockwise turn on screen for S > 0.
        expectForce(try fieldEffect(field, at: Point(x: 100, y: 0), mass: 0.5), Vector(dx: 0, dy: 1))
        // r̂ = (0, −1) (above the center): (1, 0).
        expectForce(try fieldEffect(field, at: Point(x: 0, y: -250), mass: 0.5), Vector(dx: 1, dy: 0))
        // r⃗ = (1.5, 2) m, r = 2.5 m, falloff 1: S·m·(1/2.5)·(−0.8, 0.6).
        field.falloff = 1
        let force = try fieldEffect(field, at: Point(x: 150, y: 200), mass: 0.5)
        expectForce(force, Vector(dx: -0.8, dy: 0.6) * (2 * 0.5 / 2.5))
        #expect(abs(force.force.dot(Vector(dx: 150, dy: 200))) <= 1e-12 * 250)
    }

    @Test func velocityFieldSetsTheVelocityInsideItsRegion() throws {
        let field = try FieldBehavior(kind: .velocity(direction: Vector(dx: 1.5, dy: -2)))
        field.strength = 7   // ignored: the field sets 100·d pt/s.
        field.falloff = 2    // ignored too.
        field.region = .circle(radius: 100)
        #expect(try fieldEffect(field, at: Point(x: 60, y: 80), velocity: Vector(dx: 9, dy: 9)) ==
            .setVelocity(Vector(dx: 150, dy: -200)))
        #expect(try fieldEffect(field, at: Point(x: 200, y: 0)) == .none)
    }

    @Test func noiseAndTurbulenceScaleTheSeededNoise() throws {
        let field = try FieldBehavior(kind: .noise(smoothness: 0.3, animationSpeed: 1.5))
        field.strength = 2
        field.seed = 42
        field.position = Point(x: 20, y: 30)
        // Sampled at the offset from the position in metres: (150, −80) pt = (1.5, −0.8) m.
        let noise = FieldNoise(seed: 42, smoothness: 0.3, animationSpeed: 1.5)
        let n = noise.value(at: Vector(dx: 1.5, dy: -0.8), time: 0.7)
        #expect(n.length > 0.01)   // a non-trivial sample, so the comparison below means something
        // S·m·fall·n = 2 · 0.5 · 1 · n.
        expectForce(try fieldEffect(field, at: Point(x: 170, y: -50), mass: 0.5, time: 0.7), n * (2 * 0.5))

        let turbulence = try FieldBehavior(kind: .turbulence(smoothness: 0.3, animationSpeed: 1.5))
        turbulence.strength = 2
        turbulence.seed = 42
        turbulence.position = Point(x: 20, y: 30)
        // |v|² = |(3, 4) m/s|² = 25: S·m·|v|²·n = 2 · 0.5 · 25 · n.
        expectForce(try fieldEffect(turbulence, at: Point(x: 170, y: -50), velocity: Vector(dx: 300, dy: 400),
                                    mass: 0.5, time: 0.7), n * 25)
        expectForce(try fieldEffect(turbulence, at: Point(x: 170, y: -50), mass: 0.5, time: 0.7), .zero)
    }

    @Test func customFieldsReturnTheClosureResultInsideTheRegionOnly() throws {
        final class Calls { var count = 0 }
        let calls = Calls()
        let field = try FieldBehavior(items: []) { sample in
            calls.count += 1
            return Vector(dx: sample.position.x + sample.charge, dy: sample.mass * sample.time + sample.velocity.dy)
        }
        field.strength = 10   // ignored by custom fields
        field.falloff = 3     // ignored by custom fields
        field.region = .circle(radius: 50)
        // The sample is in public units: position in points, velocity in pt/s.
        expectForce(try fieldEffect(field, at: Point(x: 30, y: 0), velocity: Vector(dx: 0, dy: 5), mass: 2,
                                    charge: 1, time: 4), Vector(dx: 31, dy: 13))
        #expect(calls.count == 1)
        #expect(try fieldEffect(field, at: Point(x: 60, y: 0)) == .none)
        #expect(calls.count == 1)   // not called outside the region

        let broken = try FieldBehavior(items: []) { _ in Vector(dx: .nan, dy: 0) }
        #expect(try fieldEffect(broken, at: .zero) == .none)
    }

    @Test func falloffAndMinimumRadius() throws {
        let field = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 0, dy: 1)))
        field.falloff = 2
        field.minimumRadius = 0.5   // metres
        // fall = max(r, 0.5)^−2: r = 0.25 m → 4; 0.5 m → 4; 1 m → 1; 2 m → 0.25.
        expectForce(try fieldEffect(field, at: Point(x: 25, y: 0)), Vector(dx: 0, dy: 4))
        expectForce(try fieldEffect(field, at: Point(x: 0, y: 50)), Vector(dx: 0, dy: 4))
        expectForce(try fieldEffect(field, at: Point(x: -100, y: 0)), Vector(dx: 0, dy: 1))
        expectForce(try fieldEffect(field, at: Point(x: 0, y: -200)), Vector(dx: 0, dy: 0.25))
        // Non-integer and negative exponents: 4^−1.5 = 1/8; 3^2 = 9.
        field.falloff = 1.5
        expectForce(try fieldEffect(field, at: Point(x: 400, y: 0)), Vector(dx: 0, dy: 0.125))
        field.falloff = -2
        expectForce(try fieldEffect(field, at: Point(x: 0, y: 300)), Vector(dx: 0, dy: 9))
        // The default minimum radius, 1e-5 m, bounds the force at the field's own position:
        // fall = (1e-5)^−2 = 1e10.
        field.falloff = 2
        field.minimumRadius = FieldBehavior.defaultMinimumRadius
        expectForce(try fieldEffect(field, at: .zero), Vector(dx: 0, dy: 1e10))
        // With minimumRadius 0 the law is singular there: no force rather than infinity.
        field.minimumRadius = 0
        #expect(try fieldEffect(field, at: .zero) == .none)
        // Radial gravity honours the minimum radius too: 1 m → fall = 1 at r = 0.5 m.
        let radial = try FieldBehavior(kind: .radialGravity)
        radial.minimumRadius = 1
        expectForce(try fieldEffect(radial, at: Point(x: 50, y: 0), mass: 2), Vector(dx: -2, dy: 0))
    }

    @Test func noForceOrNaNEverLeavesANonFiniteResult() throws {
        // A huge falloff overflows to infinity: the field then exerts nothing.
        let field = try FieldBehavior(kind: .electric)
        field.falloff = 400
        field.minimumRadius = 0
        #expect(try fieldEffect(field, at: Point(x: 0.01, y: 0), charge: 1) == .none)
        #expect(try fieldEffect(field, at: .zero, charge: 1) == .none)
    }
}
