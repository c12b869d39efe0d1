import Foundation

/// The README's benchmark tables, made from the benchmark files rather than written by hand: for
/// each machine, the latest recorded run in the second format of ``BenchmarkRow`` (every row
/// of the file's last commit), a table of each engine's cost per step and this engine's
/// same-run ratios, and one of how each scene ended in each engine. `harness bench-table` puts
/// it between ``begin`` and ``end`` in `Benchmarks/README.md`.
public enum BenchmarkTable {
    /// The markers around the generated section.
    public static let begin = "<!-- benchmark-table: made by `harness bench-table` from Benchmarks/results/*.csv; do not edit -->"
    public static let end = "<!-- end of benchmark-table -->"

    /// A README whose section between the markers is not there.
    public struct MissingSection: Error, CustomStringConvertible {
        public var description: String { "the README has no section between \(begin) and \(end)" }
    }

    /// The Markdown of the latest run per machine among `rows` (files in order, machines in order
    /// of first appearance).
    public static func markdown(_ rows: [BenchmarkRow]) -> String {
        let recent = rows.filter { $0.steps != nil }
        var machines: [String] = []
        for row in recent where !machines.contains(row.machine) { machines.append(row.machine) }
        var text = ""
        for machine in machines {
            let ofMachine = recent.filter { $0.machine == machine }
            let commit = ofMachine.last!.commit
            let run = ofMachine.filter { $0.commit == commit }
            var engines: [String] = [], scenes: [String] = []
            for row in run {
                if !engines.contains(row.engine) { engines.append(row.engine) }
                if !scenes.contains(sceneKey(row)) { scenes.append(sceneKey(row)) }
            }
            let baselines = engines.filter { $0 != BenchmarkRow.measuredEngine }
            // Within one run a later row of the same scene and engine replaces an earlier one.
            func cell(_ scene: String, _ engine: String) -> BenchmarkRow? { run.last { sceneKey($0) == scene && $0.engine == engine } }
            let dates = run.map(\.date).sorted()
            text += "**\(machine)**, commit `\(commit.prefix(7))`\(commit.hasSuffix("+") ? "+" : ""), "
                + "\(dates.first!.prefix(10)), \(run.first!.rounds) rounds.\n\n"
            text += "| scene | bodies | timed steps | " + engines.map { "\($0) ms/step" }.joined(separator: " | ") + " | "
                + baselines.map { "\(BenchmarkRow.measuredEngine) / \($0) (range over rounds)" }.joined(separator: " | ") + " |\n"
            text += "|---|---:|---:|" + String(repeating: "---:|", count: engines.count + baselines.count) + "\n"
            for scene in scenes {
                let any = run.first { sceneKey($0) == scene }!
                let costs = engines.map { cell(scene, $0).map { format($0.milliseconds) } ?? "–" }
                let ratios = baselines.map { engine in
                    cell(scene, engine).flatMap { row in
                        row.ratio.map { "\(format($0)) (\(format(row.ratioLow!))–\(format(row.ratioHigh!)))" }
                    } ?? "–"
                }
                text += "| \(any.scene) | \(any.size) | \(any.steps!) | " + (costs + ratios).joined(separator: " | ") + " |\n"
            }
            text += "\n| scene | bodies | engine | at the end |\n|---|---:|---|---|\n"
            for scene in scenes {
                for engine in engines {
                    guard let row = cell(scene, engine) else { continue }
                    text += "| \(row.scene) | \(row.size) | \(engine) | \(row.result) |\n"
                }
            }
            text += "\n"
        }
        return text.isEmpty ? "No run recorded in the second format yet.\n" : text
    }

    /// `readme` with the section between the markers replaced by `table`.
    public static func rewrite(_ readme: String, table: String) throws -> String {
        guard let start = readme.range(of: begin), let stop = readme.range(of: end, range: start.upperBound..<readme.endIndex) else {
            throw MissingSection()
        }
        return String(readme[..<start.upperBound]) + "\n" + table + String(readme[stop.lowerBound...])
    }

    private static func sceneKey(_ row: BenchmarkRow) -> String { "\(row.scene)\u{1f}\(row.size)" }

    /// Three significant figures at most, without a trailing exponent for ordinary values.
    private static func format(_ value: Double) -> String {
        value >= 100 ? String(Int(value.rounded())) : String(format: value >= 10 ? "%.1f" : value >= 1 ? "%.2f" : "%.3f", value)
    }
}
