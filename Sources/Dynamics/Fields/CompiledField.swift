import Foundation

/// One field in the plain form the step loop evaluates: a tag, numbers and a region range.
///
/// No classes, closures or existentials: it lives in the contiguous array of a
/// ``CompiledFieldSet``, which also holds what cannot be plain data (the region programs'
/// shared instruction array, and the custom fields' closures, reached through ``customIndex``).
///
/// Units inside follow SPEC.md's field model: lengths in metres (`r` = distance in points / 100),
/// velocities in m/s (pt/s / 100); the result is a force in UIKit newtons, which accelerates an
/// item by `100·F/m` pt/s² like any other force.
struct CompiledField: Equatable {
    /// Points per metre in the field model.
    static let pointsPerMetre = 100.0
    /// Radial gravity exerts nothing closer than this to its position (metres), per SPEC.md.
    static let radialGravityDeadZone = 1e-5

    /// The force law.
    var law: FieldLaw
    /// The field's position (points): origin of `r`, centre of the region.
    var position: Point
    /// The strength `S` (dimensionless multiplier).
    var strength: Double
    /// The falloff exponent.
    var falloff: Double
    /// Distances below this count as this (metres).
    var minimumRadius: Double
    /// The direction `d`: m/s² for linear gravity, m/s for drag (wind) and velocity.
    var direction: Vector
    /// The noise of the noise and turbulence laws.
    var noise: FieldNoise
    /// The region program's range in the set's instruction array.
    var region: CompiledRegion
    /// Index of the closure in the set's custom forces; −1 when the law is not custom.
    var customIndex: Int

    /// Whether the law's force changes with the item's position: every law but linear gravity,
    /// drag, the magnetic force and the velocity field, and those too with a falloff. A force
    /// that does is held over a sub-step at its start's value, and the body then moves by
    /// `x₁ = x₀ + h·v₁` (see `World.integrateVelocities()`).
    var dependsOnPosition: Bool {
        switch law {
        case .linearGravity, .drag, .magnetic: falloff != 0
        case .velocity: false
        case .radialGravity, .spring, .electric, .vortex, .noise, .turbulence, .custom: true
        }
    }

    /// `max(r, minimumRadius)^(−falloff)` at `r` metres from the position (1 without falloff).
    @inline(__always)
    func fall(atDistance r: Double) -> Double {
        falloff == 0 ? 1 : pow(Swift.max(r, minimumRadius), -falloff)
    }

    /// This drag field's term for ``DragStep`` at `position` (points), ignoring the region: its
    /// coefficient `S·fall` and its fluid's velocity `100·d` pt/s; nil unless the law is drag
    /// with a positive, finite coefficient (a negative one is a thrust, an ordinary force).
    @inline(__always)
    func dragTerm(at position: Point) -> DragTerm? {
        guard law == .drag else { return nil }
        let coefficient = strength * fall(atDistance: ((position - self.position) / Self.pointsPerMetre).length)
        let fluid = direction * Self.pointsPerMetre
        guard coefficient > 0, coefficient.isFinite, fluid.isFinite else { return nil }
        return DragTerm(coefficient: coefficient, fluidVelocity: fluid)
    }

