import Foundation

/// The per-experiment metric baselines under `Golden/metrics/ENGINE/SUITE/EXPERIMENT.json`: how
/// `harness golden update` writes them and how `harness run` compares a run with them.
public enum GoldenMetrics {
    /// The baseline folder, relative to the package root.
    public static let relativeFolder = "Golden/metrics"

    /// A baseline file that cannot be read.
    public struct UnreadableBaseline: Error, CustomStringConvertible {
        /// The file.
        public var path: String
        /// Why it could not be read: the file, and the line, column and JSON path when known.
        public var cause: JSONFileError
        /// "cannot read the baseline: FILE:LINE:COLUMN: reason".
        public var description: String { "cannot read the baseline: \(cause)" }
    }

    /// "quick" or "full".
    public static func suiteName(quick: Bool) -> String { quick ? "quick" : "full" }

    /// The file holding `experiment`'s baseline for `engine` and the suite, under `folder`.
    public static func file(in folder: URL, engine: String, quick: Bool, experiment: String) -> URL {
        folder.appendingPathComponent(engine.lowercased(), isDirectory: true)
            .appendingPathComponent(suiteName(quick: quick), isDirectory: true)
            .appendingPathComponent(experiment + ".json")
    }

    /// One baseline file per experiment of `results` (or only those in `experiments`) under
    /// `folder`: each experiment, its file and the file's contents.
    public static func files(_ results: RunResults, in folder: URL, experiments: Set<String>? = nil) throws
        -> [(experiment: String, url: URL, data: Data)] {
        try results.experiments.filter { experiments?.contains($0.id) ?? true }.map { result in
            var data = try ResultsCoding.encode(ExperimentBaseline(result, metadata: results.metadata))
            data.append(contentsOf: "\n".utf8)
            return (result.id, file(in: folder, engine: results.metadata.engine, quick: results.metadata.quick, experiment: result.id), data)
        }
    }

    /// Writes one baseline file per experiment of `results` (or only those in `experiments`),
    /// all or none, and returns the files written.
    public static func write(_ results: RunResults, to folder: URL, experiments: Set<String>? = nil) throws -> [URL] {
        var batch = OutputBatch()
        for (experiment, url, data) in try files(results, in: folder, experiments: experiments) {
            batch.createFolder(url.deletingLastPathComponent())
            batch.add(data, to: url, what: "the baseline of \(experiment)")
        }
        try batch.write()
        return batch.targets
    }

    /// Compares every metric of `results` with its baseline under `folder`, recording each move on
    /// the metric (a regression beyond its band turns a passing metric into ``Verdict/regressed``),
    /// and what the baselines did not cover in ``RunResults/baseline``. An experiment without a
    /// baseline file is listed, not failed; a baseline taken with other engine settings is
    /// compared all the same (the settings are part of what a change may move).
    /// - Throws: ``UnreadableBaseline`` when a baseline file exists but cannot be decoded.
    public static func compare(_ results: inout RunResults, withBaselinesIn folder: URL, source: String) throws {
        var summary = BaselineSummary(source: source)
        for index in results.experiments.indices {
            let experiment = results.experiments[index].id
            let url = file(in: folder, engine: results.metadata.engine, quick: results.metadata.quick, experiment: experiment)
            guard FileManager.default.fileExists(atPath: url.path) else {
                summary.experimentsWithoutBaseline.append(experiment)
                continue
            }
            let baseline: ExperimentBaseline
            do {
                baseline = try ResultsCoding.decode(ExperimentBaseline.self, fromFile: url.path, expected: "a golden baseline")
            } catch {
                throw UnreadableBaseline(path: url.path, cause: error)
            }
            var measured = Set<String>()
            for metricIndex in results.experiments[index].metrics.indices {
                let metric = results.experiments[index].metrics[metricIndex]
                let key = "\(experiment) / \(metric.caseName) / \(metric.name)"
                measured.insert(key)
                if let value = baseline.value(caseName: metric.caseName, name: metric.name) {
                    results.experiments[index].metrics[metricIndex].compare(withBaseline: value)
                } else {
                    summary.metricsWithoutBaseline.append(key)
                }
            }
            for entry in baseline.metrics where !measured.contains("\(experiment) / \(entry.caseName) / \(entry.metric)") {
                summary.metricsNoLongerMeasured.append("\(experiment) / \(entry.caseName) / \(entry.metric)")
            }
        }
        results.baseline = summary
    }
}
