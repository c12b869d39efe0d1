import ArgumentParser
import DynamicsAdapter
import Foundation
import Harness

/// `harness replay SCENE.json`: runs one scene with every invariant and prints what fails.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Run one scene with every invariant; print what fails (exit 1 if anything does).")

    @Argument(help: "The scene file (JSON), e.g. a fuzz failure's minimal scene.")
    var scene: String

    @Option(help: "Write an animated SVG of the run here.")
    var svg: String?

    func run() throws {
        let scene: Scene
        do {
            scene = try SceneFile.load(self.scene)
        } catch {
            printError("\(self.scene): \(error)")
            throw ExitCode.failure
        }
        let report = PropertyChecker(engine: DynamicsEngine()).check(scene)
        if let invalid = report.invalid {
            printError("\(self.scene): \(invalid)")
            throw ExitCode.failure
        }
        print("\(self.scene): checked \(report.checked.map(\.rawValue).joined(separator: ", "))")
        for violation in report.violations { print("FAIL \(violation.invariant.rawValue): \(violation.detail)") }
        if report.violations.isEmpty { print("all invariants hold") }
        if let svg {
            let animation = (try? Simulation.run(scene, on: DynamicsEngine()))?.svg
            if let animation, !writeOutput(Data(animation.utf8), to: svg, what: "animation") { throw ExitCode.failure }
        }
        if !report.violations.isEmpty { throw ExitCode.failure }
    }
}
