/// Values at successive events against their references as grouped bars: the cases that share
/// a reference (e.g. a rectangle and a circle bouncing with the same elasticity) share a plot,
/// the reference's bar first.
enum EventPlots {
    /// Bar plots of `comparisons` (those without a reference value are left out).
    static func bars(_ comparisons: [EventComparison]) -> [Plot] {
        var buckets: [[EventComparison]] = []
        for comparison in comparisons where !comparison.reference.isEmpty {
            if let index = buckets.firstIndex(where: { sharesReference($0[0], comparison) }) {
                buckets[index].append(comparison)
            } else {
                buckets.append([comparison])
            }
        }
        return buckets.map { bucket in
            let first = bucket[0]
            let count = bucket.map(\.reference.count).max() ?? 0
            let groups = [BarGroup(label: "reference", color: PlotPalette.reference, values: first.reference)]
                + bucket.enumerated().map { index, comparison in
                    BarGroup(label: "engine, \(comparison.caseName)", color: PlotPalette.color(index), values: comparison.observed)
                }
            let differences = bucket.flatMap { zip($0.observed, $0.reference).map { abs($0 - $1) } }
            let worst = differences.contains { !$0.isFinite } ? "an event is missing" : NumberFormat.short(differences.max() ?? 0) + " " + first.unit
            return .bar(BarPlot(title: "\(first.name) per \(first.eventName): \(bucket.map(\.caseName).joined(separator: "; "))",
                           xTitle: first.eventName, yTitle: "\(first.name) (\(first.unit))",
                           categories: (1...max(1, count)).map(String.init), groups: groups,
                           notes: ["Largest |engine − reference|: \(worst) (each bar's value is in its tooltip)."]))
        }
    }

    /// Whether two comparisons measure the same thing against the same reference values (to a
    /// relative 1e-12, rounding of the same formula).
    static func sharesReference(_ a: EventComparison, _ b: EventComparison) -> Bool {
        a.name == b.name && a.unit == b.unit && a.eventName == b.eventName && a.reference.count == b.reference.count
            && zip(a.reference, b.reference).allSatisfy { abs($0 - $1) <= 1e-12 * max(abs($0), abs($1)) }
    }
}
