import Foundation

/// Items: each one's collision bounds in its own frame, moved and turned along the trace.
enum ItemLayer {
    /// Item fill colours, used in turn.
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"]

    /// The `<g class="items">` layer: one `<g class="item">` per scene item.
    static func render(scene: Scene, trace: Trace, clock: AnimationClock, unit: Double) -> String {
        var svg = "<g class=\"items\">\n"
        for (index, item) in scene.items.enumerated() {
            let states = trace.states(of: item.id)
            let keyed = clock.indices.compactMap { states.indices.contains($0) ? states[$0] : nil }
            let first = keyed.first ?? ItemState(center: item.center, angle: item.angle, velocity: .zero, angularVelocity: 0)
            let id = HTMLReport.escape(item.id)
            let color = palette[index % palette.count]
            svg += "<g class=\"item\" data-item=\"\(id)\" transform=\"translate(\(SVGNumber.pair(first.center))) "
                + "rotate(\(SVGNumber.format(degrees(first.angle))))\">"
            svg += "<title>\(id)</title>"
            svg += shape(of: item, color: color, unit: unit)
            let reach = min(item.size.width, item.size.height) / 2
            svg += "<line x1=\"0\" y1=\"0\" x2=\"\(SVGNumber.format(reach))\" y2=\"0\" stroke=\"#222\" "
                + "stroke-width=\"\(SVGNumber.format(unit))\"/>"
            let angles = finite(keyed.map { degrees($0.angle) }, fallback: degrees(first.angle))
            if keyed.count > 1 {
                // The translation replaces the whole `transform` attribute, so the rotation is
                // animated on top of it even when it stays the same.
                svg += clock.animateTransform("translate", finite(keyed.map(\.center), fallback: first.center).map(SVGNumber.pair))
                svg += clock.animateTransform("rotate", angles.map { SVGNumber.format($0) }, adding: true)
            }
            let turns = Set(angles.map { SVGNumber.format($0) }).count > 1
            svg += label(id, of: item, turnedBack: turns ? angles : [degrees(first.angle)], clock: clock, unit: unit)
            svg += "</g>\n"
        }
        return svg + "</g>\n"
    }

    /// The item's name above it, kept upright: it turns back by the item's `angles` (degrees: one
    /// per keyframe, or a single one for an item that does not turn), and stays clear of the
    /// shape at any angle.
    static func label(_ text: String, of item: SceneItem, turnedBack angles: [Double], clock: AnimationClock, unit: Double) -> String {
        let back = angles.map { SVGNumber.format(-$0) }
        var svg = "<text x=\"0\" y=\"\(SVGNumber.format(-radius(of: item) - 3 * unit))\" text-anchor=\"middle\" fill=\"#333\" "
            + "transform=\"rotate(\(back.first ?? "0"))\">\(text)"
        if back.count > 1 { svg += clock.animateTransform("rotate", back) }
        return svg + "</text>"
    }

    /// The distance from the center to the farthest point of the collision shape (points).
    static func radius(of item: SceneItem) -> Double {
        switch item.shape {
        case .rectangle: (item.size.width * item.size.width + item.size.height * item.size.height).squareRoot() / 2
        case .ellipse: max(item.size.width, item.size.height) / 2
        case .path: (item.path ?? []).map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.max() ?? 0
        }
    }

    /// The collision shape in the item's own frame.
    static func shape(of item: SceneItem, color: String, unit: Double) -> String {
        let style = "fill=\"\(color)\" fill-opacity=\"0.55\" stroke=\"\(color)\" stroke-width=\"\(SVGNumber.format(1.5 * unit))\""
        let w = item.size.width, h = item.size.height
        switch item.shape {
        case .rectangle:
            return "<rect x=\"\(SVGNumber.format(-w / 2))\" y=\"\(SVGNumber.format(-h / 2))\" width=\"\(SVGNumber.format(w))\" "
                + "height=\"\(SVGNumber.format(h))\" \(style)/>"
        case .ellipse:
            return "<ellipse cx=\"0\" cy=\"0\" rx=\"\(SVGNumber.format(w / 2))\" ry=\"\(SVGNumber.format(h / 2))\" \(style)/>"
        case .path:
            let points = (item.path ?? []).map { "\(SVGNumber.format($0.x)),\(SVGNumber.format($0.y))" }.joined(separator: " ")
            return "<polygon points=\"\(points)\" \(style)/>"
        }
    }

    /// `radians` in degrees.
    static func degrees(_ radians: Double) -> Double { radians * 180 / Double.pi }

    /// The values with every non-finite one replaced by the last finite one before it.
    static func finite(_ values: [Double], fallback: Double) -> [Double] {
        var last = fallback
        return values.map { value in
            if value.isFinite { last = value }
            return last
        }
    }

    /// The points with every non-finite one replaced by the last finite one before it.
    static func finite(_ points: [ScenePoint], fallback: ScenePoint) -> [ScenePoint] {
        var last = fallback
        return points.map { point in
            if point.isFinite { last = point }
            return last
        }
    }
}
