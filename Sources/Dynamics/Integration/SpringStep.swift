import Foundation

/// Per-sub-step coefficients of a spring-damper constraint row: the exact two-step propagator of
/// the damped oscillator `C̈ = −ω²·C − 2ζω·Ċ + a`, rewritten for the solver's integration
/// `C₁ = C₀ + h·Ċ₁` (the velocity a constrained body carries is its backward difference).
///
/// ## Derivation
/// Samples `x_n = C(n·h) − a/ω²` of any solution obey `x_{n+1} = 2e·c·x_n − e²·x_{n−1}` with
/// `e = e^(−ζωh)` and `c = cos(ω_d·h)` (`cosh` when over-damped): the recurrence whose
/// characteristic roots are `e^(λ₁h)`, `e^(λ₂h)` for the roots `λ₁,₂` of `λ² + 2ζωλ + ω²`
/// (the standard "exact discretisation" of a linear ODE: Z-transform of the sampled impulse
/// response; see e.g. Åström & Wittenmark, *Computer-Controlled Systems*, §2.3). With
/// `v_n = (x_n − x_{n−1})/h` it becomes, exactly,
///
///     v_{n+1} = e²·v_n − K·(C_n − a/ω²),    K = (1 − 2e·c + e²)/h = (1 − e^(λ₁h))(1 − e^(λ₂h))/h.
///
/// The solver meets it through an impulse on the constraint's effective mass `m`: with `v₁` the
/// velocity after this sub-step's forces (`v₁ = v_n + h·a`),
///
///     Δλ = −m·(massScale·Ċ + bias) − impulseScale·λ,    massScale = 1 − e², impulseScale = e²,
///     bias = K·C_n − a·(K/ω² − e²·h),
///
/// whose fixed point is the update above (it converges in one pass when the row is alone, from any
/// warm start). So an isolated spring has no period error and no decay error at all, only rounding:
/// with ζ = 0 it neither gains nor loses energy; its equilibrium under a constant load is exact.
/// The damping part is implicit (it uses the velocity the iteration reaches), the stiffness part
/// explicit (the error at the sub-step's start); the single-row map has eigenvalues of modulus
/// `e ≤ 1` for every frequency, so it is unconditionally stable.
///
/// ## Frequency cap
/// Above `ω·h = π/3` (20 Hz at h = 1/120 s) the frequency is treated as `π/(3h)`: the stiffness
/// term is explicit, so springs sharing a body add up, and the cap keeps up to three undamped
/// springs in parallel on one body stable (`Σ h·K < 4`); beyond the Nyquist limit `ω·h = π` the
/// sampled oscillation would alias anyway. A stiffer spring thus loses accuracy, never stability.
struct SpringStep: Equatable {
    /// Multiplies the row's velocity (dimensionless, 1 − e²).
    var massScale: Double
    /// Multiplies the accumulated impulse (dimensionless, e²).
    var impulseScale: Double
    /// Multiplies the position error at the sub-step's start (1/s): K.
    var stiffness: Double
    /// Multiplies the relative constant acceleration along the row (s): K/ω² − e²·h.
    var loadFactor: Double
    /// Whether the row is rigid (frequency 0).
    var isRigid: Bool

    /// The largest `ω·h` used (radians per sub-step).
    static let maximumPhasePerStep = Double.pi / 3

    /// Coefficients for natural frequency `hertz` (Hz, > 0, finite), damping ratio `zeta`
    /// (≥ 0, finite) and sub-step `h` (s, > 0).
    init(hertz: Double, dampingRatio zeta: Double, substep h: Double) {
        let theta = min(2 * Double.pi * hertz * h, Self.maximumPhasePerStep)
        guard theta > 1e-100 else {
            // A spring this weak (period beyond 1e100 sub-steps) exerts nothing representable;
            // θ² would underflow below.
            self.init(massScale: 0, impulseScale: 1, stiffness: 0, loadFactor: 0, isRigid: false)
            return
        }
        let sigma = zeta * theta
        let e2 = exp(-2 * sigma)
        // (1 − e^(λ₁h))(1 − e^(λ₂h)), formed without cancellation in each damping regime.
        let product: Double
        if zeta < 1 {
            // |1 − e·e^(iθd)|² = (1 − e·cos θd)² + (e·sin θd)², 1 − e·cos θd = (1 − e) + 2e·sin²(θd/2).
            let thetaD = theta * ((1 - zeta) * (1 + zeta)).squareRoot()
            let e = exp(-sigma)
            let half = sin(thetaD / 2)
            let real = -expm1(-sigma) + 2 * e * half * half
            let imaginary = e * sin(thetaD)
            product = real * real + imaginary * imaginary
        } else {
            // Real roots −ζω ± ω√(ζ²−1); the slow one as ω/(ζ + √(ζ²−1)) to avoid cancellation.
            let root = ((zeta - 1) * (zeta + 1)).squareRoot()
            let slow = -theta / (zeta + root), fast = -theta * (zeta + root)
            product = expm1(slow) * expm1(fast)
        }
        self.init(massScale: -expm1(-2 * sigma), impulseScale: e2, stiffness: product / h,
                  loadFactor: (product / (theta * theta) - e2) * h, isRigid: false)
    }

    /// A rigid row (frequency 0): no spring terms; the row is solved to zero velocity and its
    /// position error is removed by the position pass.
    static let rigid = SpringStep(massScale: 1, impulseScale: 0, stiffness: 0, loadFactor: 0, isRigid: true)

    private init(massScale: Double, impulseScale: Double, stiffness: Double, loadFactor: Double, isRigid: Bool) {
        self.massScale = massScale
        self.impulseScale = impulseScale
        self.stiffness = stiffness
        self.loadFactor = loadFactor
        self.isRigid = isRigid
    }

    /// The bias velocity (pt/s or rad/s) for position error `error` and relative constant
    /// acceleration `load` along the row.
    @inline(__always)
    func bias(error: Double, load: Double) -> Double {
        stiffness * error - load * loadFactor
    }
}
