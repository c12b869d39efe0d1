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
    /// Its stroke and markers.
    var style = LineStyle()
    /// Text next to each point (empty, or one per point).
    var pointLabels: [String] = []
    /// Where the markers of a line longer than ``LinePlot/maximumMarkers`` points fall, as a
    /// fraction of the spacing between them: runs drawn together get different phases, so that
    /// their markers do not hide one another.
    var markerPhase = 0.0

    /// The indices of the points that get a marker: every point of a short line, else
    /// ``LinePlot/maximumMarkers`` evenly spaced ones shifted by ``markerPhase``.
    var markedIndices: [Int] {
        guard style.marker != nil else { return [] }
        let count = points.count, most = LinePlot.maximumMarkers
        guard count > most else { return Array(points.indices) }
        let spacing = Double(count - 1) / Double(most)
        return (0..<most).map { min(count - 1, Int(((Double($0) + markerPhase) * spacing).rounded())) }
    }
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

    /// The most markers a long line gets: enough to tell its style, few enough not to hide it.
    static let maximumMarkers = 12

    /// The frame it is drawn in.
    var canvas: PlotCanvas {
        PlotCanvas(title: title,
                   legend: lines.map { LegendEntry(label: $0.label, color: $0.color, mark: .line($0.style)) },
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
                content += "<path d=\"\(path)\" fill=\"none\" \(line.style.strokeAttributes(color: line.color))/>"
            }
            if let marker = line.style.marker {
                for index in line.markedIndices {
                    guard let p = position(line.points[index]) else { continue }
                    content += marker.svg(x: p.x, y: p.y, color: line.color, opacity: line.style.opacity)
                }
            }
            for (index, point) in line.points.enumerated() where index < line.pointLabels.count {
                guard let p = position(point) else { continue }
                let text = line.pointLabels[index]
                let spot = placed.place(text, at: p, fontSize: 10)
                content += PlotText.element(text, x: spot.x, y: spot.y, size: 10, attributes: "fill=\"\(line.color)\"")
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
