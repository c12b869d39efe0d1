import Foundation

/// An item dropped from rest at height h onto a floor, bouncing with restitution e under
/// gravity g; impacts slower than the restitution threshold do not bounce (SPEC, contact material).
///
/// Free flight is a parabola; impact n (n ≥ 1) happens at speed v_n = e^(n−1)·v1, v1 = √(2gh),
/// and a bounce of rebound speed e·v_n flies 2e·v_n/g, so the impact times form a geometric
/// series (any mechanics text, e.g. Halliday–Resnick):
///
///     t1 = √(2h/g),   t_n = t1 + (2v1/g)·e·(1 − e^(n−1))/(1 − e)   (e < 1)
///
/// and the apex after bounce n is h·e^(2n). The item rests at the first impact that does not
/// bounce (speed below the threshold, or e = 0). With a zero threshold and 0 < e < 1 it bounces
/// infinitely often but comes to rest at the finite limit t1 + 2v1·e/(g(1 − e)); with e = 1 and
/// v1 ≥ threshold it never rests.
public struct BouncingDrop: Sendable, Equatable {
    /// Drop height above the floor (pt), > 0.
    public let height: Double
    /// Gravitational acceleration (pt/s²), > 0.
    public let gravity: Double
    /// Coefficient of restitution (dimensionless) in [0, 1].
    public let restitution: Double
    /// Impacts slower than this speed (pt/s) do not bounce; ≥ 0.
    public let restitutionThreshold: Double
    /// The most entries the `impactTimes`/`impactSpeeds`/`apexHeights` arrays list when the
    /// bouncing never ends after finitely many impacts.
    public let maximumListedImpacts: Int
    /// The number of the impact at which the item comes to rest (1-based), or nil if every impact
    /// bounces (zero threshold with e > 0, or e = 1).
    public let restingImpact: Int?

    /// Creates the drop (height in pt, gravity in pt/s², restitution dimensionless, threshold in
    /// pt/s). Throws for non-finite values, h ≤ 0, g ≤ 0, e outside [0, 1], a negative threshold,
    /// `maximumListedImpacts` < 1, or a finite bounce count too large to represent.
    public init(
        height: Double, gravity: Double, restitution: Double, restitutionThreshold: Double,
        maximumListedImpacts: Int = 1000
    ) throws(ReferenceError) {
        try ParameterValidation.require(height, "height", "> 0") { $0 > 0 }
        try ParameterValidation.require(gravity, "gravity", "> 0") { $0 > 0 }
        try ParameterValidation.require(restitution, "restitution", "in [0, 1]") { $0 >= 0 && $0 <= 1 }
        try ParameterValidation.require(restitutionThreshold, "restitutionThreshold", "≥ 0") { $0 >= 0 }
        try ParameterValidation.require(Double(maximumListedImpacts), "maximumListedImpacts", "≥ 1") { $0 >= 1 }
        self.height = height
        self.gravity = gravity
        self.restitution = restitution
        self.restitutionThreshold = restitutionThreshold
        self.maximumListedImpacts = maximumListedImpacts
        self.restingImpact = try Self.restingImpact(
            firstImpactSpeed: (2 * gravity * height).squareRoot(), restitution: restitution,
            threshold: restitutionThreshold)
    }

    /// Speed of the first impact √(2gh) (pt/s).
    public var firstImpactSpeed: Double { (2 * gravity * height).squareRoot() }

    /// Time of the first impact √(2h/g) (s).
    public var firstImpactTime: Double { (2 * height / gravity).squareRoot() }

    /// Time (s) from which the item lies still on the floor; nil if it bounces forever (e = 1).
    public var restTime: Double? {
        if let restingImpact { return impactTime(restingImpact) }
        guard restitution < 1 else { return nil }
        return firstImpactTime + 2 * firstImpactSpeed * restitution / (gravity * (1 - restitution))
    }

    /// Time (s) of impact `n` (1-based; valid for n ≥ 1, meaningful up to `restingImpact`).
    public func impactTime(_ n: Int) -> Double {
        guard n > 1 else { return firstImpactTime }
        let e = restitution, flight = 2 * firstImpactSpeed / gravity
        if e == 1 { return firstImpactTime + flight * Double(n - 1) }
        return firstImpactTime + flight * e * -expm1(Double(n - 1) * log(e)) / (1 - e)
    }

