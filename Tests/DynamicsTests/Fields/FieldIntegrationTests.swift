import Dynamics
import Foundation
import Testing

/// Fields wired into the animator: forces reach the items in UIKit units.
@Suite struct FieldIntegrationTests {
    @Test func linearGravityFieldAcceleratesLikeGravity() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        let field = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 0, dy: 2)), items: [item])
        try animator.addBehavior(field)
        try animator.addBehavior(try frictionless([item]))
        try animator.run(frames: 60)
        // Force S·m·d = 2m (UIKit newtons) → 100·2 = 200 pt/s²; constant, so integrated exactly.
        #expect(abs(animator.linearVelocity(for: item)!.dy - 200) < 1e-9)
    }

    @Test func radialGravityPullsTowardTheFieldPosition() throws {
        let item = smallItem(at: Point(x: 300, y: 0))
        let animator = try DynamicAnimator()
        let field = try FieldBehavior(kind: .radialGravity, items: [item])
        field.strength = 50
        try animator.addBehavior(field)
        try animator.addBehavior(try frictionless([item]))
        try animator.step(by: 1.0 / 60)
        let velocity = animator.linearVelocity(for: item)!
        #expect(velocity.dx < 0)
        #expect(abs(velocity.dy) < 1e-12)
    }

    /// A light item thrown fast through strong drag slows as drag alone prescribes,
    /// v(t) = v₀ / (1 + (S/m)·(v₀/100)·t) pt/s, and never speeds up. With the law held constant
    /// over each sub-step, this item (k·|u|·h ≈ 48 at the start) reversed and reached the speed
    /// limit within a frame.
    @Test func dragSlowsALightFastItemAsDragAlonePrescribes() throws {
        let item = HeadlessItem(center: .zero, size: Size(width: 26, height: 26))
        let animator = try DynamicAnimator()
        let field = try FieldBehavior(kind: .drag(direction: .zero), items: [item])
        field.strength = 2.1
        try animator.addBehavior(field)
        let properties = try frictionless([item])
        try animator.addBehavior(properties)
        try properties.addLinearVelocity(Vector(dx: 18_500, dy: 0), for: item)
        var previous = 18_500.0
        for _ in 0..<60 {
            try animator.step(by: 1.0 / 60)
            let velocity = animator.linearVelocity(for: item)!
            #expect(velocity.dx > 0 && velocity.dx < previous && velocity.dy == 0)
            previous = velocity.dx
        }
        // Each sub-step applies the exact map of drag alone, so their composition is exact at
        // t = 1 s up to rounding: 1e-9 relative is far above 120 sub-steps' roundings (~1e-14).
        let mass = 26.0 * 26 / 10_000, exact = 18_500 / (1 + 2.1 / mass * 185 * 1)
        #expect(abs(previous - exact) <= 1e-9 * exact, "\(previous) against \(exact)")
    }

    /// A light item dropped from rest into stiff drag falls at its terminal velocity
    /// `√(a/κ)` from the first frame on, every frame alike: `κ = S/(100·m)` = 1e6 /(pt·s) and
    /// gravity's 1000 pt/s² give 0.0316 pt/s. With the drag's coefficient taken at each
    /// sub-step's start, the first sub-step felt no drag (the item was at rest in still air) and
    /// the velocity then swung between the kick and the drag's pull back.
    @Test func stiffDragHoldsAFallingItemAtItsTerminalVelocityFromTheFirstFrame() throws {
        let item = HeadlessItem(center: .zero, size: Size(width: 10, height: 10))
        let animator = try DynamicAnimator()
        let field = try FieldBehavior(kind: .drag(direction: .zero), items: [item])
        field.strength = 1e4
        try animator.addBehavior(field)
        try animator.addBehavior(try GravityBehavior(items: [item]))
        try animator.addBehavior(try frictionless([item]))
        let terminal = (1000.0 / (1e4 / (100 * 0.01))).squareRoot()
        for _ in 0..<30 {
            try animator.step(by: 1.0 / 60)
            let velocity = animator.linearVelocity(for: item)!
            // The first sub-step from rest lands within (κ·h·|a·h|)^(−1/2) ≈ 0.4 % of the
            // terminal speed (backward Euler's error there); then the gap shrinks each sub-step.
            #expect(abs(velocity.dy - terminal) <= 0.005 * terminal && velocity.dx == 0, "\(velocity)")
        }
    }

    /// A light charged item in a uniform magnetic field keeps its speed and turns at
    /// ω = q·S/m: after 1 s its velocity is v₀ turned by ω·1 s. With the law held constant over
    /// each sub-step (θ = ω·h ≈ 0.83 here), its speed grew by √(1 + θ²) per sub-step.
    @Test func aMagneticFieldTurnsALightChargedItemAtUnchangedSpeed() throws {
        let item = HeadlessItem(center: .zero, size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator()
        let field = try FieldBehavior(kind: .magnetic, items: [item])
        field.strength = 4
        field.falloff = 0
        try animator.addBehavior(field)
        let properties = try frictionless([item])
        properties.charge = 1
        try animator.addBehavior(properties)
        try properties.addLinearVelocity(Vector(dx: 300, dy: 0), for: item)
        try animator.run(frames: 60)
        let velocity = animator.linearVelocity(for: item)!
        // ω = q·S/m = 1·4/0.04 = 100 rad/s: turned by 100 rad, counter-clockwise on screen.
        let turn = 1.0 * 4 / (20.0 * 20 / 10_000) * 1
        let exact = Vector(dx: 300 * cos(turn), dy: -300 * sin(turn))
        // Each sub-step applies the exact turn of the field alone, so 120 of them compose to
        // the exact turn up to rounding: 1e-9 of the speed is far above it (~1e-13).
        #expect((velocity - exact).length <= 1e-9 * 300, "\(velocity) against \(exact)")
    }

    /// An item released 1 m from a spring field's position keeps swinging through 1 m: its energy
    /// stays bounded. Moved with the exact offset of a force held constant over each sub-step,
    /// it swung out to 1.63 m within 10 s.
    @Test func aSpringFieldOscillationKeepsItsAmplitude() throws {
        let item = HeadlessItem(center: Point(x: 100, y: 0), size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator()
        let field = try FieldBehavior(kind: .spring, items: [item])
        try animator.addBehavior(field)
        try animator.addBehavior(try frictionless([item]))
        var widest = 0.0
        for frame in 0..<600 {
            try animator.step(by: 1.0 / 60)
            // The last 1.5 s: more than one period, 2π/ω = 1.26 s with ω = √(S/m) = 5 rad/s.
            if frame >= 510 { widest = max(widest, abs(item.center.x)) }
        }
        // Symplectic Euler keeps a modified energy within O(θ) of the true one (θ = ω·h ≈ 0.042):
        // the swing stays within θ/2 ≈ 2.1 % of 100 pt.
        #expect(widest > 97.5 && widest < 102.5, "swings out to \(widest) pt")
    }

    @Test func fieldsActOnlyOnTheirItemsAndInsideTheirRegion() throws {
        let inside = largeItem(at: Point(x: 0, y: 0)), outside = largeItem(at: Point(x: 500, y: 0))
        let bystander = largeItem(at: Point(x: 0, y: 300))
        let animator = try DynamicAnimator()
        let field = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 1, dy: 0)), items: [inside, outside])
        field.region = .circle(radius: 100)
        try animator.addBehavior(field)
        try animator.addBehavior(try frictionless([inside, outside, bystander]))
        try animator.step(by: 1.0 / 60)
        #expect(animator.linearVelocity(for: inside)!.dx > 0)
        #expect(animator.linearVelocity(for: outside)!.dx == 0)
        #expect(animator.linearVelocity(for: bystander)!.dx == 0)
    }

    @Test func moreThanThirtyTwoFieldsFailCleanly() throws {
        let item = largeItem()
        let animator = try DynamicAnimator()
        for _ in 0..<33 {
            try animator.addBehavior(try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 0, dy: 1)), items: [item]))
        }
        #expect(throws: DynamicsError.tooManyFields(count: 33)) { try animator.step(by: 1.0 / 60) }
        #expect(item.center == .zero)
    }

    @Test func electricFieldScalesWithCharge() throws {
        func velocity(charge: Double) throws -> Double {
            let item = largeItem(at: Point(x: 200, y: 0))
            let animator = try DynamicAnimator()
            try animator.addBehavior(try FieldBehavior(kind: .electric, items: [item]))
            let properties = try frictionless([item])
            properties.charge = charge
            try animator.addBehavior(properties)
            // One sub-step: the field is sampled once, at the start, so the result is linear in q.
            try animator.step(by: 1.0 / 120)
            return animator.linearVelocity(for: item)!.dx
        }
        #expect(try velocity(charge: 0) == 0)
        #expect(try velocity(charge: 2) > 0)
        #expect(abs(try velocity(charge: 2) - 2 * velocity(charge: 1)) < 1e-12)
        #expect(try velocity(charge: -1) < 0)
    }
}
