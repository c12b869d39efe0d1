/// A small inline SVG line plot of a series: observed (solid) against reference (dashed).
enum SVGPlot {
    static let width = 360.0, height = 220.0, margin = 40.0

    static func render(_ series: Series) -> String {
        let values = (series.observed + series.reference).filter(\.isFinite)
        guard let tMin = series.time.first, let tMax = series.time.last, tMax > tMin,
              var vMin = values.min(), var vMax = values.max() else { return "" }
        if vMax == vMin { vMin -= 1; vMax += 1 }
        func x(_ t: Double) -> Double { margin + (t - tMin) / (tMax - tMin) * (width - 2 * margin) }
        func y(_ v: Double) -> Double { height - margin - (v - vMin) / (vMax - vMin) * (height - 2 * margin) }
        func path(_ data: [Double]) -> String {
            zip(series.time, data).filter { $1.isFinite }
                .map { "\(NumberFormat.short(x($0))),\(NumberFormat.short(y($1)))" }.joined(separator: " ")
        }
        let title = HTMLReport.escape("\(series.caseName): \(series.name) (\(series.unit))")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" role="img" aria-label="\(title)">\
            <title>\(title)</title>\
            <text x="\(margin)" y="16" font-size="11">\(title)</text>\
            <text x="4" y="\(margin)" font-size="10">\(HTMLReport.escape(NumberFormat.short(vMax)))</text>\
            <text x="4" y="\(height - margin)" font-size="10">\(HTMLReport.escape(NumberFormat.short(vMin)))</text>\
            <text x="\(margin)" y="\(height - 12)" font-size="10">t = \(HTMLReport.escape(NumberFormat.short(tMin))) … \(HTMLReport.escape(NumberFormat.short(tMax))) s</text>\
            <text x="\(width - 150)" y="\(height - 12)" font-size="10" fill="#1f5fbf">— engine</text>\
            <text x="\(width - 90)" y="\(height - 12)" font-size="10" fill="#777">- - reference</text>\
            <polyline fill="none" stroke="#999" stroke-dasharray="5,4" stroke-width="2" points="\(path(series.reference))"/>\
            <polyline fill="none" stroke="#1f5fbf" stroke-width="1.2" points="\(path(series.observed))"/>\
            </svg>
            """
    }
}
