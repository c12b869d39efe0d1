import ArgumentParser
import Foundation
import DynamicsAdapter
import Harness

/// `harness golden`: checks the committed determinism baseline against this build, or rewrites it
/// (`--update`) after a deliberate engine change, for review in the diff.
struct GoldenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "golden", abstract: "Check or update the committed determinism baseline (Golden/).")

    @Flag(help: "Rewrite the baseline from this build instead of checking it.")
    var update = false

    @Option(help: "The baseline file.")
    var file = DeterminismBaseline.relativePath

    func run() throws {
        let measured = try DeterminismBaseline.measure(engine: DynamicsEngine())
        let url = URL(fileURLWithPath: file)
        if update {
            try AtomicFile.write(ResultsCoding.encode(measured), to: url)
            print("wrote \(file)")
            return
        }
        let committed = try ResultsCoding.decode(DeterminismBaseline.self, from: Data(contentsOf: url))
        var differ = false
        for entry in measured.entries {
            let old = committed.entries.first { $0.scene == entry.scene }?.stateHash ?? "missing"
            print("\(entry.scene): \(entry.stateHash) \(old == entry.stateHash ? "ok" : "CHANGED (was \(old))")")
            differ = differ || old != entry.stateHash
        }
        if differ { throw ExitCode.failure }
    }
}
