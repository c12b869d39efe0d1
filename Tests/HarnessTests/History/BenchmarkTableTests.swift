import Foundation
import Harness
import Testing

/// The benchmark files' two formats side by side, and the README's table made from them.
@Suite struct BenchmarkTableTests {
    static let first = "2026-11-20,aaa,m,tumbling pile,1000,Chipmunk 7,5,1.3,0.82,0.80,0.85"
    static let second = [
        "2026-11-21,bbb,m,tumbling pile,1000,Dynamics,5,600,1.2000,,,,1000/1000 inside",
        "2026-11-21,bbb,m,tumbling pile,1000,Chipmunk 7,5,600,1.5000,0.8000,0.7500,0.8500,1000/1000 inside",
        "2026-11-21,bbb,m,tumbling pile,1000,Box2D 3.1.1,5,600,0.4000,3.0000,2.9000,3.2000,999/1000 inside",
        "2026-11-21,bbb,m,large_pyramid,5050,Dynamics,5,99,16.0000,,,,5050/5050 inside; top drop 25.8 pt (1.3 box)",
        "2026-11-21,bbb,m,large_pyramid,5050,Box2D 3.1.1,5,99,4.8000,3.3000,3.2000,3.4000,5050/5050 inside",
    ]
    static var mixed: String { ([BenchmarkRow.columns.joined(separator: ","), first] + second).joined(separator: "\n") + "\n" }

    /// A first-format row under the second header still reads, and continues the same series as
    /// the second format's rows against the same engine; this engine's time comes from its own row.
    @Test func bothFormatsReadIntoOneSeriesPerBaseline() throws {
        let series = try BenchmarkHistory.parse(Self.mixed, path: "m.csv")
        #expect(series.map(\.baseline) == ["Chipmunk 7", "Box2D 3.1.1", "Box2D 3.1.1"])
        #expect(series[0].points.map(\.commit) == ["aaa", "bbb"])
        #expect(series[0].points.map(\.milliseconds) == [1.3, 1.2] && series[0].points.map(\.baselineMilliseconds) == [nil, 1.5])
        #expect(series[2].scene == "large_pyramid" && series[2].points[0].ratio == 3.3)
        // The first header still reads its own rows, and only those.
        let old = try BenchmarkHistory.parse(BenchmarkHistory.columns.joined(separator: ",") + "\n" + Self.first + "\n", path: "m.csv")
        #expect(old.count == 1 && old[0].points[0].ratio == 0.82)
        #expect(throws: BenchmarkHistory.Unreadable.self) {
            try BenchmarkHistory.parse(BenchmarkHistory.columns.joined(separator: ",") + "\n" + Self.second[0] + "\n", path: "m.csv")
        }
        // A ratio without this engine's row of the same run, or with only part of its range, is named by line.
        for (text, line) in [(Self.second[1], 2), (Self.second[0] + "\n" + Self.second[1].replacingOccurrences(of: ",0.7500,", with: ",,"), 3)] {
            do {
                _ = try BenchmarkHistory.parse(BenchmarkRow.columns.joined(separator: ",") + "\n" + text + "\n", path: "m.csv")
                Issue.record("\(text) read")
            } catch let error as BenchmarkHistory.Unreadable {
                #expect(error.line == line, "\(error)")
            }
        }
    }

    /// The latest run per machine: a cost per engine, a ratio with its range per baseline, a
    /// dash where an engine did not run, and each engine's end state; the section is replaced
    /// between its markers and nowhere else.
    @Test func theTableShowsTheLatestRunAndReplacesOnlyItsSection() throws {
        let table = BenchmarkTable.markdown(try BenchmarkRow.parse(Self.mixed, path: "m.csv"))
        #expect(table.contains("| tumbling pile | 1000 | 600 | 1.20 | 1.50 | 0.400 | 0.800 (0.750–0.850) | 3.00 (2.90–3.20) |"), "\(table)")
        #expect(table.contains("| large_pyramid | 5050 | 99 | 16.0 | – | 4.80 | – | 3.30 (3.20–3.40) |"), "\(table)")
        #expect(table.contains("| large_pyramid | 5050 | Dynamics | 5050/5050 inside; top drop 25.8 pt (1.3 box) |"))
        #expect(!table.contains("aaa"))
        let readme = "# T\nbefore\n\(BenchmarkTable.begin)\nstale\n\(BenchmarkTable.end)\nafter\n"
        let made = try BenchmarkTable.rewrite(readme, table: table)
        #expect(made == "# T\nbefore\n\(BenchmarkTable.begin)\n\(table)\(BenchmarkTable.end)\nafter\n")
        #expect(try BenchmarkTable.rewrite(made, table: table) == made)
        #expect(throws: BenchmarkTable.MissingSection.self) { try BenchmarkTable.rewrite("# T\n", table: table) }
    }

    /// The committed README's table is what the committed files make: nobody edited it by hand,
    /// and no recorded run was left out of it.
    @Test func theCommittedReadmeTableMatchesTheCommittedResults() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let results = root.appendingPathComponent("Benchmarks/results")
        let files = try FileManager.default.contentsOfDirectory(atPath: results.path).filter { $0.hasSuffix(".csv") }.sorted()
        let rows = try files.flatMap { name in
            let path = results.appendingPathComponent(name).path
            return try BenchmarkRow.parse(String(contentsOfFile: path, encoding: .utf8), path: path)
        }
        let readme = try String(contentsOf: root.appendingPathComponent("Benchmarks/README.md"), encoding: .utf8)
        #expect(try BenchmarkTable.rewrite(readme, table: BenchmarkTable.markdown(rows)) == readme,
                "Benchmarks/README.md's benchmark table is stale: run swift run -c release harness bench-table")
    }
}
