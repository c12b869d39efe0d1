/// One drag field's part in a sub-step: its quadratic coefficient and its fluid's velocity.
struct DragTerm: Equatable {
    /// `c = S·fall` (UIKit newtons per (m/s)², > 0): the field pulls with `−c·|u|·u`, `u` the
    /// velocity relative to the fluid in m/s.
    var coefficient: Double
    /// The fluid's velocity (pt/s): `100·d`.
    var fluidVelocity: Vector
}

/// Drag fields over one sub-step: exact for drag alone, the true terminal velocity under a
/// constant force, and stable however stiff.
///
/// Each drag field accelerates an item by `−100·c·|u|·u/m` pt/s² with `u = (v − Dᵢ)/100` m/s,
/// that is by `−κᵢ·|wᵢ|·wᵢ` with `wᵢ = v − Dᵢ` in pt/s and `κᵢ = cᵢ/(100·m)`. From `v*`, the
/// velocity after every other force over the sub-step `h`, the step solves
///
///     G(v₁) = v₁ − v* + Σ βᵢ·max(|wᵢ₀|, |wᵢ₁|)·wᵢ₁ = 0,   βᵢ = κᵢ·h   (s/pt),
///
/// with `wᵢ₀` taken at the sub-step's start and `wᵢ₁` at its end. The larger of the two speeds
/// sets the coefficient, and the choice is made per field:
/// - **Slowing down** (`|wᵢ₁| ≤ |wᵢ₀|`) it is the start's: for drag alone,
///   `w₁ = w₀/(1 + κ·h·|w₀|)` is the exact solution of `dw/dt = −κ·|w|·w` over `h`.
/// - **Speeding up** it is the end's, backward Euler in the velocity itself. A coefficient taken
///   at the start alone is zero where the item moves exactly with its fluid, so the other forces
///   act unopposed for a sub-step, and a stiff drag then pulls the item back all the way: the
///   velocity alternated on the last bit of `w₀` (fuzz 20261127/3987, drag of strength 1e299 in
///   a vortex: a translated copy of the scene ended 3.65 pt away). Here the item reaches its
///   terminal speed in the first sub-step.
/// - At a steady state the two are one, so under a constant force `a` the fixed point is the
///   true terminal velocity, `Σ κᵢ·|wᵢ|·wᵢ = a`.
///
/// Each term is the gradient of a convex radial function (its magnitude
/// `βᵢ·max(|wᵢ₀|, r)·r` grows with `r`), so `G` is the gradient of a strictly convex function
/// and the solution is unique; it is the convex combination
/// `v₁ = (v* + Σ aᵢ·Dᵢ)/(1 + Σ aᵢ)`, `aᵢ ≥ 0`: however stiff the drag and light the item, the
/// velocity ends between `v*` and the fluids, never past them.
///
/// One fluid velocity `D` (every drag field of a scene with one wind, the usual case) has a
/// closed form. `w₁` is parallel to `w* = v* − D`, and with `B = Σβᵢ`, `r₀ = |w₀|`, `s = |w*|`:
/// - `|w₁| = s/(1 + B·r₀)` when that is at most `r₀`, that is when `s ≤ r₀·(1 + B·r₀)`;
/// - otherwise `|w₁|·(1 + B·|w₁|) = s`, `|w₁| = 2·s/(1 + √(1 + 4·B·s))`, which has no
///   cancellation and tends to 0 as `B·s → ∞`.
///
/// Several fluids are solved by Newton's method on `G`. Its Jacobian is symmetric positive
/// definite: `βᵢ·r₀ᵢ·I` for a field slowing down, `βᵢ·(|wᵢ|·I + wᵢ·wᵢᵀ/|wᵢ|)` for one speeding
/// up, plus `I`. So the Newton direction always lowers `|G|`, and a step halved until it does
/// converges.
enum DragStep {
    /// The velocity (pt/s) after drag over `h` seconds, for an item of `inverseMass`, from
    /// `velocity` (pt/s, after the sub-step's other forces) and `startVelocity` (pt/s, at the
    /// sub-step's start). `terms` calls its argument once with each drag field's term, in the
    /// same order every time it is called.
    @inline(__always)
    static func velocity(_ velocity: Vector, startVelocity: Vector, inverseMass: Double, over h: Double,
                         terms: ((DragTerm) -> Void) -> Void) -> Vector {
        // β per unit of coefficient.
        let scale = h * inverseMass / CompiledField.pointsPerMetre
        var total = 0.0, weightedFluid = Vector.zero, strongest = DragTerm(coefficient: 0, fluidVelocity: .zero)
        var first: Vector?, oneFluid = true
        terms { term in
            total += term.coefficient
            weightedFluid += term.fluidVelocity * term.coefficient
            if term.coefficient > strongest.coefficient { strongest = term }
            if let first { oneFluid = oneFluid && first == term.fluidVelocity } else { first = term.fluidVelocity }
        }
        guard let first, total > 0 else { return velocity }
        if oneFluid { return alongOneFluid(velocity, startVelocity: startVelocity, fluid: first, beta: total * scale) }
        // Past the doubles' range the strongest field alone decides: the velocity is its fluid's.
        guard total.isFinite, weightedFluid.isFinite else { return strongest.fluidVelocity }
        // Start from the one-fluid solution toward the coefficient-weighted mean fluid.
        var v = alongOneFluid(velocity, startVelocity: startVelocity, fluid: weightedFluid / total, beta: total * scale)
        var residual = self.residual(at: v, from: velocity, startVelocity: startVelocity, scale: scale, terms: terms)
        for _ in 0..<maximumNewtonSteps {
            var j11 = 1.0, j12 = 0.0, j22 = 1.0
            terms { term in
                let beta = term.coefficient * scale
                let w = v - term.fluidVelocity, length = w.length
                let startSpeed = (startVelocity - term.fluidVelocity).length
                if length <= startSpeed {
                    j11 += beta * startSpeed
                    j22 += beta * startSpeed
                } else {
                    j11 += beta * (length + w.dx * w.dx / length)
                    j12 += beta * w.dx * w.dy / length
                    j22 += beta * (length + w.dy * w.dy / length)
                }
            }
            let determinant = j11 * j22 - j12 * j12
            guard determinant > 0, determinant.isFinite else { break }
            let step = Vector(dx: -(j22 * residual.dx - j12 * residual.dy) / determinant,
                              dy: -(j11 * residual.dy - j12 * residual.dx) / determinant)
            var fraction = 1.0, accepted = false
            while fraction >= 1.0 / 1024 {
                let trial = v + step * fraction
                let trialResidual = self.residual(at: trial, from: velocity, startVelocity: startVelocity,
                                                  scale: scale, terms: terms)
                if trialResidual.length < residual.length {
                    let moved = (trial - v).length
                    v = trial
                    residual = trialResidual
                    accepted = moved > 4 * Double.ulpOfOne * (v.length + velocity.length)
                    break
                }
                fraction /= 2
            }
            if !accepted { break }
        }
        return v.isFinite ? v : strongest.fluidVelocity
    }

    /// Newton steps at most; quadratic convergence from the one-fluid start needs a handful.
    static let maximumNewtonSteps = 40

    /// The closed form for one fluid velocity `fluid` (pt/s) and `B = beta` (s/pt).
    @inline(__always)
    static func alongOneFluid(_ velocity: Vector, startVelocity: Vector, fluid: Vector, beta: Double) -> Vector {
        let relative = velocity - fluid
        let s = relative.length, r0 = (startVelocity - fluid).length
        guard s > 0 else { return fluid }
        let shrink = r0 > 0 && s <= r0 + beta * r0 * r0
            ? 1 / (1 + beta * r0)
            : 2 / (1 + (1 + 4 * beta * s).squareRoot())
        return fluid + relative * shrink
    }

    /// `G(v)` for `v* = start`.
    @inline(__always)
    static func residual(at v: Vector, from start: Vector, startVelocity: Vector, scale: Double,
                         terms: ((DragTerm) -> Void) -> Void) -> Vector {
        var g = v - start
        terms { term in
            let w = v - term.fluidVelocity
            let speed = Swift.max(w.length, (startVelocity - term.fluidVelocity).length)
            g += w * (term.coefficient * scale * speed)
        }
        return g
    }
}
