import Foundation

/// Measured quantities against time or a parameter with their limits (``MeasuredCurve``): the
/// curves of one quantity share a plot (at most ``ExperimentPlots/maximumLines``), each limit is
/// a grey horizontal line, and the axes are logarithmic where the curves ask for it.
enum CurvePlots {
    /// The dash patterns of limit lines, in order of first appearance: the limits are told from
    /// the data by their grey, and from each other by their dashes.
    static let limitDashes = ["8,4", "3,3", "12,3,3,3", "1,3"]

    /// Curves with at most this many points get a marker on each: a few values (a sweep of mass
    /// ratios, a single case) read as points, not as a line.
    static let markedPoints = 20

    /// The plots of `curves`.
    static func plots(_ curves: [MeasuredCurve]) -> [Plot] {
        ExperimentPlots.chunks(curves, unit: { "\($0.quantity)\u{0}\($0.unit)\u{0}\($0.variable)" }, name: \.quantity)
            .map { .line(plot($0)) }
    }

    /// One plot of `chunk` (one quantity, unit and variable).
    static func plot(_ chunk: [MeasuredCurve]) -> LinePlot {
        let first = chunk[0]
        var notes: [String] = []
        let ys = chunk.flatMap(\.y) + chunk.flatMap(\.limits).map(\.value)
        // A logarithmic axis needs positive values; exact zeros are drawn at a floor below the
        // smallest, and said so.
        var yScale = PlotScale.linear, floor: Double?
        if chunk.contains(where: \.logarithmicY), let smallest = ys.filter({ $0.isFinite && $0 > 0 }).min() {
            yScale = .logarithmic
            let zeros = chunk.flatMap(\.y).filter { $0 == 0 }.count
            if zeros > 0 {
                floor = pow(10, Foundation.floor(log10(smallest)))
                notes.append("Logarithmic axis: \(zeros) values are exactly 0 and are drawn at \(NumberFormat.short(floor ?? 0)) \(first.unit).")
            }
        }
        let xScale: PlotScale = chunk.contains(where: \.logarithmicX) && chunk.flatMap(\.x).contains(where: { $0 > 0 }) ? .logarithmic : .linear
        var lines = chunk.enumerated().map { index, curve in
            PlotLine(label: curve.caseName,
                     points: zip(curve.x, curve.y).map { PlotPoint(x: $0, y: $1 == 0 ? floor ?? 0 : $1) },
                     color: PlotPalette.color(index),
                     style: LineStyle(marker: curve.x.count <= markedPoints ? .circle : nil))
        }
        let xs = chunk.flatMap(\.x).filter { $0.isFinite && (xScale == .linear || $0 > 0) }
        if let low = xs.min(), let high = xs.max() {
            var seen: [CurveLimit] = []
            for limit in chunk.flatMap(\.limits) where !seen.contains(limit) {
                seen.append(limit)
                lines.append(PlotLine(label: "\(limit.label): \(NumberFormat.short(limit.value)) \(first.unit)",
                                      points: [PlotPoint(x: low, y: limit.value), PlotPoint(x: high, y: limit.value)],
                                      color: PlotPalette.reference,
                                      style: LineStyle(dash: limitDashes[(seen.count - 1) % limitDashes.count], width: 1.2)))
            }
        }
        for curve in chunk {
            guard let index = curve.y.indices.max(by: { curve.y[$0] < curve.y[$1] }) else { continue }
            notes.append("\(curve.caseName): largest \(NumberFormat.short(curve.y[index])) \(curve.unit) at \(curve.variable) "
                         + "\(NumberFormat.short(curve.x[index]))\(curve.variableUnit == "1" ? "" : " " + curve.variableUnit).")
        }
        let title = first.variable == "time" ? "\(first.quantity) over time" : "\(first.quantity) against \(first.variable)"
        let xUnit = first.variableUnit == "1" ? "" : " (\(first.variableUnit))"
        return LinePlot(title: title.prefix(1).uppercased() + title.dropFirst(), xTitle: first.variable + xUnit,
                        yTitle: "\(first.quantity) (\(first.unit))", xScale: xScale, yScale: yScale, lines: lines, notes: notes)
    }
}
