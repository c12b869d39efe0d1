/// Contact points: a dot where each contact began, shown for a quarter of a second from then.
enum ContactLayer {
    /// How long a contact mark stays (seconds), and the most marks drawn.
    static let markDuration = 0.25, maximumMarks = 2000

    /// The `<g class="contacts">` layer: one dot per contact that began at a known point.
    static func render(trace: Trace, clock: AnimationClock, unit: Double) -> String {
        var svg = "<g class=\"contacts\" fill=\"#d62728\">\n"
        let began = trace.contacts.filter { $0.phase == .began && $0.point?.isFinite == true }.prefix(maximumMarks)
        for contact in began {
            guard let point = contact.point else { continue }
            let visibility = clock.visibility(from: contact.time, to: contact.time + markDuration)
            svg += "<circle class=\"contact\" cx=\"\(SVGNumber.format(point.x))\" cy=\"\(SVGNumber.format(point.y))\" "
                + "r=\"\(SVGNumber.format(3 * unit))\"\(visibility.isEmpty ? "" : " visibility=\"hidden\"")>\(visibility)</circle>\n"
        }
        return svg + "</g>\n"
    }
}
