import ArgumentParser
import DynamicsAdapter
import Foundation
import Harness

/// `harness replay SCENE.json [--from T] [--rigid]`: runs one scene with every invariant and
/// prints what fails; with `--from`, restores the engine's snapshot at T and judges from there.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Run one scene with every invariant; print what fails (exit 1 if anything does).")

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

    @Option(help: ArgumentHelp("Start judging at this time (seconds): run there without recording sub-steps, restore the engine's snapshot, and judge the rest by the invariants that judge step by step.", valueName: "seconds"))
    var from: Double?

    func validate() throws {
        if let from, !(from.isFinite && from >= 0) { throw ValidationError("--from must be a time in seconds, 0 or more (got \(from))") }
        if from != nil && shrink != nil { throw ValidationError("--from cannot be used with --shrink, which judges whole runs") }
    }

    /// The engine the scene runs on; `recordsSubsteps` for the invariant checks.
    private func engine(recordsSubsteps: Bool) -> DynamicsEngine {
        DynamicsEngine.choosing(rigid: rigid, recordsSubsteps: recordsSubsteps)
    }

    func run() throws {
        let scene: Scene
        do {
            scene = try SceneFile.load(self.scene)
        } catch {
            printError("\(self.scene): \(error)")
            throw ExitCode.failure
        }
        let checker = PropertyChecker(engine: engine(recordsSubsteps: true))
        var restoredAfter = 0
        let report: PropertyReport
        if let from {
            guard let restored = checker.check(scene, from: from) else {
                printError("\(checker.engine.name) cannot restore a snapshot; run without --from")
                throw ExitCode.failure
            }
            (report, restoredAfter) = restored
        } else {
            report = checker.check(scene)
        }
        if let invalid = report.invalid {
            printError("\(self.scene): \(invalid)")
            throw ExitCode.failure
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
        if let svg {
            let animation = (try? Simulation.run(scene, on: engine(recordsSubsteps: false)))?.svg
            if let animation, !writeOutput(Data(animation.utf8), to: svg, what: "animation") { throw ExitCode.failure }
        }
        if let shrink, let target = report.violations.first(where: { invariant == nil || $0.invariant == invariant }) {
            try writeMinimal(of: scene, failing: target, to: shrink)
        }
        if !report.violations.isEmpty { throw ExitCode.failure }
    }

    /// Shrinks `scene` in this process to a minimal scene that still fails with `target`'s
    /// signature (so that the failure cannot drift into another), and writes it.
    private func writeMinimal(of scene: Scene, failing target: Violation, to path: String) throws {
        let checker = PropertyChecker(engine: engine(recordsSubsteps: true))
        let signature = target.signature
        let (minimal, tries) = SceneShrinker().shrink(scene) { candidate in
            checker.check(candidate, only: [target.invariant]).violations.contains { $0.invariant == target.invariant && $0.signature == signature }
        }
        let size = SceneShrinker.size(of: minimal)
        print("shrunk to \(size[0]) items, \(size[1]) behaviors, \(size[2]) events in \(tries) tries, keeping \(signature?.slug ?? target.invariant.rawValue): \(path)")
        guard let data = try? minimal.jsonData(), writeOutput(data, to: path, what: "minimal scene") else {
            throw ExitCode(2)
        }
    }
}

extension Invariant: ExpressibleByArgument {}
