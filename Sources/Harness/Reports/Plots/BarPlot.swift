/// One group of bars of a ``BarPlot``: a series with one value per category.
struct BarGroup: Sendable {
    /// Its legend text.
    var label: String
    var color: String
    /// One value per category; NaN draws no bar.
    var values: [Double]
}

/// Grouped bars: for each category (e.g. bounce n), one bar per group side by side, on a
/// linear axis from zero. Each bar carries its value as a tooltip.
struct BarPlot {
    var title: String
    /// Axis titles with units.
    var xTitle: String
    var yTitle: String
    var categories: [String]
    var groups: [BarGroup]
    var notes: [String] = []

    /// The frame it is drawn in.
    var canvas: PlotCanvas {
        PlotCanvas(title: title, legend: groups.map { LegendEntry(label: $0.label, color: $0.color, mark: .bar) }, notes: notes)
    }

    /// The plot as one `<svg class="plot">` element, at least `minimumHeight` px high.
    func svg(minimumHeight: Double = 0) -> String {
        let yAxis = PlotAxis(title: yTitle, scale: .linear, covering: [0] + groups.flatMap(\.values))
        var canvas = canvas
        canvas.minimumHeight = minimumHeight
        let slot = canvas.plotWidth / Double(max(1, categories.count))
        let barWidth = slot * 0.8 / Double(max(1, groups.count))
        var content = ""
        for (categoryIndex, category) in categories.enumerated() {
            for (groupIndex, group) in groups.enumerated() {
                guard categoryIndex < group.values.count, group.values[categoryIndex].isFinite else { continue }
                let value = group.values[categoryIndex]
                let x = PlotCanvas.left + Double(categoryIndex) * slot + slot * 0.1 + Double(groupIndex) * barWidth
                let top = canvas.y(yAxis.fraction(max(0, value))), base = canvas.y(yAxis.fraction(min(0, value)))
                let tooltip = HTMLReport.escape("\(group.label), \(xTitle) \(category): \(NumberFormat.short(value))")
                content += "<rect x=\"\(PlotText.px(x))\" y=\"\(PlotText.px(top))\" width=\"\(PlotText.px(barWidth * 0.92))\" height=\"\(PlotText.px(max(0.5, base - top)))\" fill=\"\(group.color)\"><title>\(tooltip)</title></rect>"
            }
        }
        let xTicks = categories.enumerated().map { (PlotCanvas.left + (Double($0.offset) + 0.5) * slot, $0.element) }
        return canvas.svg(xTicks: xTicks, xTitle: xTitle, yAxis: yAxis, content: content)
    }
}
