/// Values at successive events as their error, engine − reference (signed, in the value's unit),
/// as grouped bars: one bar per case at each event, the cases of one quantity together (at most
/// ``ExperimentPlots/maximumLines`` to a plot). Drawn as errors, not values: an apex of 600 pt
/// missed by 0.1 pt is invisible beside its reference, its error is not.
enum EventPlots {
    /// Bar plots of the errors of `comparisons` (those without a reference value are left out).
    static func bars(_ comparisons: [EventComparison]) -> [Plot] {
        let usable = comparisons.filter { !$0.reference.isEmpty }
        let kinds = ExperimentPlots.chunks(usable, unit: { "\($0.name)\u{0}\($0.unit)\u{0}\($0.eventName)" }, name: \.name)
        return kinds.map { bucket in
            let first = bucket[0]
            let count = bucket.map(\.reference.count).max() ?? 0
            let errors = bucket.map(errors)
            let groups = bucket.enumerated().map { index, comparison in
                BarGroup(label: comparison.caseName, color: PlotPalette.color(index), values: errors[index])
            }
            var notes = ["Each bar is the engine's \(first.name) minus the reference's at that \(first.eventName); its value is in its tooltip."]
            let found = zip(bucket, errors).flatMap { comparison, values in
                values.enumerated().map { (comparison.caseName, $0.offset + 1, $0.element) }
            }
            if let worst = found.filter({ $0.2.isFinite }).max(by: { abs($0.2) < abs($1.2) }) {
                notes.append("Largest |engine − reference|: \(NumberFormat.short(abs(worst.2))) \(first.unit) (\(worst.0), \(first.eventName) \(worst.1)).")
            }
            let missing = found.filter { !$0.2.isFinite }
            if !missing.isEmpty {
                notes.append("Not observed (no bar): " + missing.map { "\($0.0), \(first.eventName) \($0.1)" }.joined(separator: "; ") + ".")
            }
            let title = "\(first.name) error per \(first.eventName)"
            return .bar(BarPlot(title: title.prefix(1).uppercased() + title.dropFirst(), xTitle: first.eventName,
                                yTitle: "engine − reference (\(first.unit))",
                                categories: (1...max(1, count)).map(String.init), groups: groups, notes: notes))
        }
    }

    /// Engine − reference at each event of `comparison` that has a reference; NaN where the
    /// engine did not reach the event.
    static func errors(_ comparison: EventComparison) -> [Double] {
        comparison.reference.indices.map { index in
            index < comparison.observed.count && comparison.observed[index].isFinite ? comparison.observed[index] - comparison.reference[index] : .nan
        }
    }
}
