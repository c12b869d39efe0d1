import Foundation

/// Merges the output folders of several shards (or runs) into one: summed counts, all failures
/// and minimal scenes, their files copied, and fresh reports.
public enum FuzzMerge {
    /// A merge problem, naming the folder.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Merges `folders` into `output`.
    public static func merge(_ folders: [URL], into output: URL) throws -> FuzzSummary {
        var summaries: [FuzzSummary] = []
        for folder in folders {
            let file = folder.appendingPathComponent("summary.json")
            do {
                summaries.append(try JSONFile.decode(FuzzSummary.self, from: file.path, expected: "a fuzz summary.json"))
            } catch {
                throw Failure(description: error.description)
            }
        }
        guard let first = summaries.first else { throw Failure(description: "nothing to merge") }
        if let other = summaries.first(where: { $0.engine != first.engine }) {
            throw Failure(description: "the folders fuzzed different engines (\(first.engine), \(other.engine)); merge shards of one engine, and set engines side by side with `harness fuzz compare`")
        }
        let indices = summaries.flatMap { $0.ranges.flatMap { Array($0) } }
        if Set(indices).count != indices.count, Set(summaries.map(\.seed)).count == 1 {
            throw Failure(description: "the folders ran some of the same scenes (same seed and index); merge shards, not repeats")
        }
        let files = try FuzzFiles(root: output)
        for (folder, summary) in zip(folders, summaries) {
            let paths = summary.failures.map(\.scene) + summary.minimal.flatMap { [$0.scene] + ($0.animation.map { [$0] } ?? []) }
            for path in paths {
                let source = folder.appendingPathComponent(path), target = files.url(path)
                guard source.standardizedFileURL != target.standardizedFileURL, let data = try? Data(contentsOf: source) else { continue }
                try files.write(data, to: path)
            }
        }
        func sum(_ key: KeyPath<FuzzSummary, [String: Int]>) -> [String: Int] {
            summaries.reduce(into: [:]) { total, summary in summary[keyPath: key].forEach { total[$0.key, default: 0] += $0.value } }
        }
        let merged = FuzzSummary(
            seed: first.seed, shards: summaries.flatMap(\.shards), engine: first.engine,
            replayOptions: first.replayOptions, ranges: indices.asRanges,
            scenesRun: summaries.reduce(0) { $0 + $1.scenesRun }, seconds: summaries.map(\.seconds).max() ?? 0,
            jobs: summaries.reduce(0) { $0 + $1.jobs }, interrupted: summaries.contains(where: \.interrupted),
            checked: sum(\.checked), failing: sum(\.failing),
            failures: summaries.flatMap(\.failures).sorted { $0.index < $1.index },
            minimal: summaries.flatMap(\.minimal).sorted { ($0.invariant, $0.index) < ($1.invariant, $1.index) },
            replayed: summaries.contains { $0.replayed != nil } ? summaries.flatMap { $0.replayed ?? [] } : nil,
            knownSlugs: summaries.reduce(into: Set<String>()) { $0.formUnion($1.knownSlugs) },
            counts: summaries.map(\.allCounts).reduce(FuzzSummary.Counts(), +),
            unsupported: summaries.contains { $0.unsupported != nil }
                ? summaries.reduce(into: [:]) { total, summary in total.merge(summary.unsupported ?? [:], uniquingKeysWith: +) } : nil)
        try FuzzReport.write(merged, to: files)
        return merged
    }
}
