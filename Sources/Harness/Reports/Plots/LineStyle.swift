/// The shape of a line's point markers: runs drawn on the same axes get different shapes, so
/// that markers on top of one another still show both.
enum PlotMarker: Equatable, Sendable {
    case circle
    case square
    case triangle
    case diamond

    /// The marker centred at (`x`, `y`) px, filled with `color` at `opacity`.
    func svg(x: Double, y: Double, color: String, opacity: Double) -> String {
        let fill = "fill=\"\(color)\"" + (opacity < 1 ? " fill-opacity=\"\(LineStyle.fraction(opacity))\"" : "")
        switch self {
        case .circle:
            return "<circle cx=\"\(PlotText.px(x))\" cy=\"\(PlotText.px(y))\" r=\"3.2\" \(fill)/>"
        case .square:
            return "<rect x=\"\(PlotText.px(x - 3))\" y=\"\(PlotText.px(y - 3))\" width=\"6\" height=\"6\" \(fill)/>"
        case .triangle:
            return "<path d=\"M\(PlotText.px(x)) \(PlotText.px(y - 4))L\(PlotText.px(x + 3.6)) \(PlotText.px(y + 2.6))L\(PlotText.px(x - 3.6)) \(PlotText.px(y + 2.6))Z\" \(fill)/>"
        case .diamond:
            return "<path d=\"M\(PlotText.px(x)) \(PlotText.px(y - 4))L\(PlotText.px(x + 4)) \(PlotText.px(y))L\(PlotText.px(x)) \(PlotText.px(y + 4))L\(PlotText.px(x - 4)) \(PlotText.px(y))Z\" \(fill)/>"
        }
    }
}

/// How a line is stroked and marked, shared by the line and its legend entry.
struct LineStyle: Equatable, Sendable {
    /// SVG dash array; empty for a solid line.
    var dash = ""
    /// Stroke width (px).
    var width = 1.6
    /// Stroke and marker opacity, 0…1.
    var opacity = 1.0
    /// The point markers' shape; `nil` for none.
    var marker: PlotMarker?

    /// The stroke attributes of a `<path>` or `<line>` in `color`.
    func strokeAttributes(color: String) -> String {
        var text = "stroke=\"\(color)\" stroke-width=\"\(PlotText.px(width))\""
        if !dash.isEmpty { text += " stroke-dasharray=\"\(dash)\"" }
        if opacity < 1 { text += " stroke-opacity=\"\(Self.fraction(opacity))\"" }
        return text
    }

    /// An opacity with two decimals.
    static func fraction(_ value: Double) -> String { String(format: "%.2f", value) }
}
