/// A point of a line, in data units.
struct PlotPoint: Equatable, Sendable {
    var x: Double
    var y: Double
}

/// One line of a ``LinePlot``.
struct PlotLine: Sendable {
    /// Its legend text.
    var label: String
    var points: [PlotPoint]
    var color: String
    /// SVG dash array; empty for a solid line.
    var dash = ""
    /// Whether each point gets a marker.
    var markers = false
    /// Text next to each point (empty, or one per point).
    var pointLabels: [String] = []
}

/// Lines over two axes, each linear or logarithmic, with a legend and notes below the plot.
/// Points the scale cannot place (not finite, or ≤ 0 on a logarithmic axis) break their line.
struct LinePlot {
    var title: String
    /// Axis titles with units.
    var xTitle: String
    var yTitle: String
    var xScale: PlotScale
    var yScale: PlotScale
    var lines: [PlotLine]
    /// Captions below the legend (e.g. how zeros are drawn).
    var notes: [String] = []

    /// The plot as one `<svg class="plot">` element.
    func svg() -> String {
        let points = lines.flatMap(\.points)
        let xAxis = PlotAxis(title: xTitle, scale: xScale, covering: points.map(\.x))
        let yAxis = PlotAxis(title: yTitle, scale: yScale, covering: points.map(\.y))
        let canvas = PlotCanvas(
            title: title,
            legend: lines.map { LegendEntry(label: $0.label, color: $0.color, mark: .line(dash: $0.dash, marker: $0.markers)) },
            notes: notes)
        func position(_ point: PlotPoint) -> (x: Double, y: Double)? {
            let fx = xAxis.fraction(point.x), fy = yAxis.fraction(point.y)
            guard fx.isFinite, fy.isFinite else { return nil }
            return (canvas.x(fx), canvas.y(fy))
        }
        var content = ""
        for line in lines {
            var path = "", pen = false
            for point in line.points {
                guard let p = position(point) else { pen = false; continue }
                path += (pen ? "L" : "M") + PlotText.px(p.x) + " " + PlotText.px(p.y)
                pen = true
            }
            if !path.isEmpty {
                let dashing = line.dash.isEmpty ? "" : " stroke-dasharray=\"\(line.dash)\""
                content += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(line.color)\" stroke-width=\"1.6\"\(dashing)/>"
            }
            for (index, point) in line.points.enumerated() {
                guard let p = position(point) else { continue }
                if line.markers {
                    content += "<circle cx=\"\(PlotText.px(p.x))\" cy=\"\(PlotText.px(p.y))\" r=\"3.2\" fill=\"\(line.color)\"/>"
                }
                if index < line.pointLabels.count {
                    content += PlotText.element(line.pointLabels[index], x: p.x + 5, y: p.y - 6, size: 10,
                                                attributes: "fill=\"\(line.color)\"")
                }
            }
        }
        let xTicks = zip(xAxis.ticks, xAxis.labels).map { (canvas.x(xAxis.fraction($0)), $1) }
        return canvas.svg(xTicks: xTicks, xTitle: xTitle, yAxis: yAxis, content: content)
    }
}
