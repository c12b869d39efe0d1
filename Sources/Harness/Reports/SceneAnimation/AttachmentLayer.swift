/// Attachments and snaps, following their items: a line between the two attachment points (rods
/// solid, springs dashed, ropes dotted; welds, pins and sliders solid with a square, circle or
/// diamond at the joint), item–anchor anchors as small squares that move when dragged, and snap
/// points as crosshairs with a thin line to the item.
enum AttachmentLayer {
    /// The `<g class="attachments">` layer: one group per attachment or snap, shown while present.
    static func render(history: SceneHistory, tracks: BodyTracks, trace: Trace, clock: AnimationClock, unit: Double) -> String {
        var svg = "<g class=\"attachments\">\n"
        for life in history.lives {
            let created = tracks.sample(atOrBefore: life.start)
            let visibility = clock.visibility(from: life.start, to: life.end)
            let hidden = visibility.isEmpty || life.start <= clock.start ? "" : " visibility=\"hidden\""
            switch life.behavior.kind {
            case .attachment(let spec):
                guard let ends = endpoints(spec, life: life, created: created, tracks: tracks, trace: trace, clock: clock) else { continue }
                svg += "<g class=\"attachment\" data-kind=\"\(style(of: spec).name)\"\(hidden)>\(visibility)"
                svg += line(from: ends.a, to: ends.b, clock: clock, attributes: style(of: spec).stroke(unit))
                if let marker = marker(for: spec.attachmentKind, at: ends.a, clock: clock, unit: unit) { svg += marker }
                if spec.otherItem == nil { svg += square(at: ends.b, size: 5 * unit, color: "#444", clock: clock) }
                svg += "</g>\n"
            case .snap(let spec):
                guard let track = life.anchor else { continue }
                let points = clock.times.map(track.point(at:))
                let centers = clock.indices.map { max($0, created) }.map { tracks.center(of: spec.item, at: $0) ?? .zero }
                svg += "<g class=\"snap\"\(hidden)>\(visibility)"
                svg += line(from: points, to: centers, clock: clock,
                            attributes: "stroke=\"#c0392b\" stroke-width=\"\(SVGNumber.format(unit))\" stroke-dasharray=\"\(SVGNumber.format(2 * unit)) \(SVGNumber.format(2 * unit))\"")
                svg += crosshair(at: points, size: 6 * unit, clock: clock, unit: unit)
                svg += "</g>\n"
            default:
                continue
            }
        }
        return svg + "</g>\n"
    }

    /// How an attachment's line is stroked (lengths in viewport units, about a pixel each).
    struct Style {
        /// What the attachment is, as the `data-kind` attribute says it.
        let name: String, color: String, width: Double
        /// Dash and gap lengths, for a broken line.
        var dash: (on: Double, off: Double)?
        /// Whether dashes end in round caps: short dashes then read as dots.
        var roundCaps = true

        func stroke(_ unit: Double) -> String {
            var attributes = "stroke=\"\(color)\" stroke-width=\"\(SVGNumber.format(width * unit))\" "
                + "stroke-linecap=\"\(roundCaps ? "round" : "butt")\""
            if let dash {
                attributes += " stroke-dasharray=\"\(SVGNumber.format(dash.on * unit)) \(SVGNumber.format(dash.off * unit))\""
            }
            return attributes
        }
    }

    /// Springs in long square-ended dashes, ropes in round dots, the rest solid.
    static func style(of spec: AttachmentSpec) -> Style {
        switch spec.attachmentKind {
        case .distance where spec.frequency > 0:
            Style(name: "spring", color: "#2e8b57", width: 2.5, dash: (on: 7, off: 4), roundCaps: false)
        case .distance: Style(name: "rod", color: "#222222", width: 2)
        case .limit: Style(name: "rope", color: "#8b5a2b", width: 2.5, dash: (on: 0.5, off: 3.5))
        case .fixed: Style(name: "weld", color: "#1f5fbf", width: 2)
        case .pin: Style(name: "pin", color: "#b03060", width: 2)
        case .sliding: Style(name: "sliding", color: "#008080", width: 2)
        }
    }

