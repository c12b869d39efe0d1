/// A plot of the report, drawn on a ``PlotCanvas``.
enum Plot {
    case line(LinePlot)
    case bar(BarPlot)

    /// Its own height (px).
    var height: Double {
        switch self {
        case let .line(plot): plot.canvas.height
        case let .bar(plot): plot.canvas.height
        }
    }

    /// The plot as one `<svg class="plot">` element, at least `minimumHeight` px high.
    func svg(minimumHeight: Double = 0) -> String {
        switch self {
        case let .line(plot): plot.svg(minimumHeight: minimumHeight)
        case let .bar(plot): plot.svg(minimumHeight: minimumHeight)
        }
    }
}
