/// Before and after on the same axes, for `harness compare --format html`: for each experiment
/// with a metric that moved beyond its band, the error over time of the series of the moved
/// cases (all of the experiment's series when no case name matches), and the convergence sweeps,
/// one plot per series or sweep with its "before" and "after" curves (``OverlayPlots``).
enum ComparisonPlots {
    /// The most before/after pairs of series drawn per experiment.
    static let maximumPairs = 6

    /// The overlay plots, one `<section>` per experiment that moved.
    static func render(_ comparison: RunComparison, before: RunResults, after: RunResults) -> String {
        let moved = comparison.entries.filter { $0.delta.status != .unchanged }
        var html = ""
        for experiment in after.experiments {
            let movedCases = Set(moved.filter { $0.experiment == experiment.id }.map(\.caseName))
            guard !movedCases.isEmpty, let earlier = before.experiments.first(where: { $0.id == experiment.id }) else { continue }
            let plots = overlays(before: earlier, after: experiment, cases: movedCases)
            guard !plots.isEmpty else { continue }
            let height = plots.map(\.height).max() ?? 0
            html += "<h2>\(HTMLReport.escape(experiment.id)): before and after</h2>\n<div>"
                + plots.map { $0.svg(minimumHeight: height) }.joined() + "</div>\n"
        }
        return html
    }

    /// The error-over-time and convergence plots of `before` and `after` overlaid.
    static func overlays(before: ExperimentResult, after: ExperimentResult, cases: Set<String>) -> [Plot] {
        let names = ["before", "after"]
        let matching = after.series.filter { cases.contains($0.caseName) }
        var plots: [Plot] = []
        for series in (matching.isEmpty ? after.series : matching).prefix(maximumPairs) {
            guard let old = before.series.first(where: { $0.caseName == series.caseName && $0.name == series.name }) else { continue }
            plots.append(.line(OverlayPlots.errorOverTime([old, series], names: names)))
        }
        for sweep in after.sweeps.prefix(maximumPairs) {
            guard let old = before.sweeps.first(where: { $0.caseName == sweep.caseName && $0.quantity == sweep.quantity }) else { continue }
            plots.append(.line(OverlayPlots.convergence([old, sweep], names: names)))
        }
        return plots
    }
}
