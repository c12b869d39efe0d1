import Foundation

/// One row of a benchmark file (`Benchmarks/results/<machine>.csv`, read by `harness history`
/// and the README's table through Harness's `BenchmarkHistory`): one engine's cost on one scene
/// in one run. `ratio` is this engine's time over that engine's within each round (median,
/// lowest, highest over rounds), empty on this engine's own row.
struct ResultRow {
    /// The second format's header; rows of the first (11 fields, this engine against one
    /// baseline per row) stay in the files under it.
    static let header = "date,commit,machine,scene,size,engine,rounds,steps,ms_per_step,ratio,ratio_low,ratio_high,result"

    var scene: String
    var size: Int
    var engine: String
    var rounds: Int
    var steps: Int
    var milliseconds: Double
    var ratios: [Double]
    var result: String

    func line(date: String, commit: String, machine: String) -> String {
        let ratio = ratios.isEmpty ? ["", "", ""]
            : [median(ratios), ratios.min()!, ratios.max()!].map { String(format: "%.4f", $0) }
        let fields = [date, commit, machine, scene, "\(size)", engine, "\(rounds)", "\(steps)", String(format: "%.4f", milliseconds)]
            + ratio + [result]
        // Fields hold no commas (the machine's are semicolons already); a stray one would shift columns.
        return fields.map { $0.replacingOccurrences(of: ",", with: ";") }.joined(separator: ",")
    }

    /// Appends `rows` to the file at `path`, putting the second format's header in place of the
    /// first's. The whole file is rewritten through a temporary beside it, so a reader never sees
    /// half a row.
    static func append(_ rows: [ResultRow], to path: String, commit: String, machine: String) throws {
        let url = URL(fileURLWithPath: path)
        let old = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        var lines = old.split(separator: "\n").map(String.init)
        if lines.isEmpty { lines = [header] } else { lines[0] = header }
        let date = ISO8601DateFormatter().string(from: Date())
        lines += rows.map { $0.line(date: date, commit: commit, machine: machine) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url, options: .atomic)
    }
}
