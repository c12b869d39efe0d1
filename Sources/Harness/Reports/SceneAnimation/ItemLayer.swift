import Foundation

/// Items: each one's collision bounds in its own frame, moved and turned along the trace.
enum ItemLayer {
    static let palette = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"]

    static func render(scene: Scene, trace: Trace, clock: AnimationClock, unit: Double) -> String {
        var svg = "<g class=\"items\">\n"
        for (index, item) in scene.items.enumerated() {
            let states = trace.index(of: item.id).map { trace.states(of: trace.itemIDs[$0]) } ?? []
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
            if keyed.count > 1 {
                let centers = finite(keyed.map(\.center), fallback: first.center).map(SVGNumber.pair)
                let angles = finite(keyed.map { degrees($0.angle) }, fallback: 0).map { SVGNumber.format($0) }
                svg += "<animateTransform attributeName=\"transform\" type=\"translate\" values=\"\(centers.joined(separator: ";"))\" "
                    + "keyTimes=\"\(clock.keyTimes)\" calcMode=\"linear\" \(clock.timing)/>"
                svg += "<animateTransform attributeName=\"transform\" type=\"rotate\" additive=\"sum\" "
                    + "values=\"\(angles.joined(separator: ";"))\" keyTimes=\"\(clock.keyTimes)\" calcMode=\"linear\" \(clock.timing)/>"
            }
            svg += "<text x=\"0\" y=\"\(SVGNumber.format(-item.size.height / 2 - 3 * unit))\" text-anchor=\"middle\" "
                + "fill=\"#333\">\(id)</text>"
            svg += "</g>\n"
        }
        return svg + "</g>\n"
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

    static func degrees(_ radians: Double) -> Double { radians * 180 / Double.pi }

    /// The values with every non-finite one replaced by the last finite one before it.
    static func finite(_ values: [Double], fallback: Double) -> [Double] {
        var last = fallback
        return values.map { value in
            if value.isFinite { last = value }
            return last
        }
    }

    static func finite(_ points: [ScenePoint], fallback: ScenePoint) -> [ScenePoint] {
        var last = fallback
        return points.map { point in
            if point.isFinite { last = point }
            return last
        }
    }
}
