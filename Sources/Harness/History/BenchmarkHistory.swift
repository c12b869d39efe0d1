import Foundation

/// The throughput benchmark across commits: for one scene and size, this engine's frame time
/// and its ratio to a baseline engine timed in the same interleaved rounds, one point per
/// recorded run. Read from the CSV files `scripts/bench --record` appends to
/// (`Benchmarks/results/<machine>.csv`), whose columns are ``BenchmarkHistory/columns``.
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

    /// The CSV header the files start with.
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

    /// The series of CSV `text` (named `path` in errors).
    public static func parse(_ text: String, path: String) throws -> [BenchmarkHistory] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let header = lines.first, header.split(separator: ",").map(String.init) == columns else {
            throw Unreadable(path: path, line: 1, reason: "the header must be \(columns.joined(separator: ","))")
        }
        var order: [String] = [], series: [String: BenchmarkHistory] = [:]
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == columns.count else {
                throw Unreadable(path: path, line: offset + 1, reason: "\(fields.count) fields where \(columns.count) are expected")
            }
            func number(_ column: String) throws -> Double {
                let index = columns.firstIndex(of: column) ?? 0
                guard let value = Double(fields[index]), value.isFinite, value > 0 else {
                    throw Unreadable(path: path, line: offset + 1, reason: "\(column) is \"\(fields[index])\", not a positive number")
                }
                return value
            }
            guard let size = Int(fields[4]), size > 0 else {
                throw Unreadable(path: path, line: offset + 1, reason: "size is \"\(fields[4])\", not a positive whole number")
            }
            let point = Point(commit: fields[1], date: fields[0], milliseconds: try number("ms_per_frame"), ratio: try number("ratio"),
                              ratioLow: try number("ratio_low"), ratioHigh: try number("ratio_high"))
            guard point.ratioLow <= point.ratio, point.ratio <= point.ratioHigh else {
                throw Unreadable(path: path, line: offset + 1, reason: "ratio \(point.ratio) lies outside its range \(point.ratioLow)–\(point.ratioHigh)")
            }
            let key = [fields[2], fields[3], fields[4], fields[5]].joined(separator: "\u{1f}")
            if series[key] == nil {
                order.append(key)
                series[key] = BenchmarkHistory(machine: fields[2], scene: fields[3], size: size, baseline: fields[5], points: [])
            }
            series[key]?.points.append(point)
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