    /// The two attachment points at every keyframe.
    static func endpoints(_ spec: AttachmentSpec, life: SceneHistory.Life, created: Int, tracks: BodyTracks, trace: Trace,
                          clock: AnimationClock) -> (a: [ScenePoint], b: [ScenePoint])? {
        guard let centerA = tracks.center(of: spec.item, at: created) else { return nil }
        let samples = clock.indices.map { max($0, created) }
        let offsetA: SceneVector, offsetB: SceneVector
        if spec.attachmentKind.usesOffsets {
            offsetA = spec.offset
            offsetB = spec.otherOffset
        } else {
            guard let anchor = spec.anchor else { return nil }
            offsetA = anchor - centerA
            offsetB = spec.otherItem.flatMap { tracks.center(of: $0, at: created) }.map { anchor - $0 } ?? .zero
        }
        let a = samples.map { tracks.point(on: spec.item, offset: offsetA, fixedAt: created, at: $0) ?? centerA }
        let b: [ScenePoint]
        if let other = spec.otherItem {
            b = samples.map { tracks.point(on: other, offset: offsetB, fixedAt: created, at: $0) ?? centerA }
        } else if let track = life.anchor {
            b = clock.times.map(track.point(at:))
        } else {
            return nil
        }
        return (a, b)
    }

    /// A `<line>` from `a` to `b` (one point each per keyframe) that follows them.
    static func line(from a: [ScenePoint], to b: [ScenePoint], clock: AnimationClock, attributes: String) -> String {
        guard let a0 = a.first, let b0 = b.first else { return "" }
        var svg = "<line x1=\"\(SVGNumber.format(a0.x))\" y1=\"\(SVGNumber.format(a0.y))\" x2=\"\(SVGNumber.format(b0.x))\" "
            + "y2=\"\(SVGNumber.format(b0.y))\" \(attributes)>"
        if a.count > 1 {
            svg += clock.animate("x1", a.map { SVGNumber.format($0.x) }) + clock.animate("y1", a.map { SVGNumber.format($0.y) })
            svg += clock.animate("x2", b.map { SVGNumber.format($0.x) }) + clock.animate("y2", b.map { SVGNumber.format($0.y) })
        }
        return svg + "</line>"
    }

    /// A group translated along `points`.
    static func moving(_ content: String, along points: [ScenePoint], clock: AnimationClock) -> String {
        guard let first = points.first else { return "" }
        var svg = "<g transform=\"translate(\(SVGNumber.pair(first)))\">\(content)"
        if points.count > 1 {
            svg += clock.animateTransform("translate", points.map(SVGNumber.pair))
        }
        return svg + "</g>"
    }

    /// A filled square of side `size` (points) following `points`.
    static func square(at points: [ScenePoint], size: Double, color: String, clock: AnimationClock) -> String {
        moving("<rect x=\"\(SVGNumber.format(-size / 2))\" y=\"\(SVGNumber.format(-size / 2))\" width=\"\(SVGNumber.format(size))\" "
               + "height=\"\(SVGNumber.format(size))\" fill=\"\(color)\"/>", along: points, clock: clock)
    }

    /// The joint marker of a weld (square), pin (circle) or slider (diamond); none for the others.
    static func marker(for kind: AttachmentKind, at points: [ScenePoint], clock: AnimationClock, unit: Double) -> String? {
        let r = 3.5 * unit
        switch kind {
        case .distance, .limit: return nil
        case .fixed: return square(at: points, size: 2 * r, color: "#1f5fbf", clock: clock)
        case .pin:
            return moving("<circle r=\"\(SVGNumber.format(r))\" fill=\"#ffffff\" stroke=\"#b03060\" stroke-width=\"\(SVGNumber.format(1.5 * unit))\"/>",
                          along: points, clock: clock)
        case .sliding:
            let d = SVGNumber.format(r * 1.4)
            return moving("<polygon points=\"0,-\(d) \(d),0 0,\(d) -\(d),0\" fill=\"#008080\"/>", along: points, clock: clock)
        }
    }

    /// A snap point's crosshair, `size` (points) each side of its center, following `points`.
    static func crosshair(at points: [ScenePoint], size: Double, clock: AnimationClock, unit: Double) -> String {
        let s = SVGNumber.format(size), w = SVGNumber.format(1.5 * unit)
        return moving("<line x1=\"-\(s)\" y1=\"0\" x2=\"\(s)\" y2=\"0\" stroke=\"#c0392b\" stroke-width=\"\(w)\"/>"
                      + "<line x1=\"0\" y1=\"-\(s)\" x2=\"0\" y2=\"\(s)\" stroke=\"#c0392b\" stroke-width=\"\(w)\"/>"
                      + "<circle r=\"\(SVGNumber.format(size * 0.6))\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"\(w)\"/>",
                      along: points, clock: clock)
    }
}
