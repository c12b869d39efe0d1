/// Field regions: the circles and rectangles of each region at the field's position, translucent
/// (dashed under an inverse), labelled with the field's kind; the infinite region draws nothing.
enum FieldLayer {
    /// The `<g class="fields">` layer: one group per field, shown while present.
    static func render(history: SceneHistory, clock: AnimationClock, unit: Double) -> String {
        var svg = "<g class=\"fields\">\n"
        var labelsAt: [ScenePoint: Int] = [:]
        for life in history.lives {
            guard case .field(let spec) = life.behavior.kind else { continue }
            let visibility = clock.visibility(from: life.start, to: life.end)
            let hidden = visibility.isEmpty || life.start <= clock.start ? "" : " visibility=\"hidden\""
            svg += "<g class=\"field\" data-field=\"\(spec.fieldKind.rawValue)\"\(hidden)>\(visibility)"
            svg += shapes(of: spec.region, at: spec.position, inverted: false, unit: unit)
            svg += "<circle cx=\"\(SVGNumber.format(spec.position.x))\" cy=\"\(SVGNumber.format(spec.position.y))\" "
                + "r=\"\(SVGNumber.format(2 * unit))\" fill=\"#7a3db8\"/>"
            // Fields that share a position stack their labels instead of overprinting them.
            let line = labelsAt[spec.position, default: 0]
            labelsAt[spec.position] = line + 1
            svg += "<text x=\"\(SVGNumber.format(spec.position.x + 4 * unit))\" "
                + "y=\"\(SVGNumber.format(spec.position.y - 4 * unit - Double(line) * 11 * unit))\" "
                + "fill=\"#7a3db8\">\(spec.fieldKind.rawValue)</text></g>\n"
        }
        return svg + "</g>\n"
    }

    private static func shapes(of region: SceneRegion, at center: ScenePoint, inverted: Bool, unit: Double) -> String {
        let style = "fill=\"#7a3db8\" fill-opacity=\"\(inverted ? "0" : "0.07")\" stroke=\"#7a3db8\" "
            + "stroke-width=\"\(SVGNumber.format(unit))\"\(inverted ? " stroke-dasharray=\"\(SVGNumber.format(6 * unit)) \(SVGNumber.format(4 * unit))\"" : "")"
        switch region {
        case .infinite:
            return ""
        case .circle(let radius):
            return "<circle cx=\"\(SVGNumber.format(center.x))\" cy=\"\(SVGNumber.format(center.y))\" r=\"\(SVGNumber.format(radius))\" \(style)/>"
        case .rectangle(let size):
            return "<rect x=\"\(SVGNumber.format(center.x - size.width / 2))\" y=\"\(SVGNumber.format(center.y - size.height / 2))\" "
                + "width=\"\(SVGNumber.format(size.width))\" height=\"\(SVGNumber.format(size.height))\" \(style)/>"
        case .inverse(let inner):
            return shapes(of: inner, at: center, inverted: !inverted, unit: unit)
        case .union(let regions), .intersection(let regions):
            return regions.map { shapes(of: $0, at: center, inverted: inverted, unit: unit) }.joined()
        case .difference(let a, let b):
            return shapes(of: a, at: center, inverted: inverted, unit: unit) + shapes(of: b, at: center, inverted: !inverted, unit: unit)
        }
    }
}