    /// The effect of the law at `sample`, ignoring the region; ``FieldEffect/none`` for the
    /// custom law (its closure lives in the ``CompiledFieldSet``), at the law's singular point and
    /// wherever the result is not finite.
    ///
    /// With `r⃗` the offset from ``position`` in metres, `r = |r⃗|`, `r̂ = r⃗/r` (zero at r = 0),
    /// `v` the velocity in m/s, `fall = max(r, minimumRadius)^(−falloff)`, `S` the strength,
    /// `m` the mass and `q` the charge:
    /// - linear gravity `S·m·fall·d`; radial gravity `−S·m·fall·r̂` (nothing within 1e-5 m);
    /// - spring `−S·fall·r̂` (see below); electric `q·S·fall·r̂`;
    ///   magnetic `q·S·fall·(v.y, −v.x)`; drag `−S·fall·|u|·u` with `u = v − d`;
    /// - vortex `S·m·fall·(−r̂.y, r̂.x)`; noise `S·m·fall·n(r⃗, t)`;
    ///   turbulence `S·m·fall·|v|²·n(r⃗, t)`; velocity: set the velocity to `100·d` pt/s
    ///   (strength and falloff do not apply).
    ///
    /// Spring: SPEC.md's table writes `−S·fall·r·r̂`, but also says that with the default
    /// falloff −1 the law is Hooke's (as UIKit's and SpriteKit's documentation say). Those two
    /// disagree (`fall = r` would make the table's force grow as r²); this follows the stated
    /// intent, `−S·fall·r̂`, which with falloff −1 is exactly Hooke's `−S·r·r̂` = `−S·r⃗`.
    ///
    /// Noise is sampled at the offset from the field's position, so the pattern moves with the
    /// field.
    ///
    /// Drag is the law at the instant with its coefficient `k = S·fall·|u|`; the step does not
    /// sum it with the other forces but integrates it implicitly from ``dragTerm(at:)``
    /// (``DragStep``): held constant over a sub-step, the law reverses and grows the velocity
    /// once `k·h/m > 2`, and several drag fields on one item add their overshoots (three on a
    /// 3 pt item gave it 76,000 % of its scene's energy in 0.04 s).
    ///
    /// The magnetic force over `h` is likewise the one that gives it alone its exact change: `v`
    /// turned by `θ = ω·h`, `ω = q·S·fall/m`, at unchanged speed. Held constant, the law's
    /// force grows the speed by `√(1 + θ²)` each sub-step: a 2×2 pt item (mass 0.0004) of
    /// charge 1 in a field of strength 1 has θ ≈ 21 at h = 1/120 s.
    @inline(__always)
    func lawEffect(on sample: FieldSample, over substep: Double = 0) -> FieldEffect {
        switch law {
        case .velocity:
            return .setVelocity(direction * Self.pointsPerMetre)
        case .custom:
            return .none
        default:
            break
        }
        let offset = (sample.position - position) / Self.pointsPerMetre
        let r = offset.length
        if law == .radialGravity, r < Self.radialGravityDeadZone { return .none }
        let unit = r > 0 ? offset / r : .zero
        let fall = self.fall(atDistance: r)
        let force: Vector
        switch law {
        case .linearGravity:
            force = direction * (strength * sample.mass * fall)
        case .radialGravity:
            force = unit * (-strength * sample.mass * fall)
        case .spring:
            force = unit * (-strength * fall)
        case .electric:
            force = unit * (sample.charge * strength * fall)
        case .magnetic:
            let v = sample.velocity / Self.pointsPerMetre
            let coupling = sample.charge * strength * fall
            let turn = coupling / sample.mass * substep
            // m·(R(θ)·v − v)/h, written with sin θ/θ and (cos θ − 1)/θ = −2·sin²(θ/2)/θ so that
            // it tends to the law as θ → 0 (and is the law at θ = 0).
            let along = turn == 0 ? 1 : sin(turn) / turn
            let back = turn == 0 ? 0 : -2 * sin(turn / 2) * sin(turn / 2) / turn
            force = (Vector(dx: v.dy, dy: -v.dx) * along + v * back) * coupling
        case .drag:
            let u = sample.velocity / Self.pointsPerMetre - direction
            let coefficient = strength * fall * u.length
            // A positive strength is a decay, integrated implicitly by the step (even where the
            // item moves with the fluid and the force is zero: see ``DragStep``); a negative one
            // makes drag a thrust, an ordinary force.
            guard strength * fall > 0 else {
                force = u * -coefficient
                break
            }
            let drag = u * -coefficient
            return drag.isFinite && coefficient.isFinite ? .drag(force: drag, coefficient: coefficient) : .none
        case .vortex:
            force = Vector(dx: -unit.dy, dy: unit.dx) * (strength * sample.mass * fall)
        case .noise:
            force = noise.value(at: offset, time: sample.time) * (strength * sample.mass * fall)
        case .turbulence:
            let speedSquared = (sample.velocity / Self.pointsPerMetre).lengthSquared
            force = noise.value(at: offset, time: sample.time) * (strength * sample.mass * fall * speedSquared)
        case .velocity, .custom:
            return .none
        }
        return force.isFinite ? .force(force) : .none
    }
}
