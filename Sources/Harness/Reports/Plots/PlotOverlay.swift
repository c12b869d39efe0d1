import Foundation

/// Runs of one quantity on the same axes (before and after a change, or one engine beside
/// another), drawn so that each stays visible where their curves coincide: the first run wide
/// and light, each later one thinner, dashed and on top, with markers of another shape shifted
/// along the line; and a note saying how close the curves are when they coincide on the plot.
enum PlotOverlay {
    /// The style of the `run`th run (0-based), drawn in that order.
    static func style(run: Int) -> LineStyle {
        let styles = [LineStyle(dash: "", width: 4.5, opacity: 0.4, marker: .circle),
                      LineStyle(dash: "7,4", width: 1.6, opacity: 1, marker: .square),
                      LineStyle(dash: "2,3", width: 1.6, opacity: 1, marker: .triangle),
                      LineStyle(dash: "10,3,2,3", width: 1.6, opacity: 1, marker: .diamond)]
        return styles[run % styles.count]
    }

    /// Where the `run`th of `runs` runs puts its markers between the evenly spaced points (see
    /// ``PlotLine/markerPhase``): spread evenly, so that no two runs mark the same points.
    static func markerPhase(run: Int, of runs: Int) -> Double {
        Double(run) / Double(max(1, runs))
    }

    /// The share of the axis (its length on a linear axis, its decades on a logarithmic one)
    /// within which two curves are drawn on top of each other: 1 % is 2.5 px of the plot's
    /// 250 px, under the first run's 4.5 px stroke.
    static let coincidentShare = 0.01

    /// How far apart two runs' curves are drawn.
    struct Gap: Equatable, Sendable {
        /// The largest difference between them at the x values they share (in data units; on a
        /// logarithmic axis, the largest ratio, ≥ 1).
        var largest: Double
        /// That difference as a share of the axis (length or decades).
        var share: Double
        /// Whether the axis is logarithmic (and `largest` a ratio).
        var logarithmic: Bool
    }

    /// The gap between `a` and `b` on `axis`: compared at each x of `a` within `b`'s x range, `b`
    /// interpolated linearly between its points; points the axis cannot place are left out.
    /// `nil` when no x is shared.
    static func gap(_ a: [PlotPoint], _ b: [PlotPoint], on axis: PlotAxis) -> Gap? {
        let other = b.filter { $0.x.isFinite && axis.fraction($0.y).isFinite }.sorted { $0.x < $1.x }
        guard let low = other.first?.x, let high = other.last?.x else { return nil }
        var largest = 0.0, compared = 0
        let logarithmic = axis.scale == .logarithmic
        for point in a where point.x >= low && point.x <= high && axis.fraction(point.y).isFinite {
            guard let value = interpolate(other, at: point.x) else { continue }
            compared += 1
            largest = max(largest, logarithmic ? abs(log10(point.y / value)) : abs(point.y - value))
        }
        guard compared > 0 else { return nil }
        let span = logarithmic ? log10(axis.upper / axis.lower) : axis.upper - axis.lower
        return Gap(largest: logarithmic ? pow(10, largest) : largest, share: span > 0 ? largest / span : 0, logarithmic: logarithmic)
    }

    /// The value at `x` of the polyline through `points` (sorted by x), `nil` outside it; at an
    /// x shared by several points, the first's.
    static func interpolate(_ points: [PlotPoint], at x: Double) -> Double? {
        guard let upper = points.firstIndex(where: { $0.x >= x }) else { return nil }
        if points[upper].x == x || upper == 0 { return points[upper].x == x ? points[upper].y : nil }
        let a = points[upper - 1], b = points[upper]
        return a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)
    }

    /// The note for runs `names` whose curves are `lines` on `axis`: how close they are when every
    /// later run's curve lies within ``coincidentShare`` of the first's, else `nil`.
    static func coincidenceNote(names: [String], lines: [[PlotPoint]], axis: PlotAxis, unit: String) -> String? {
        guard lines.count >= 2, let first = lines.first else { return nil }
        let gaps = lines.dropFirst().map { gap(first, $0, on: axis) }
        guard gaps.allSatisfy({ $0 != nil }) else { return nil }
        let found = gaps.compactMap { $0 }
        guard let widest = found.max(by: { $0.share < $1.share }), widest.share <= coincidentShare else { return nil }
        let all = names.joined(separator: " and "), later = names.dropFirst().joined(separator: " and ")
        let drawn = "\(names[0]) is drawn wide and light, \(later) dashed on top, with markers of another shape at other points."
        let exact = widest.logarithmic ? widest.largest == 1 : widest.largest == 0
        if exact { return "The curves of \(all) coincide exactly: \(drawn)" }
        let within = widest.logarithmic ? "within a factor of \(NumberFormat.significant(widest.largest, digits: 6))"
            : "within \(NumberFormat.short(widest.largest)) \(unit)"
        return "The curves of \(all) coincide \(within) (the largest difference at the same x, "
            + "\(PlotText.px(widest.share * 100)) % of the axis): \(drawn)"
    }
}
