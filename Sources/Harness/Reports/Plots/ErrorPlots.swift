import Foundation

/// The error of each series over time, |observed − reference| in the series' unit, and the
/// relative energy drift: one plot per unit and at most ``ExperimentPlots/maximumLines`` lines.
enum ErrorPlots {
    /// Error-over-time plots of `series`.
    static func errorOverTime(_ series: [Series]) -> [Plot] {
        ExperimentPlots.chunks(series, unit: \.unit, name: \.name).map { chunk in
            let naming = Naming(chunk)
            return .line(plot(chunk, title: "Error over time: \(naming.title)", labels: chunk.map(naming.label),
                              colors: chunk.indices.map(PlotPalette.color), styles: chunk.map { _ in LineStyle() }))
        }
    }

    /// The error |observed − reference| of each of `chunk` (one unit) over time, on a log axis
    /// beyond two decades with exact zeros drawn at a stated floor; line `i` labelled, coloured
    /// and stroked by `labels[i]`, `colors[i]` and `styles[i]`.
    static func plot(_ chunk: [Series], title: String, labels: [String], colors: [String], styles: [LineStyle]) -> LinePlot {
        let unit = chunk.first?.unit ?? ""
        let errors = chunk.map { one in zip(one.observed, one.reference).map { abs($0 - $1) } }
        let all = errors.flatMap { $0 }
        let scale = PlotScale.forErrors(all)
        var notes: [String] = []
        var floor: Double?
        let positive = all.filter { $0.isFinite && $0 > 0 }
        if positive.isEmpty {
            notes.append("Every error is exactly 0.")
        } else if scale == .logarithmic, let smallest = positive.min() {
            let zeros = all.filter { $0 == 0 }.count
            let value = pow(10, Foundation.floor(log10(smallest)))
            if zeros > 0 {
                floor = value
                notes.append("Logarithmic axis: \(zeros) of \(all.count) samples are exactly 0 and are drawn at \(NumberFormat.short(value)) \(unit).")
            }
        }
        let lines = chunk.indices.map { index in
            PlotLine(label: labels[index],
                     points: zip(chunk[index].time, errors[index]).map { t, e in
                         PlotPoint(x: t, y: floor.map { e == 0 ? $0 : e } ?? e)
                     },
                     color: colors[index], style: styles[index])
        }
        return LinePlot(title: title, xTitle: "time (s)", yTitle: "|engine − reference| (\(unit))", xScale: .linear,
                        yScale: scale, lines: lines, notes: notes)
    }

    /// Dash patterns of the energy lines, so that coinciding drifts stay visible.
    static let dashes = ["", "7,4", "2,3", "10,3,2,3"]

    /// Energy-drift plots of `series` (observed − reference, signed, linear axis).
    static func energyDrift(_ series: [Series]) -> [Plot] {
        ExperimentPlots.chunks(series, unit: \.unit, name: \.name).map { chunk in
            let naming = Naming(chunk)
            let lines = chunk.indices.map { index in
                PlotLine(label: naming.label(chunk[index]),
                         points: zip(chunk[index].time, zip(chunk[index].observed, chunk[index].reference)).map {
                             PlotPoint(x: $0, y: $1.0 - $1.1)
                         },
                         color: PlotPalette.color(index), style: LineStyle(dash: dashes[index % dashes.count]))
            }
            let conserving = chunk.allSatisfy { $0.reference.allSatisfy { $0 == 0 } }
            return .line(LinePlot(title: "Energy over time: \(naming.title)", xTitle: "time (s)",
                            yTitle: "drift (\(chunk[0].unit))", xScale: .linear, yScale: .linear, lines: lines,
                            notes: conserving ? ["The reference conserves energy: its drift is 0."] : ["Drift: engine − reference."]))
        }
    }

    /// Plot title and legend labels for series drawn together: what they share goes into the
    /// title, what differs into the legend.
    struct Naming {
        var sameName: Bool
        var sameCase: Bool
        var title: String

        init(_ chunk: [Series]) {
            sameName = Set(chunk.map(\.name)).count == 1
            sameCase = Set(chunk.map(\.caseName)).count == 1
            title = switch (sameName, sameCase) {
            case (true, true): "\(chunk[0].name), \(chunk[0].caseName)"
            case (true, false): chunk[0].name
            case (false, true): chunk[0].caseName
            case (false, false): chunk.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                .joined(separator: ", ")
            }
        }

        func label(_ series: Series) -> String {
            switch (sameName, sameCase) {
            case (true, _): series.caseName
            case (false, true): series.name
            case (false, false): "\(series.caseName): \(series.name)"
            }
        }
    }
}
