import Foundation

/// The throughput benchmark across commits: for one scene and size, this engine's frame time
/// and its ratio to a baseline engine timed in the same interleaved rounds, one point per
/// recorded run. Read from the CSV files `scripts/bench --record` appends to
/// (`Benchmarks/results/<machine>.csv`, in either format of ``BenchmarkRow``).
public struct BenchmarkHistory: Codable, Equatable, Sendable {
    /// One recorded run.
    public struct Point: Codable, Equatable, Sendable {
        /// The commit the run was made at ("+" when its tree had changes).
        public var commit: String
        /// When, ISO 8601.
        public var date: String
        /// This engine's median frame time (ms).
        public var milliseconds: Double
        /// The median over rounds of this engine's frame time over the baseline's, within a round.
        public var ratio: Double
        /// The smallest and largest of those per-round ratios: the run's noise.
        public var ratioLow: Double, ratioHigh: Double
        /// The baseline's median frame time (ms), where the file records it (its second format).
        public var baselineMilliseconds: Double? = nil
    }

    /// The machine the runs were made on.
    public var machine: String
    /// The scene ("tumbling pile", "pyramid") and its size (boxes).
    public var scene: String, size: Int
    /// The engine the ratio is taken against.
    public var baseline: String
    /// The runs in file order.
    public var points: [Point]

    /// "scene N = size on machine, against baseline", for titles.
    public var title: String { "\(scene), \(size) boxes, against \(baseline) (\(machine))" }

    /// The first format's CSV header (``BenchmarkRow`` reads both formats).
    public static let columns = ["date", "commit", "machine", "scene", "size", "baseline", "rounds", "ms_per_frame",
                                 "ratio", "ratio_low", "ratio_high"]

    /// A line of a benchmark file that cannot be read.
    public struct Unreadable: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var reason: String
        public var description: String { "\(path):\(line): \(reason)" }
    }

    /// The series of the CSV file at `path`, in order of first appearance.
    public static func read(_ path: String) throws -> [BenchmarkHistory] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Unreadable(path: path, line: 0, reason: "cannot read the file")
        }
        return try parse(text, path: path)
    }

    /// The series of CSV `text` (named `path` in errors): one per machine, scene, size and
    /// baseline engine, whichever of the two formats (``BenchmarkRow``) its rows are in. A
    /// second-format row's point takes this engine's time from this engine's row of the same run
    /// (same date, commit, scene and size), which comes before it.
    public static func parse(_ text: String, path: String) throws -> [BenchmarkHistory] {
        var order: [String] = [], series: [String: BenchmarkHistory] = [:], measured: [String: Double] = [:]
        for row in try BenchmarkRow.parse(text, path: path) {
            let run = [row.date, row.commit, row.scene, "\(row.size)"].joined(separator: "\u{1f}")
            guard let baseline = row.ratioBaseline, let ratio = row.ratio, let low = row.ratioLow, let high = row.ratioHigh else {
                if row.engine == BenchmarkRow.measuredEngine { measured[run] = row.milliseconds }
                continue
            }
            let first = row.baseline != nil
            guard let milliseconds = first ? row.milliseconds : measured[run] else {
                throw Unreadable(path: path, line: row.line, reason: "\(row.scene) \(row.size) against \(baseline) at \(row.commit) "
                                 + "has no \(BenchmarkRow.measuredEngine) row before it")
            }
            let key = [row.machine, row.scene, "\(row.size)", baseline].joined(separator: "\u{1f}")
            if series[key] == nil {
                order.append(key)
                series[key] = BenchmarkHistory(machine: row.machine, scene: row.scene, size: row.size, baseline: baseline, points: [])
            }
            series[key]?.points.append(Point(commit: row.commit, date: row.date, milliseconds: milliseconds, ratio: ratio,
                                             ratioLow: low, ratioHigh: high, baselineMilliseconds: first ? nil : row.milliseconds))
        }
        return order.compactMap { series[$0] }
    }

    /// The runs whose ratio range lies wholly above or below the previous run's: a change of
    /// speed beyond both runs' round-to-round noise. Returns the index of each such run and
    /// whether it got faster (a lower ratio).
    public var steps: [(index: Int, faster: Bool)] {
        zip(points.indices.dropFirst(), zip(points, points.dropFirst())).compactMap { index, pair in
            let (before, after) = pair
            if after.ratioHigh < before.ratioLow { return (index, true) }
            if after.ratioLow > before.ratioHigh { return (index, false) }
            return nil
        }
    }
}
