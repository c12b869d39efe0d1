import ArgumentParser
import DynamicsAdapter
import Foundation
import Harness

/// `harness simulate SCENE.json`: runs one scene headless, prints a short summary, and writes the
/// animated SVG, the CSV trace and the JSON record when asked.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate", abstract: "Run one scene file and summarise it; optionally write an animated SVG, CSV or JSON.")

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(help: "Run for this many seconds instead of the scene's duration.")
    var duration: Double?

    @Option(help: "Write an animated SVG of the run here (open it in a browser).")
    var svg: String?

    @Option(help: "Write the recorded states as CSV here.")
    var trace: String?

    @Option(help: "Write the scene, summary and trace as JSON here.")
    var json: String?

    func run() throws {
        var scene: Scene
        do {
            scene = try SceneFile.load(self.scene)
        } catch {
            printError("\(self.scene): \(error)")
            throw ExitCode.failure
        }
        if let duration { scene.timing.duration = duration }
        let problems = scene.problems()
        guard problems.isEmpty else {
            for problem in problems { printError("\(self.scene): \(problem)") }
            throw ExitCode.failure
        }
        let engine = DynamicsEngine()
        let simulation: Simulation
        do {
            simulation = try Simulation.run(scene, on: engine)
        } catch {
            printError("\(self.scene): the run failed: \(error)")
            throw ExitCode.failure
        }
        print(simulation.summary.text)
        var written = true
        if let svg {
            written = writeOutput(Data(simulation.svg.utf8), to: svg, what: "SVG") && written
        }
        if let trace {
            written = writeOutput(Data(simulation.csv.utf8), to: trace, what: "CSV trace") && written
        }
        if let json {
            do {
                let data = try ResultsCoding.encode(SimulationRecord(engine: engine.name, summary: simulation.summary, scene: scene,
                                                                          trace: simulation.trace))
                written = writeOutput(data, to: json, what: "JSON record") && written
            } catch {
                printError("error: cannot encode the JSON record: \(error)")
                written = false
            }
        }
        if !written { throw ExitCode.failure }
    }
}
