/// How every report writes a metric: its value with enough digits to show a miss, its limits,
/// how it moved from its baseline, and how close it runs to its tolerance.
enum MetricText {
    /// "0.09121 pt": the value with as many digits as it takes to differ from each of its bounds.
    static func value(_ metric: Metric) -> String {
        let bounds = [metric.tolerance.lower, metric.tolerance.upper, metric.target?.lower, metric.target?.upper].compactMap { $0 }
        let number = NumberFormat.distinguishing(metric.value, from: bounds)
        return metric.unit == "1" ? number : "\(number) \(metric.unit)"
    }

    /// "tolerance ≤ 0.5; target ≤ 0.069".
    static func limits(_ metric: Metric) -> String {
        "tolerance \(metric.tolerance)" + (metric.target.map { "; target \($0)" } ?? "")
    }

    /// "baseline 0.0901 pt, 1.2 % worse" (or better), "= baseline" when unchanged; `nil` without a
    /// baseline.
    static func change(_ metric: Metric) -> String? {
        guard let change = metric.change else { return nil }
        let before = NumberFormat.distinguishing(change.before, from: [change.after])
        let unit = metric.unit == "1" ? "" : " \(metric.unit)"
        switch change.status {
        case .unchanged: return "= baseline"
        case .changed: return "baseline \(before)\(unit), changed"
        case .improved, .regressed:
            return "baseline \(before)\(unit), \(movement(change))"
        }
    }

    /// "12 % worse", "3.4× better"; where no ratio exists, why: "worse (now ∞)", "better (was
    /// NaN)", "worse (was at its ideal)". "moved" for a move without a direction, "unchanged".
    static func movement(_ delta: MetricDelta) -> String {
        let word: String
        switch delta.status {
        case .regressed: word = "worse"
        case .improved: word = "better"
        case .changed: return "moved"
        case .unchanged: return "unchanged"
        }
        let size = abs(delta.worsening)
        if size.isFinite { return (size >= 10 ? "\(NumberFormat.short(size))×" : "\(NumberFormat.short(size * 100)) %") + " " + word }
        if !delta.after.isFinite { return "\(word) (now \(NumberFormat.short(delta.after)))" }
        if !delta.before.isFinite { return "\(word) (was \(NumberFormat.short(delta.before)))" }
        return "\(word) (was at its ideal)"
    }

    /// How much of its tolerance the metric uses: 1 at the bound, above 1 outside it; 0 with
    /// no bound. For ranking which passing metric runs closest to failing.
    static func marginUsed(_ metric: Metric) -> Double {
        let value = metric.value
        guard !value.isNaN else { return .infinity }
        switch (metric.tolerance.lower, metric.tolerance.upper) {
        case let (lower?, upper?):
            let half = (upper - lower) / 2
            return half > 0 ? abs(value - (lower + upper) / 2) / half : (value == lower ? 0 : .infinity)
        case let (nil, upper?): return upper > 0 ? value / upper : (value <= upper ? 0 : .infinity)
        case let (lower?, nil): return value > 0 ? lower / value : (value >= lower ? 0 : .infinity)
        case (nil, nil): return 0
        }
    }

    /// The metric of `metrics` to name as an experiment's worst: the most severe verdict, then
    /// the most of its tolerance used.
    static func worst(_ metrics: [Metric]) -> Metric? {
        metrics.max { a, b in
            a.verdict != b.verdict ? a.verdict < b.verdict : marginUsed(a) < marginUsed(b)
        }
    }

    /// "3 pass, 1 missed target, 0 regressed, 0 fail" over `metrics`.
    static func counts(_ metrics: [Metric]) -> String {
        Verdict.allCases.map { verdict in "\(metrics.filter { $0.verdict == verdict }.count) \(verdict.rawValue)" }
            .joined(separator: ", ")
    }
}