    /// Speed (pt/s) of impact `n` (1-based): e^(n−1)·√(2gh).
    public func impactSpeed(_ n: Int) -> Double {
        firstImpactSpeed * pow(restitution, Double(n - 1))
    }

    /// Rebound speed (pt/s) after impact `n`: e·v_n if the impact bounces, else 0.
    public func reboundSpeed(_ n: Int) -> Double {
        if let restingImpact, n >= restingImpact { return 0 }
        return restitution * impactSpeed(n)
    }

    /// Impact times (s), up to the resting impact or `maximumListedImpacts` entries.
    public var impactTimes: [Double] { listedImpacts.map(impactTime) }

    /// Impact speeds (pt/s), one per entry of `impactTimes`.
    public var impactSpeeds: [Double] { listedImpacts.map(impactSpeed) }

    /// Apex heights above the floor (pt): the drop height h, then h·e^(2n) after each bounce n.
    public var apexHeights: [Double] {
        let bounces = restingImpact.map { min($0 - 1, maximumListedImpacts) } ?? maximumListedImpacts
        return (0...bounces).map { height * pow(restitution, 2 * Double($0)) }
    }

    /// Height above the floor (pt) at time `t` (s): h before release, then the piecewise parabola,
    /// then 0 at rest.
    public func height(at t: Double) -> Double {
        let t1 = firstImpactTime
        guard t > t1 else { return t <= 0 ? height : height - 0.5 * gravity * t * t }
        if let rest = restTime, t >= rest { return 0 }
        let n = lastImpact(atOrBefore: t)
        let tau = t - impactTime(n)
        return max(0, reboundSpeed(n) * tau - 0.5 * gravity * tau * tau)
    }

    private var listedImpacts: ClosedRange<Int> {
        1...min(restingImpact ?? maximumListedImpacts, maximumListedImpacts)
    }

    /// The impact n with t_n ≤ t < t_(n+1), for t1 < t < restTime: inverts the geometric series,
    /// then corrects rounding by comparing with `impactTime`.
    private func lastImpact(atOrBefore t: Double) -> Int {
        let e = restitution, flight = 2 * firstImpactSpeed / gravity
        let elapsed = t - firstImpactTime
        var n: Int
        if e == 1 {
            n = 1 + Int(elapsed / flight)
        } else {
            let q = elapsed * (1 - e) / (flight * e)  // 1 − e^(n−1) ≤ q
            n = q < 1 ? 1 + Int(log1p(-q) / log(e)) : Int.max / 2
        }
        if let restingImpact { n = min(n, restingImpact) }
        n = max(n, 1)
        // The estimate is off by rounding only; a few corrections suffice (bounded, so impact
        // times that converge onto `t` in the infinite-bounce case cannot loop forever).
        for _ in 0..<4 where n > 1 && impactTime(n) > t { n -= 1 }
        for _ in 0..<4 where n < (restingImpact ?? Int.max / 2) && impactTime(n + 1) <= t { n += 1 }
        return n
    }

    /// The first impact slower than the threshold (or the first, if e = 0); nil if none.
    private static func restingImpact(
        firstImpactSpeed v1: Double, restitution e: Double, threshold: Double
    ) throws(ReferenceError) -> Int? {
        if e == 0 || v1 < threshold { return 1 }
        if threshold == 0 || e == 1 { return nil }
        // smallest m ≥ 1 with v1·e^m < threshold; the resting impact is m + 1
        let estimate = (log(threshold / v1) / log(e)).rounded(.up)
        guard estimate < 1e12 else {
            throw .invalidParameter(name: "restitution", value: e,
                                    requirement: "bounce count (\(estimate)) below 1e12 for this threshold")
        }
        var m = max(1, Int(estimate))
        while m > 1 && v1 * pow(e, Double(m - 1)) < threshold { m -= 1 }
        while !(v1 * pow(e, Double(m)) < threshold) { m += 1 }
        return m + 1
    }
}
