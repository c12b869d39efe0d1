/// How a legend entry shows its series.
enum LegendMark: Equatable, Sendable {
    /// A line segment stroked and marked as its line is.
    case line(LineStyle)
    /// A filled square, as a bar.
    case bar
}

/// One entry of a plot's legend.
struct LegendEntry: Equatable, Sendable {
    var label: String
    var color: String
    var mark: LegendMark
}

/// The frame every plot shares, at one size: a wrapped title above the plot area, the axes
/// with ticks, tick labels and titles, then the legend and the notes below, so that nothing
/// covers the data and the width never changes. Its root `<svg>` has `class="plot"`.
struct PlotCanvas {
    static let width = 540.0
    static let plotHeight = 250.0
    static let left = 92.0
    static let right = 24.0
    static let titleSize = 13.0
    static let labelSize = 11.0
    static let noteSize = 10.5

    var title: String
    var legend: [LegendEntry]
    var notes: [String]
    /// The least height of the whole plot (px): plots shown side by side get the same height.
    var minimumHeight = 0.0

    var titleLines: [String] { PlotText.wrap(title, width: Self.width - 24, fontSize: Self.titleSize) }
    /// Top of the plot area (px).
    var top: Double { 12 + Double(titleLines.count) * 17 + 8 }
    var bottom: Double { top + Self.plotHeight }
    var plotWidth: Double { Self.width - Self.left - Self.right }

    /// The x position (px) of the fraction `f` of the plot area's width.
    func x(_ f: Double) -> Double { Self.left + f * plotWidth }
    /// The y position (px) of the fraction `f` of the plot area's height (0 at the bottom).
    func y(_ f: Double) -> Double { bottom - f * Self.plotHeight }

    /// The whole `<svg>`: `content` is drawn over the grid, inside the frame. `xTicks` are
    /// positions (px) with labels; `yAxis` places its own ticks.
    func svg(xTicks: [(position: Double, label: String)], xTitle: String, yAxis: PlotAxis, content: String) -> String {
        var body = ""
        for (index, line) in titleLines.enumerated() {
            body += PlotText.element(line, x: Self.width / 2, y: 12 + 13 + Double(index) * 17, size: Self.titleSize,
                                     anchor: "middle", attributes: "font-weight=\"bold\"")
        }
        for (tick, label) in zip(yAxis.ticks, yAxis.labels) {
            let position = y(yAxis.fraction(tick))
            body += "<line x1=\"\(PlotText.px(Self.left))\" y1=\"\(PlotText.px(position))\" x2=\"\(PlotText.px(Self.left + plotWidth))\" y2=\"\(PlotText.px(position))\" stroke=\"#e4e4e4\"/>"
            body += PlotText.element(label, x: Self.left - 6, y: position + 4, size: Self.labelSize, anchor: "end")
        }
        for tick in xTicks {
            body += "<line x1=\"\(PlotText.px(tick.position))\" y1=\"\(PlotText.px(top))\" x2=\"\(PlotText.px(tick.position))\" y2=\"\(PlotText.px(bottom + 4))\" stroke=\"#e4e4e4\"/>"
            body += PlotText.element(tick.label, x: tick.position, y: bottom + 17, size: Self.labelSize, anchor: "middle")
        }
        body += "<rect x=\"\(PlotText.px(Self.left))\" y=\"\(PlotText.px(top))\" width=\"\(PlotText.px(plotWidth))\" height=\"\(PlotText.px(Self.plotHeight))\" fill=\"none\" stroke=\"#888888\"/>"
        body += content
        body += PlotText.element(xTitle, x: Self.left + plotWidth / 2, y: bottom + 35, size: Self.labelSize, anchor: "middle")
        let yTitleLines = PlotText.wrap(yAxis.title, width: Self.plotHeight, fontSize: Self.labelSize).prefix(2)
        for (index, line) in yTitleLines.enumerated() {
            let column = 14 + Double(index) * 14
            body += PlotText.element(line, x: 0, y: 0, size: Self.labelSize, anchor: "middle",
                                     attributes: "transform=\"translate(\(PlotText.px(column)),\(PlotText.px(top + Self.plotHeight / 2))) rotate(-90)\"")
        }
        body += belowPlot().elements
        let height = Int(self.height.rounded(.up)), width = Int(Self.width)
        let label = HTMLReport.escape(title)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" role=\"img\" aria-label=\"\(label)\"><title>\(label)</title>"
            + "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>" + body + "</svg>"
    }

    /// The height of the whole plot (px): its own layout's, or `minimumHeight` if larger.
    var height: Double { max(belowPlot().end + 12, minimumHeight) }

    /// The legend and the notes below the plot area, and the baseline of their last line (px).
    private func belowPlot() -> (elements: String, end: Double) {
        var cursor = bottom + 50
        var elements = legendElements(from: &cursor)
        for note in notes {
            for line in PlotText.wrap(note, width: Self.width - 24, fontSize: Self.noteSize) {
                cursor += 14
                elements += PlotText.element(line, x: 12, y: cursor, size: Self.noteSize, attributes: "fill=\"#555555\"")
            }
        }
        return (elements, cursor)
    }

    /// The legend, one entry per row (two columns when every label fits half the width),
    /// starting below `cursor` and moving it to the last row's baseline.
    private func legendElements(from cursor: inout Double) -> String {
        let columnWidth = (Self.width - 24) / 2
        let twoColumns = legend.allSatisfy { PlotText.width($0.label, fontSize: Self.labelSize) + 34 <= columnWidth }
        var elements = ""
        for (index, entry) in legend.enumerated() {
            let column = twoColumns ? index % 2 : 0
            if column == 0 { cursor += 16 }
            let x = 12 + Double(column) * columnWidth
            elements += mark(entry, x: x, y: cursor - 4)
            let lines = PlotText.wrap(entry.label, width: (twoColumns ? columnWidth : Self.width - 24) - 34, fontSize: Self.labelSize)
            for (lineIndex, line) in lines.enumerated() {
                if lineIndex > 0 { cursor += 14 }
                elements += PlotText.element(line, x: x + 30, y: cursor, size: Self.labelSize)
            }
        }
        return elements
    }

    private func mark(_ entry: LegendEntry, x: Double, y: Double) -> String {
        switch entry.mark {
        case .bar:
            return "<rect x=\"\(PlotText.px(x + 6))\" y=\"\(PlotText.px(y - 6))\" width=\"12\" height=\"12\" fill=\"\(entry.color)\"/>"
        case let .line(style):
            var svg = "<line x1=\"\(PlotText.px(x))\" y1=\"\(PlotText.px(y))\" x2=\"\(PlotText.px(x + 24))\" y2=\"\(PlotText.px(y))\" \(style.strokeAttributes(color: entry.color))/>"
            if let marker = style.marker { svg += marker.svg(x: x + 12, y: y, color: entry.color, opacity: style.opacity) }
            return svg
        }
    }
}
