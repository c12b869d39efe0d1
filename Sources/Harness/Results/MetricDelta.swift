/// How one metric moved from a before value (a golden baseline, or another run) to an after value,
/// judged by which way the metric gets better and by its noise band.
///
/// Badness is the value itself where lower is better, its negation where higher is better, and
/// its distance from the midpoint where a two-sided tolerance prefers the middle. The move is
/// `worsening = (badness(after) − badness(before)) / |badness(before)|`: positive when worse. A move
/// counts only beyond the band: `|badness(after) − badness(before)| > band · |badness(before)|`, so
/// a band of 0 counts any change of a bit-exact value. A move between two values that are both
/// within the metric's resolution of ideal is rounding and counts as unchanged. A NaN after a
/// number is a regression, a number after NaN an improvement.
public struct MetricDelta: Codable, Equatable, Sendable {
    /// How the value moved.
    public enum Status: String, Codable, Sendable {
        /// Within the band (or identical).
        case unchanged
        /// Better by more than the band.
        case improved
        /// Worse by more than the band.
        case regressed
        /// Moved beyond the band, but the metric has no better direction.
        case changed
    }

    /// The earlier value, in the metric's unit.
    public var before: Double
    /// The later value, in the metric's unit.
    public var after: Double
    /// The relative noise band the move was judged with.
    public var band: Double
    /// The verdict on the move.
    public var status: Status
    /// Relative worsening (positive is worse, negative is better; ±∞ when the before value was
    /// ideal or not a number; 0 when unchanged).
    public var worsening: Double

    /// Judges the move from `before` to `after`; `resolution` (in the metric's unit, ≥ 0) is the
    /// distance from ideal below which values are rounding.
    public init(before: Double, after: Double, preference: MetricPreference, band: Double, resolution: Double = 0) {
        self.before = before
        self.after = after
        self.band = band
        guard let badBefore = preference.badness(of: before), let badAfter = preference.badness(of: after) else {
            let moved = !(before == after || (before.isNaN && after.isNaN))
                && !(abs(after - before) <= band * abs(before))
            status = moved ? .changed : .unchanged
            worsening = 0
            return
        }
        if badBefore == badAfter || (badBefore.isNaN && badAfter.isNaN)
            || (preference != .higherIsBetter && abs(badBefore) <= resolution && abs(badAfter) <= resolution) {
            (status, worsening) = (.unchanged, 0)
        } else if badAfter.isNaN {
            (status, worsening) = (.regressed, .infinity)
        } else if badBefore.isNaN {
            (status, worsening) = (.improved, -.infinity)
        } else if !badBefore.isFinite || !badAfter.isFinite {
            status = badAfter > badBefore ? .regressed : .improved
            worsening = badAfter > badBefore ? .infinity : -.infinity
        } else {
            let difference = badAfter - badBefore
            let scale = abs(badBefore)
            worsening = scale > 0 ? difference / scale : (difference > 0 ? .infinity : -.infinity)
            if !(abs(difference) > band * scale) {
                status = .unchanged
            } else {
                status = difference > 0 ? .regressed : .improved
            }
        }
    }
}
