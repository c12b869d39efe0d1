import Foundation

/// The time-step sweep drawn two ways, log–log: error against the step, with the fitted slope
/// and a line of the expected order (convergence), and error against CPU time per simulated
/// second, each point labelled by its step (speed against accuracy). One plot per unit and
/// kind of step, at most ``maximumSweeps`` sweeps each.
enum SweepPlots {
    static let maximumSweeps = 3

    /// Convergence plots of `sweeps`.
    static func convergence(_ sweeps: [SweepSeries]) -> [Plot] {
        groups(sweeps).map { chunk in
            .line(convergencePlot(chunk, title: "Convergence: error vs \(chunk[0].stepName) (\(chunk[0].unit))", labels: chunk.map(label),
                                  colors: chunk.indices.map(PlotPalette.color), styles: chunk.map { _ in LineStyle(marker: .circle) }))
        }
    }

    /// The style of the guide of the expected order: thin and dash-dotted, unlike any data line.
    static let guideStyle = LineStyle(dash: "10,3,2,3", width: 1.1)

    /// Error against the step of each of `chunk` (one unit and kind of step), log–log, with its
    /// fitted slope, a guide of its expected order and the rounding floors; sweep `i` labelled,
    /// coloured and stroked by `labels[i]`, `colors[i]` and `styles[i]`.
    static func convergencePlot(_ chunk: [SweepSeries], title: String, labels: [String], colors: [String], styles: [LineStyle]) -> LinePlot {
        // Data first, then the guides and floors: ``OverlayPlots`` reads the data lines by index.
        var lines: [PlotLine] = [], guides: [PlotLine] = [], notes: [String] = []
        let floors = zeroFloors(chunk, &notes)
        for (index, sweep) in chunk.enumerated() {
            let color = colors[index]
            let fit = SlopeFit(steps: sweep.steps, errors: sweep.errors, floor: sweep.roundingFloor)
            let expected = sweep.expectedOrder.map { "expected \(NumberFormat.short($0))" } ?? "exact scheme: rounding only"
            let verdict = fit.map { "fitted slope \(String(format: "%.2f", $0.slope)) over \($0.count) points (\(expected))" }
                ?? "rounding floor: every error ≤ \(NumberFormat.short(sweep.roundingFloor)) \(sweep.unit) (\(expected))"
            lines.append(PlotLine(label: "\(labels[index]) — \(verdict)", points: points(sweep, floor: floors[index]),
                                  color: color, style: styles[index]))
            // A guide of the expected order, parallel to the data and half as high at the
            // largest step above the floor, so that it never hides them.
            if let order = sweep.expectedOrder, fit != nil,
               let anchor = zip(sweep.steps, sweep.errors).filter({ $0.1.isFinite && $0.1 > sweep.roundingFloor }).max(by: { $0.0 < $1.0 }),
               let smallest = sweep.steps.min() {
                let ends = [anchor.0, smallest]
                guides.append(PlotLine(label: "slope \(NumberFormat.short(order)) guide (expected order)",
                                      points: ends.map { PlotPoint(x: $0, y: 0.5 * anchor.1 * pow($0 / anchor.0, order)) },
                                      color: color, style: guideStyle))
            }
        }
        lines += guides
        for floor in Set(chunk.map(\.roundingFloor)).sorted() where chunk.contains(where: { sweep in
            sweep.errors.contains { $0.isFinite && $0 <= 100 * floor }
        }) {
            let steps = chunk.flatMap(\.steps).filter { $0 > 0 }
            if let low = steps.min(), let high = steps.max() {
                lines.append(PlotLine(label: "rounding floor \(NumberFormat.short(floor)) \(chunk[0].unit)",
                                      points: [PlotPoint(x: low, y: floor), PlotPoint(x: high, y: floor)],
                                      color: PlotPalette.reference, style: LineStyle(dash: "2,3")))
            }
        }
        return LinePlot(title: title, xTitle: "\(chunk[0].stepName) (s)", yTitle: "error (\(chunk[0].unit))",
                        xScale: .logarithmic, yScale: .logarithmic, lines: lines,
                        notes: notes + ["Slopes are least-squares fits of ln(error) on ln(h) over the points above the rounding floor."])
    }

    /// Speed–accuracy plots of `sweeps` (skipped where no CPU time was measured).
    static func speedAccuracy(_ sweeps: [SweepSeries]) -> [Plot] {
        groups(sweeps).compactMap { chunk in
            guard chunk.contains(where: { $0.cpuSecondsPerSimulatedSecond.contains { $0.isFinite && $0 > 0 } }) else { return nil }
            var notes: [String] = []
            let floors = zeroFloors(chunk, &notes)
            let lines = chunk.enumerated().map { index, sweep in
                PlotLine(label: label(sweep),
                         points: zip(sweep.cpuSecondsPerSimulatedSecond, points(sweep, floor: floors[index])).map {
                             PlotPoint(x: $0, y: $1.y)
                         },
                         color: PlotPalette.color(index), style: LineStyle(marker: .circle), pointLabels: sweep.steps.map(stepText))
            }
            return .line(LinePlot(title: "Speed vs accuracy: error vs CPU time (\(chunk[0].unit))",
                            xTitle: "CPU time per simulated second (s/s)", yTitle: "error (\(chunk[0].unit))",
                            xScale: .logarithmic, yScale: .logarithmic, lines: lines,
                            notes: notes + ["Points are labelled by \(chunk[0].stepName) (s). CPU time: this thread's CPU clock over the runs of each point, on this machine; it varies from run to run and is never a metric."]))
        }
    }

    /// Sweeps grouped by unit and kind of step, in chunks of at most ``maximumSweeps``.
    static func groups(_ sweeps: [SweepSeries]) -> [[SweepSeries]] {
        var keys: [String] = [], grouped: [String: [SweepSeries]] = [:]
        for sweep in sweeps {
            let key = sweep.unit + "\u{0}" + sweep.stepName
            if grouped[key] == nil { keys.append(key) }
            grouped[key, default: []].append(sweep)
        }
        return keys.flatMap { ExperimentPlots.balancedChunks(grouped[$0] ?? [], maximum: maximumSweeps) }
    }

    /// Where exact zeros are drawn on the log axis, per sweep (its rounding floor), with a note
    /// when there are any.
    static func zeroFloors(_ chunk: [SweepSeries], _ notes: inout [String]) -> [Double] {
        let zeros = chunk.map { $0.errors.filter { $0 == 0 }.count }.reduce(0, +)
        if zeros > 0 { notes.append("\(zeros) errors are exactly 0 and are drawn at their rounding floor.") }
        return chunk.map(\.roundingFloor)
    }

    /// The sweep's points, exact zeros raised to `floor`.
    static func points(_ sweep: SweepSeries, floor: Double) -> [PlotPoint] {
        zip(sweep.steps, sweep.errors).map { PlotPoint(x: $0, y: $1 == 0 ? floor : $1) }
    }

    static func label(_ sweep: SweepSeries) -> String { "\(sweep.caseName): \(sweep.quantity)" }

    /// "1/120" for a step that is the reciprocal of a whole number, else the number.
    static func stepText(_ h: Double) -> String {
        let rate = 1 / h
        return abs(rate - rate.rounded()) < 1e-9 * rate ? "1/\(Int(rate.rounded()))" : NumberFormat.short(h)
    }
}
