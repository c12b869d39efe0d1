/// The reference bounds (a light frame), every reference-bounds boundary with its insets, and
/// every named boundary, each shown while its collision behavior is present.
enum BoundaryLayer {
    /// The `<g class="boundaries">` layer.
    static func render(scene: Scene, history: SceneHistory, clock: AnimationClock, unit: Double) -> String {
        var svg = "<g class=\"boundaries\" fill=\"none\">\n"
        let stroke = "stroke-width=\"\(SVGNumber.format(2 * unit))\""
        if let bounds = scene.referenceBounds {
            svg += "<rect class=\"reference-bounds\" x=\"\(SVGNumber.format(bounds.minX))\" y=\"\(SVGNumber.format(bounds.minY))\" "
                + "width=\"\(SVGNumber.format(bounds.size.width))\" height=\"\(SVGNumber.format(bounds.size.height))\" "
                + "stroke=\"#bbb\" stroke-width=\"\(SVGNumber.format(unit))\"/>\n"
        }
        for life in history.lives {
            guard case .collision(let spec) = life.behavior.kind else { continue }
            let visibility = clock.visibility(from: life.start, to: life.end)
            let hidden = visibility.isEmpty || life.start <= clock.start ? "" : " visibility=\"hidden\""
            if spec.referenceBoundsAreBoundary, let bounds = scene.referenceBounds {
                let insets = spec.referenceBoundsInsets ?? SceneInsets()
                svg += "<rect class=\"boundary\" x=\"\(SVGNumber.format(bounds.minX + insets.left))\" "
                    + "y=\"\(SVGNumber.format(bounds.minY + insets.top))\" "
                    + "width=\"\(SVGNumber.format(bounds.size.width - insets.left - insets.right))\" "
                    + "height=\"\(SVGNumber.format(bounds.size.height - insets.top - insets.bottom))\" "
                    + "stroke=\"#555\" \(stroke)\(hidden)>\(visibility)</rect>\n"
            }
            for boundary in spec.boundaries {
                let points = boundary.points.map { "\(SVGNumber.format($0.x)),\(SVGNumber.format($0.y))" }.joined(separator: " ")
                let element = boundary.closed ? "polygon" : "polyline"
                svg += "<g class=\"boundary\"\(hidden)>\(visibility)<\(element) points=\"\(points)\" stroke=\"#333\" \(stroke)/>"
                if let first = boundary.points.first {
                    svg += "<text x=\"\(SVGNumber.format(first.x))\" y=\"\(SVGNumber.format(first.y - 4 * unit))\" fill=\"#333\" "
                        + "stroke=\"none\">\(HTMLReport.escape(boundary.identifier))</text>"
                }
                svg += "</g>\n"
            }
        }
        return svg + "</g>\n"
    }
}
