import ArgumentParser
import DynamicsAdapter
import Foundation
import Harness

/// `harness replay SCENE.json [--from T] [--rigid]`: runs one scene with every invariant and
/// prints what fails; with `--from`, restores the engine's snapshot at T and judges from there.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Run one scene with every invariant; print what fails (exit 1 if anything does).",
        discussion: """
            Every output's folder must exist; outputs are checked before the run and written             together after it, all or none. Exit status: 0 every invariant holds; 1 one is violated;             2 the scene cannot be read or is invalid, an output cannot be written, or a usage error.
            """)

    @Argument(help: "The scene file (JSON), e.g. a fuzz failure's minimal scene.")
    var scene: String

    @Option(help: "Write an animated SVG of the run here.")
    var svg: String?

    @Option(help: "Shrink the scene to a minimal one that still fails and write it here.")
    var shrink: String?

    @Option(help: "With --shrink: the invariant whose first failure the minimal scene must keep, signature and all (default: the first failure).")
    var invariant: Invariant?

    @Flag(help: "Run the engine with its rigid contact solver, as `fuzz run --rigid` does.")
    var rigid = false

    @Option(help: "The engine to run the scene on: dynamics (default), dynamics-rigid, chipmunk or box2d, as `fuzz run --engine` does.")
    var engine: SingleEngineChoice?

    @Option(help: ArgumentHelp("Start judging at this time (seconds): run there without recording sub-steps, restore the engine's snapshot, and judge the rest by the invariants that judge step by step.", valueName: "seconds"))
    var from: Double?

    func validate() throws {
        if let from, !(from.isFinite && from >= 0) { throw ValidationError("--from must be a time in seconds, 0 or more (got \(from))") }
        if from != nil && shrink != nil { throw ValidationError("--from cannot be used with --shrink, which judges whole runs") }
        _ = try CheckedEngine.engine(engine, rigid: rigid, recordsSubsteps: false)
    }

    /// The engine the scene runs on; `recordsSubsteps` for the invariant checks.
    private func engine(recordsSubsteps: Bool) throws -> any SimulationEngine {
        try CheckedEngine.engine(engine, rigid: rigid, recordsSubsteps: recordsSubsteps)
    }

    func run() throws {
        try CommandOutputs.check(files: [(svg, "the SVG"), (shrink, "the minimal scene")])
        let file: SceneFile
        do {
            file = try SceneFile.read(self.scene)
        } catch {
            printError("\(error)")
            throw ExitCode.cannotRun
        }
        let scene = file.scene
        let checker = PropertyChecker(engine: try engine(recordsSubsteps: true))
        let problems = file.located(scene.problems(within: checker.engine.limits(for: scene)))
        guard problems.isEmpty else {
            for problem in problems { printError("\(problem)") }
            throw ExitCode.cannotRun
        }
        var restoredAfter = 0
        let report: PropertyReport
        if let from {
            guard let restored = checker.check(scene, from: from) else {
                printError("error: \(checker.engine.name) cannot restore a snapshot; run without --from")
                throw ExitCode.cannotRun
            }
            (report, restoredAfter) = restored
        } else {
            report = checker.check(scene)
        }
        if let invalid = report.invalid {
            printError("\(self.scene): \(invalid)")
            throw ExitCode.cannotRun
        }
        if let unsupported = report.unsupported {
            printError("\(self.scene): not supported by \(unsupported)")
            throw ExitCode.cannotRun
        }
        if restoredAfter > 0 {
            let time = Double(restoredAfter) * scene.timing.frameDuration
            let skipped = Invariant.allCases.filter { !PropertyChecker.judgedFromASnapshot.contains($0) }
            print("\(self.scene): restored from a snapshot after frame \(restoredAfter) (t = \(time) s); judged from there on, as if the run started there")
            print("not judged from a snapshot (they need the whole run): \(skipped.map(\.rawValue).joined(separator: ", "))")
        }
        print("\(self.scene): checked \(report.checked.map(\.rawValue).joined(separator: ", "))")
        for violation in report.violations {
            print("FAIL \(violation.signature?.slug ?? violation.invariant.rawValue): \(violation.detail)")
        }
        if report.violations.isEmpty { print("all invariants hold") }
        var outputs = CommandOutputs()
        if let svg {
            do {
                outputs.add(Data(try Simulation.run(scene, on: try engine(recordsSubsteps: false)).svg.utf8), to: svg, what: "the SVG")
            } catch {
                printError("error: cannot draw the SVG: the run failed: \(error)")
                throw ExitCode.cannotRun
            }
        }
        if let shrink {
            if let target = report.violations.first(where: { invariant == nil || $0.invariant == invariant }) {
                outputs.add(try minimal(of: scene, failing: target), to: shrink, what: "the minimal scene")
            } else {
                print("nothing to shrink: no invariant fails\(invariant.map { " (\($0.rawValue))" } ?? ""); \(shrink) not written")
            }
        }
        try outputs.write()
        if !report.violations.isEmpty { throw ExitCode.verdictFailed }
    }

    /// Shrinks `scene` in this process to a minimal scene that still fails with `target`'s
    /// signature (so that the failure cannot drift into another), and returns its file.
    private func minimal(of scene: Scene, failing target: Violation) throws -> Data {
        let checker = PropertyChecker(engine: try engine(recordsSubsteps: true))
        let signature = target.signature
        let (minimal, tries) = SceneShrinker().shrink(scene) { candidate in
            checker.check(candidate, only: [target.invariant]).violations.contains { $0.invariant == target.invariant && $0.signature == signature }
        }
        let size = SceneShrinker.size(of: minimal)
        print("shrunk to \(size[0]) items, \(size[1]) behaviors, \(size[2]) events in \(tries) tries, keeping \(signature?.slug ?? target.invariant.rawValue)")
        do {
            return try minimal.jsonData()
        } catch {
            printError("error: cannot encode the minimal scene: \(error)")
            throw ExitCode.cannotRun
        }
    }
}

extension Invariant: ExpressibleByArgument {}
