/// Which of two engines' values of one metric lies closer to the reference, each value judged by
/// its own run's expectation (the metric's tolerance in that run). The one rule that
/// `harness compare` across engines and the side-by-side report (`harness run --engine all`)
/// both use, so the two cannot name different engines.
///
/// Two engines may expect different values of the same metric: this engine's convergence orders
/// are 2, a semi-implicit Euler engine's 1. So a metric whose tolerance bounds both sides is
/// judged by its distance from that tolerance's midpoint relative to the midpoint (an order of
/// 2.002 where 2 is expected is 0.1 % off, 0.998 where 1 is expected 0.2 %, and 4.70 where 2 is
/// expected 135 %); an absolute distance would favour whichever engine expects the smaller value.
/// A midpoint of 0 leaves the distance absolute. An error (upper bound only) is judged by its
/// value, a count that must be reached (lower bound only) by its negation. Values whose
/// directions differ in kind between the engines, or have none, are not ranked.
public enum ReferenceCloseness {
    /// How far `metric`'s value lies from what its own tolerance expects, larger being farther
    /// (see the type's rule); `nil` when the tolerance bounds neither side. NaN stays NaN.
    public static func distance(of metric: Metric) -> Double? {
        switch metric.preference {
        case .lowerIsBetter: metric.value
        case .higherIsBetter: -metric.value
        case .closerTo(let center): abs(metric.value - center) / scale(center)
        case .none: nil
        }
    }

    /// The move from `first`'s value to `second`'s: ``MetricDelta/Status/improved`` when `second`
    /// is closer to its reference beyond the wider of the two noise bands,
    /// ``MetricDelta/Status/regressed`` when `first` is, ``MetricDelta/Status/unchanged`` within
    /// the band or when both are within their resolution of ideal, and
    /// ``MetricDelta/Status/changed`` when the values differ but cannot be ranked. The delta's
    /// `before` and `after` are the two values; its `worsening` is the relative change of their
    /// distances.
    public static func delta(from first: Metric, to second: Metric) -> MetricDelta {
        let band = max(first.noiseBand, second.noiseBand)
        switch (first.preference, second.preference) {
        case (.lowerIsBetter, .lowerIsBetter), (.higherIsBetter, .higherIsBetter):
            return MetricDelta(before: first.value, after: second.value, preference: first.preference, band: band,
                               resolution: max(first.resolution, second.resolution))
        case let (.closerTo(firstCenter), .closerTo(secondCenter)):
            // The resolutions are in each metric's unit: scaled as its distance is.
            let resolution = max(first.resolution / scale(firstCenter), second.resolution / scale(secondCenter))
            var delta = MetricDelta(before: distance(of: first) ?? .nan, after: distance(of: second) ?? .nan,
                                    preference: .lowerIsBetter, band: band, resolution: resolution)
            (delta.before, delta.after) = (first.value, second.value)
            return delta
        default:
            return MetricDelta(before: first.value, after: second.value, preference: .none, band: band)
        }
    }

    /// What a distance from `center` is measured against: `|center|`, or 1 at a center of 0.
    private static func scale(_ center: Double) -> Double {
        center == 0 ? 1 : abs(center)
    }
}
