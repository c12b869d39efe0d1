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

    /// The frame it is drawn in.
    var canvas: PlotCanvas {
        PlotCanvas(title: title,
                   legend: lines.map { LegendEntry(label: $0.label, color: $0.color, mark: .line(dash: $0.dash, marker: $0.markers)) },
                   notes: notes)
    }

    /// The plot as one `<svg class="plot">` element, at least `minimumHeight` px high.
    func svg(minimumHeight: Double = 0) -> String {
        let points = lines.flatMap(\.points)
        let xAxis = PlotAxis(title: xTitle, scale: xScale, covering: points.map(\.x))
        let yAxis = PlotAxis(title: yTitle, scale: yScale, covering: points.map(\.y))
        var canvas = canvas
        canvas.minimumHeight = minimumHeight
        func position(_ point: PlotPoint) -> (x: Double, y: Double)? {
            let fx = xAxis.fraction(point.x), fy = yAxis.fraction(point.y)
            guard fx.isFinite, fy.isFinite else { return nil }
            return (canvas.x(fx), canvas.y(fy))
        }
        var content = ""
        var placed = PointLabelPlacement()
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
                    let text = line.pointLabels[index]
                    let spot = placed.place(text, at: p, fontSize: 10)
                    content += PlotText.element(text, x: spot.x, y: spot.y, size: 10, attributes: "fill=\"\(line.color)\"")
                }
            }
        }
        let xTicks = zip(xAxis.ticks, xAxis.labels).map { (canvas.x(xAxis.fraction($0)), $1) }
        return canvas.svg(xTicks: xTicks, xTitle: xTitle, yAxis: yAxis, content: content)
    }
}

/// Places point labels beside their points where they overlap no label placed before: above
/// right, below right, above left, below left, else above right all the same.
struct PointLabelPlacement {
    private var boxes: [(x: Double, y: Double, width: Double, height: Double)] = []

    /// The baseline start (px) for `text` next to the point at `point` (px).
    mutating func place(_ text: String, at point: (x: Double, y: Double), fontSize: Double) -> (x: Double, y: Double) {
        let width = PlotText.width(text, fontSize: fontSize), height = fontSize
        let candidates = [(point.x + 5, point.y - 6), (point.x + 5, point.y + 14), (point.x - 5 - width, point.y - 6),
                          (point.x - 5 - width, point.y + 14)]
        let free = candidates.first { x, y in
            !boxes.contains { x < $0.x + $0.width + 4 && $0.x < x + width + 4 && y - height < $0.y && $0.y - $0.height < y }
        } ?? candidates[0]
        boxes.append((free.0, free.1, width, height))
        return free
    }
}
