import ArgumentParser
import Foundation
import Harness

/// `harness bench-table`: makes the benchmark section of `Benchmarks/README.md` from the
/// benchmark files (see ``BenchmarkTable``); `scripts/bench --record` runs it after recording.
struct BenchTableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-table",
        abstract: "Remake the README's benchmark tables from Benchmarks/results/*.csv.",
        discussion: """
            Reads every Benchmarks/results/*.csv (or the --bench files), takes each machine's latest run and \
            rewrites the section between the benchmark-table markers of --readme. With --check it writes nothing \
            and exits 1 if the section differs from what the files make. Exits 2 when a file cannot be read.
            """)

    @Option(name: .customLong("bench"), help: "A benchmark CSV (repeatable; default: every Benchmarks/results/*.csv).")
    var benchmarks: [String] = []

    @Option(help: "The README whose marked section is made.")
    var readme: String = PackageRoot.path("Benchmarks/README.md")

    @Flag(help: "Only check that the section matches the files.")
    var check = false

    /// Every `Benchmarks/results/*.csv` of the package, sorted by name.
    static var defaultFiles: [String] {
        let results = PackageRoot.url.appendingPathComponent("Benchmarks/results")
        return ((try? FileManager.default.contentsOfDirectory(atPath: results.path)) ?? []).filter { $0.hasSuffix(".csv") }.sorted()
            .map { results.appendingPathComponent($0).path }
    }

    func run() throws {
        do {
            let rows = try (benchmarks.isEmpty ? Self.defaultFiles : benchmarks).flatMap { path in
                try BenchmarkRow.parse(String(contentsOfFile: path, encoding: .utf8), path: path)
            }
            let old = try String(contentsOfFile: readme, encoding: .utf8)
            let new = try BenchmarkTable.rewrite(old, table: BenchmarkTable.markdown(rows))
            if check {
                guard new == old else {
                    printError("\(readme): the benchmark table differs from what Benchmarks/results/*.csv make; run harness bench-table")
                    throw ExitCode.verdictFailed
                }
                print("\(readme): the benchmark table matches the files")
            } else if new != old {
                try Data(new.utf8).write(to: URL(fileURLWithPath: readme), options: .atomic)
                print("wrote the benchmark table into \(readme)")
            } else {
                print("\(readme): the benchmark table is up to date")
            }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
    }
}
