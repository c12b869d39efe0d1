/// Drag fields over one sub-step, integrated implicitly so that no sub-step can overshoot.
///
/// Field `i` pulls with `Fᵢ = −kᵢ·(v/100 − dᵢ)` newtons (v in pt/s, the fluid's velocity `dᵢ` in
/// m/s, `kᵢ = S·fall·|uᵢ|` taken at the sub-step's start). Their sum is `K·(w − v)/100` with
/// `K = Σkᵢ` and the fluids' mean velocity `w = 100·Σkᵢdᵢ/K`: a decay toward `w` at the rate
/// `λ = K/m` (1/s, with 100 pt per unit of push and per metre cancelling). Backward Euler over
/// `h` with the coefficients held,
///
///     v₁ = (v* + h·λ·w) / (1 + h·λ),
///
/// where `v*` is the velocity after every other force, moves `v*` toward `w` by the fraction
/// `hλ/(1 + hλ) < 1`: however stiff the drag and light the item, the relative velocity shrinks
/// and never reverses, and the terminal velocity under a constant force `a` is the true
/// `w + a/λ`. For one field alone and no other force it is the exact change of quadratic drag,
/// `u₀/(1 + k·|u₀|·h/m)`.
enum DragStep {
    /// The velocity (pt/s) after drag: `velocity` after the sub-step's other forces, and the
    /// drag's summed `force` (newtons) and `coefficient` (newtons per m/s) evaluated at
    /// `sampledVelocity`, the velocity they were evaluated at, for an item of `inverseMass` over
    /// `h` seconds.
    @inline(__always)
    static func velocity(_ velocity: Vector, force: Vector, coefficient: Double, sampledVelocity: Vector,
                         inverseMass: Double, over h: Double) -> Vector {
        // Σkᵢdᵢ = F + K·v₀/100 (newtons); times 100/m it is λ·w in pt/s².
        let pull = (force + sampledVelocity * (coefficient / CompiledField.pointsPerMetre)) * (PushBehavior.pointsPerUnit * inverseMass)
        let rate = coefficient * inverseMass * (PushBehavior.pointsPerUnit / CompiledField.pointsPerMetre)
        return (velocity + pull * h) / (1 + h * rate)
    }
}
