/// The soft contact of ``ContactSolver/softStep``: a damped spring of frequency `f` and damping
/// ratio `ζ` that pushes overlap out, solved implicitly over a sub-step `h` (Catto, "Solver2D",
/// 2024; Box2D v3's soft constraints). With `ω = 2πf`, `a₁ = 2ζ + h·ω` and `a₂ = h·ω·a₁`, the
/// impulse of one solve is `−m·massScale·(v + biasRate·s) − impulseScale·λ` for separation
/// `s < 0`, effective mass `m` and accumulated impulse `λ`, where `biasRate = ω/a₁`,
/// `massScale = a₂/(1 + a₂)` and `impulseScale = 1/(1 + a₂)`.
///
/// At rest, with `λ` the impulse the point carries per sub-step, that solve is zero where
/// `m·massScale·biasRate·s = −impulseScale·λ`, that is at an overlap of `λ/(h·m·ω²)`: the load
/// `λ/h` over the spring's stiffness `m·ω²`. Under a load many times the point's own effective
/// mass the spring therefore gives way: a box resting on one 1000 times lighter pressed it 10 pt
/// into the floor at 30 Hz. ``carrying(_:effectiveMass:substep:)`` stiffens the spring of such a
/// point so that its load overlaps it by at most ``largestLoadedOverlap``.
struct ContactSoftness {
    /// Per second: the push-out speed per point of overlap.
    let biasRate: Double
    /// The share of the rigid impulse applied.
    let massScale: Double
    /// The share of the accumulated impulse taken back.
    let impulseScale: Double
    /// ω² (1/s²).
    let angularFrequencySquared: Double

    /// Box2D v3's contact spring: 30 Hz, or a quarter of the sub-step rate if that is lower, at
    /// damping ratio 10 (its `contactHertz` and `contactDampingRatio` defaults).
    init(substep h: Double) {
        self.init(angularFrequency: 2 * Double.pi * min(Self.largestFrequency, 0.25 / h), substep: h)
    }

    /// The spring of angular frequency `omega` (rad/s) at damping ratio ``dampingRatio``, over a
    /// sub-step `h` (s).
    init(angularFrequency omega: Double, substep h: Double) {
        let a1 = 2 * Self.dampingRatio + h * omega, a2 = h * omega * a1
        biasRate = omega / a1
        massScale = a2 / (1 + a2)
        impulseScale = 1 / (1 + a2)
        angularFrequencySquared = omega * omega
    }

    /// This spring, or a stiffer one for a point that carries `impulse` (mass·pt/s) each sub-step
    /// `h` (s) at effective mass `effectiveMass`: stiff enough that the load overlaps it by at most
    /// ``largestLoadedOverlap`` beyond the slop, but no stiffer than ``stiffestAngularFrequencyStep``.
    @inline(__always)
    func carrying(_ impulse: Double, effectiveMass: Double, substep h: Double) -> ContactSoftness {
        let needed = impulse / (h * effectiveMass * Self.largestLoadedOverlap)
        guard needed > angularFrequencySquared else { return self }
        return ContactSoftness(angularFrequency: min(needed.squareRoot(), Self.stiffestAngularFrequencyStep / h), substep: h)
    }

    /// The stiffest the unloaded contact spring gets (Hz).
    static let largestFrequency = 30.0
    /// The contact spring's damping ratio.
    static let dampingRatio = 10.0
    /// The deepest a load presses a soft contact beyond the slop (points): with it, the
    /// solver-robustness experiment's heavy-on-light stacks (1:100 and 1:1000, on the floor and
    /// in a corner) stay within their 2 pt target, which without stiffening they miss
    /// (docs/decisions/0003).
    static let largestLoadedOverlap = 0.5
    /// The largest `ω·h` of a stiffened spring. The stiffer the spring, the less of its
    /// accumulated impulse a solve takes back (`impulseScale`), so a contact that a joint keeps
    /// pressing in stiffens itself without bound (a small box pinned to a heavy polygon and pushed
    /// into a wall is then flung off). A cap of 16 bounds that and still holds the 1:1000 stacks
    /// (docs/decisions/0003). A point whose spring this caps overlaps its load by more than
    /// ``largestLoadedOverlap``.
    static let stiffestAngularFrequencyStep = 16.0
}
