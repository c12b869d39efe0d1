/// The plots of one experiment, in reading order: the error of each series over time, energy
/// drift, errors at events (bars), measured quantities against their limits, convergence, then
/// speed against accuracy. Each is one
/// self-contained `<svg class="plot">` of the same width; no script, no external resource.
enum ExperimentPlots {
    /// The most lines an error or energy plot holds before it is split.
    static let maximumLines = 6

    /// Every plot of `experiment`, concatenated.
    static func render(_ experiment: ExperimentResult) -> String {
        plots(experiment).joined()
    }

    /// Every plot of `experiment`, one SVG text each, all as high as the highest, so that plots
    /// side by side line up.
    static func plots(_ experiment: ExperimentResult) -> [String] {
        let plots = choose(experiment)
        let height = plots.map(\.height).max() ?? 0
        return plots.map { $0.svg(minimumHeight: height) }
    }

    /// The plots for `experiment`, in reading order.
    static func choose(_ experiment: ExperimentResult) -> [Plot] {
        ErrorPlots.errorOverTime(experiment.series) + ErrorPlots.energyDrift(experiment.energyDrift)
            + EventPlots.bars(experiment.events) + CurvePlots.plots(experiment.curves) + SweepPlots.convergence(experiment.sweeps)
            + SweepPlots.speedAccuracy(experiment.sweeps)
    }

    /// `items` grouped by unit (in order of first appearance), ordered by name within a unit
    /// (stable), and split into balanced chunks of at most ``maximumLines``.
    static func chunks<Item>(_ items: [Item], unit: (Item) -> String, name: (Item) -> String) -> [[Item]] {
        var units: [String] = [], grouped: [String: [Item]] = [:]
        for item in items {
            let key = unit(item)
            if grouped[key] == nil { units.append(key) }
            grouped[key, default: []].append(item)
        }
        return units.flatMap { key -> [[Item]] in
            let members = grouped[key] ?? []
            var names: [String] = []
            for member in members where !names.contains(name(member)) { names.append(name(member)) }
            let ordered = names.flatMap { wanted in members.filter { name($0) == wanted } }
            return balancedChunks(ordered, maximum: maximumLines)
        }
    }

    /// `items` split into the fewest chunks of at most `maximum`, of sizes differing by at most one.
    static func balancedChunks<Item>(_ items: [Item], maximum: Int) -> [[Item]] {
        guard !items.isEmpty else { return [] }
        let count = (items.count + maximum - 1) / maximum
        let base = items.count / count, extra = items.count % count
        var chunks: [[Item]] = [], start = 0
        for index in 0..<count {
            let size = base + (index < extra ? 1 : 0)
            chunks.append(Array(items[start..<(start + size)]))
            start += size
        }
        return chunks
    }
}
