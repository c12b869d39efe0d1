import Foundation

/// Reads a ``History`` from the Golden baselines in git: every commit on the first-parent line
/// of a ref that changed one suite's baseline files, with the files as that commit left them.
/// `harness golden update` is the only writer of those files, so each such commit is a point
/// where the committed numbers moved, and the commit that moved a number is named by it.
public enum GoldenHistory {
    /// Why a history could not be read.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// git could not list the commits (no repository, or an unknown ref).
        case noCommits(ref: String, folder: String)
        /// A baseline file at a commit is not a baseline.
        case unreadable(commit: String, path: String, reason: String)

        public var description: String {
            switch self {
            case let .noCommits(ref, folder): "no commit on \(ref) changed \(folder) (or git cannot read the repository)"
            case let .unreadable(commit, path, reason): "cannot read \(path) at commit \(commit.prefix(10)): \(reason)"
            }
        }
    }

    /// The history of `suite` ("full" or "quick") of `engineFolder`'s baselines along `ref` in the
    /// repository at `packageRoot`, with `runs` (results of runs, in order) appended after the
    /// commits and `benchmark` beside.
    public static func read(packageRoot: URL, ref: String = "HEAD", suite: String = "full", engineFolder: String = "dynamics",
                            runs: [(label: String, results: RunResults)] = [], benchmark: [BenchmarkHistory] = []) throws -> History {
        let folder = "\(GoldenMetrics.relativeFolder)/\(engineFolder)/\(suite)"
        guard let log = RunProvenance.git(["log", "--first-parent", "--reverse", "--format=%H%x1f%cI%x1f%s", ref, "--", folder],
                                          in: packageRoot), !log.isEmpty else {
            throw Failure.noCommits(ref: ref, folder: folder)
        }
        var commits: [HistoryCommit] = [], values: [[MetricValue]] = []
        for line in log.split(separator: "\n") {
            let fields = line.split(separator: "\u{1f}", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { continue }
            let hash = fields[0]
            let files = RunProvenance.git(["ls-tree", "--name-only", "\(hash):\(folder)"], in: packageRoot)?
                .split(separator: "\n").map(String.init).filter { $0.hasSuffix(".json") }.sorted() ?? []
            var recorded: [MetricValue] = []
            for file in files {
                let path = "\(folder)/\(file)"
                guard let text = RunProvenance.git(["show", "\(hash):\(path)"], in: packageRoot) else { continue }
                do {
                    recorded += MetricValue.values(of: try ResultsCoding.decode(ExperimentBaseline.self, from: Data(text.utf8)))
                } catch {
                    throw Failure.unreadable(commit: hash, path: path, reason: "\(error)")
                }
            }
            commits.append(HistoryCommit(hash: hash, date: fields[1], subject: fields[2]))
            values.append(recorded)
        }
        for run in runs {
            let metadata = run.results.metadata
            let hash = (metadata.gitCommit ?? "unknown") + (metadata.gitDirty == true ? "+" : "")
            commits.append(HistoryCommit(hash: hash, date: metadata.date, subject: run.label))
            values.append(MetricValue.values(of: run.results))
        }
        let branch = RunProvenance.git(["rev-parse", "--abbrev-ref", ref], in: packageRoot) ?? ref
        return History(source: "\(folder) on \(branch)" + (runs.isEmpty ? "" : " and \(runs.count) run\(runs.count == 1 ? "" : "s")"),
                       commits: commits, values: values, benchmark: benchmark)
    }
}
