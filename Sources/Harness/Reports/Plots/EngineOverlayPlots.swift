/// The side-by-side report's plots of one experiment: for each series (a case's observable) and
/// each sweep (a case's quantity) any engine recorded, one plot with every engine's error over
/// time or convergence on it (``OverlayPlots``), named by engine.
enum EngineOverlayPlots {
    /// The plots of experiment `id` over `runs`, in the first recording run's order.
    static func plots(_ runs: [RunResults], experiment id: String) -> [Plot] {
        let results = runs.map { run in (engine: run.metadata.engine, result: run.experiments.first { $0.id == id }) }
        var plots: [Plot] = []
        var seriesKeys: [String] = [], sweepKeys: [String] = []
        for (_, result) in results {
            for series in result?.series ?? [] where !seriesKeys.contains(key(series)) { seriesKeys.append(key(series)) }
            for sweep in result?.sweeps ?? [] where !sweepKeys.contains(key(sweep)) { sweepKeys.append(key(sweep)) }
        }
        for wanted in seriesKeys {
            let found = results.compactMap { engine, result in result?.series.first { key($0) == wanted }.map { (engine, $0) } }
            plots.append(.line(OverlayPlots.errorOverTime(found.map(\.1), names: found.map(\.0))))
        }
        for wanted in sweepKeys {
            let found = results.compactMap { engine, result in result?.sweeps.first { key($0) == wanted }.map { (engine, $0) } }
            plots.append(.line(OverlayPlots.convergence(found.map(\.1), names: found.map(\.0))))
        }
        return plots
    }

    /// The plots of experiment `id`, as SVG, all as high as the highest.
    static func render(_ runs: [RunResults], experiment id: String) -> String {
        let plots = plots(runs, experiment: id)
        let height = plots.map(\.height).max() ?? 0
        return plots.map { $0.svg(minimumHeight: height) }.joined()
    }

    static func key(_ series: Series) -> String { "\(series.caseName)\u{0}\(series.name)\u{0}\(series.unit)" }

    static func key(_ sweep: SweepSeries) -> String { "\(sweep.caseName)\u{0}\(sweep.quantity)\u{0}\(sweep.unit)\u{0}\(sweep.stepName)" }
}
