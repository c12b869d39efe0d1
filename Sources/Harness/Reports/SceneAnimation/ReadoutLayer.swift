/// The time readout (one label per step, each shown during its step) and a "paused" marker shown
/// while the engine reports it is paused.
enum ReadoutLayer {
    /// The readout's step (seconds): 0.1 s up to 20 s of run, coarser beyond, at most 200 labels.
    static func step(for duration: Double) -> Double {
        duration <= 20 ? 0.1 : max(0.5, (duration / 200 * 10).rounded(.up) / 10)
    }

    /// The `<g class="readout">` layer, in the top-left corner of the view.
    static func render(trace: Trace, clock: AnimationClock, view: AnimationViewport) -> String {
        let unit = view.unit
        let x = SVGNumber.format(view.origin.x + 8 * unit), y = SVGNumber.format(view.origin.y + 16 * unit)
        let size = SVGNumber.format(13 * unit)
        var svg = "<g class=\"readout\" font-size=\"\(size)\" fill=\"#000\">\n"
        let step = step(for: clock.duration)
        let count = max(1, Int((clock.duration / step).rounded(.up)))
        for index in 0..<count {
            let from = clock.start + Double(index) * step
            let visibility = clock.visibility(from: from, to: index == count - 1 ? from + 2 * clock.duration : from + step)
            let label = SVGNumber.format(Double(index) * step, digits: step < 1 ? 1 : 0)
            svg += "<text class=\"time\" x=\"\(x)\" y=\"\(y)\"\(visibility.isEmpty || index == 0 ? "" : " visibility=\"hidden\"")>"
                + "t = \(label) s\(visibility)</text>\n"
        }
        var pausedFrom: Double?
        for (index, sample) in trace.samples.enumerated() {
            let isLast = index == trace.samples.count - 1
            if !sample.isRunning && pausedFrom == nil { pausedFrom = sample.time }
            if let from = pausedFrom, sample.isRunning || isLast {
                let to = sample.isRunning ? sample.time : sample.time + clock.duration
                let visibility = clock.visibility(from: from, to: to)
                svg += "<text class=\"paused\" x=\"\(SVGNumber.format(view.origin.x + 110 * unit))\" y=\"\(y)\" fill=\"#b00020\""
                    + "\(visibility.isEmpty ? "" : " visibility=\"hidden\"")>paused\(visibility)</text>\n"
                pausedFrom = nil
            }
        }
        return svg + "</g>\n"
    }
}
