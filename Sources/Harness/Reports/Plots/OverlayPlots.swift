/// One quantity measured in several runs (before and after a change, or on several engines),
/// every run's curve on one plot: the error over time of a series, or the convergence of a
/// sweep. Runs are told apart by colour and by ``PlotOverlay``'s styles, and a plot whose curves
/// coincide says how closely.
enum OverlayPlots {
    /// The error-over-time plot of one series as `runs` measured it, run `i` named `names[i]`.
    static func errorOverTime(_ runs: [Series], names: [String]) -> LinePlot {
        let first = runs[0]
        var plot = ErrorPlots.plot(runs, title: "Error over time: \(first.name), \(first.caseName)", labels: names,
                                   colors: colors(runs.count), styles: styles(runs.count))
        stagger(&plot, runs: runs.count)
        annotate(&plot, names: names, unit: first.unit)
        return plot
    }

    /// The convergence plot of one sweep as `runs` measured it, run `i` named `names[i]`.
    static func convergence(_ runs: [SweepSeries], names: [String]) -> LinePlot {
        let first = runs[0]
        var plot = SweepPlots.convergencePlot(runs, title: "Convergence: \(first.quantity), \(first.caseName)",
                                              labels: names, colors: colors(runs.count), styles: styles(runs.count))
        stagger(&plot, runs: runs.count)
        annotate(&plot, names: names, unit: first.unit)
        return plot
    }

    static func colors(_ count: Int) -> [String] { (0..<count).map(PlotPalette.color) }

    static func styles(_ count: Int) -> [LineStyle] { (0..<count).map { PlotOverlay.style(run: $0) } }

    /// Shifts the markers of the first `runs` lines (the runs' data) apart.
    static func stagger(_ plot: inout LinePlot, runs: Int) {
        for index in 0..<min(runs, plot.lines.count) {
            plot.lines[index].markerPhase = PlotOverlay.markerPhase(run: index, of: runs)
        }
    }

    /// Adds the coincidence note, judged on the axis the plot will draw, over its first
    /// `names.count` lines (the runs' data).
    static func annotate(_ plot: inout LinePlot, names: [String], unit: String) {
        let axis = PlotAxis(title: plot.yTitle, scale: plot.yScale, covering: plot.lines.flatMap(\.points).map(\.y))
        let data = plot.lines.prefix(names.count).map(\.points)
        if let note = PlotOverlay.coincidenceNote(names: names, lines: Array(data), axis: axis, unit: unit) {
            plot.notes.insert(note, at: 0)
        }
    }
}
