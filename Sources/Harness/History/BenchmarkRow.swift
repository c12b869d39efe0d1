import Foundation

/// One line of a benchmark file (`Benchmarks/results/<machine>.csv`, written by
/// `scripts/bench --record`). Files have had two formats, and a file keeps its old rows under the
/// newer header:
/// - first (``BenchmarkHistory/columns``, 11 fields): this engine's frame time and its ratio to
///   one baseline engine timed in the same rounds;
/// - second (``BenchmarkRow/columns``, 13 fields): one row per engine, scene and size, with that
///   engine's cost per step, this engine's time over it within each round (empty on this
///   engine's own row), the timed steps per round and how the scene ended.
public struct BenchmarkRow: Equatable, Sendable {
    /// The second format's header.
    public static let columns = ["date", "commit", "machine", "scene", "size", "engine", "rounds", "steps", "ms_per_step",
                                 "ratio", "ratio_low", "ratio_high", "result"]
    /// The engine the ratios are of: this one.
    public static let measuredEngine = "Dynamics"

    /// When (ISO 8601) and at which commit ("+" when its tree had changes) the run was made.
    public var date: String, commit: String
    public var machine: String
    /// The scene ("tumbling pile", "large_pyramid", …) and its size (bodies).
    public var scene: String, size: Int
    /// The engine this row times.
    public var engine: String
    /// For a first-format row, the engine its ratio is against; nil in the second format, where
    /// the ratio is against ``engine``.
    public var baseline: String?
    public var rounds: Int
    /// Timed steps per round; nil in the first format.
    public var steps: Int?
    /// The engine's cost (ms per 1/60 s step, the median over rounds).
    public var milliseconds: Double
    /// This engine's time over the baseline's within a round: median, lowest and highest over
    /// rounds; nil on this engine's own second-format row.
    public var ratio: Double?, ratioLow: Double?, ratioHigh: Double?
    /// How the scene ended ("5050/5050 inside; top drop …"); empty in the first format.
    public var result: String

    /// The row's line in its file (1 is the header).
    public var line = 0

    /// The engine the ratio is against, if the row has a ratio.
    public var ratioBaseline: String? { ratio == nil ? nil : baseline ?? engine }

    /// The rows of CSV `text` (named `path` in errors), in file order.
    public static func parse(_ text: String, path: String) throws -> [BenchmarkRow] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let header = lines.first?.split(separator: ",").map(String.init) ?? []
        guard header == BenchmarkHistory.columns || header == columns else {
            throw BenchmarkHistory.Unreadable(path: path, line: 1, reason: "the header must be \(columns.joined(separator: ","))"
                                              + " (or the first format's \(BenchmarkHistory.columns.joined(separator: ",")))")
        }
        var rows: [BenchmarkRow] = []
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let unreadable = { (reason: String) in BenchmarkHistory.Unreadable(path: path, line: offset + 1, reason: reason) }
            // A first-format row may stand under either header; a second-format one only under its own.
            let names: [String]
            switch fields.count {
            case BenchmarkHistory.columns.count: names = BenchmarkHistory.columns
            case columns.count where header == columns: names = columns
            default: throw unreadable("\(fields.count) fields where \(header.count) are expected")
            }
            func field(_ name: String) -> String { fields[names.firstIndex(of: name)!] }
            func number(_ name: String) throws -> Double {
                guard let value = Double(field(name)), value.isFinite, value > 0 else {
                    throw unreadable("\(name) is \"\(field(name))\", not a positive number")
                }
                return value
            }
            func whole(_ name: String) throws -> Int {
                guard let value = Int(field(name)), value > 0 else { throw unreadable("\(name) is \"\(field(name))\", not a positive whole number") }
                return value
            }
            let first = names == BenchmarkHistory.columns
            var row = BenchmarkRow(date: field("date"), commit: field("commit"), machine: field("machine"), scene: field("scene"),
                                   size: try whole("size"), engine: first ? measuredEngine : field("engine"),
                                   baseline: first ? field("baseline") : nil, rounds: try whole("rounds"),
                                   steps: first ? nil : try whole("steps"), milliseconds: try number(first ? "ms_per_frame" : "ms_per_step"),
                                   result: first ? "" : field("result"), line: offset + 1)
            if first || !(field("ratio").isEmpty && field("ratio_low").isEmpty && field("ratio_high").isEmpty) {
                (row.ratio, row.ratioLow, row.ratioHigh) = (try number("ratio"), try number("ratio_low"), try number("ratio_high"))
                if let ratio = row.ratio, let low = row.ratioLow, let high = row.ratioHigh, !(low <= ratio && ratio <= high) {
                    throw unreadable("ratio \(ratio) lies outside its range \(low)–\(high)")
                }
            }
            rows.append(row)
        }
        return rows
    }
}
