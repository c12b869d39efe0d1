import ArgumentParser
import DynamicsAdapter
import Foundation
import Harness
import SeedScenarios

/// `harness simulate SCENE.json` or `harness simulate --scenario NAME`: runs one scene file, or
/// one of the seed scenarios that need code, headless; prints a short summary, and writes the
/// animated SVG, the CSV trace and the JSON record when asked.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run one scene file or built-in scenario and summarise it; optionally write an animated SVG, CSV or JSON.",
        discussion: "Built-in scenarios (`harness list --scenarios`) are the seed interactions a scene file cannot say.")

    @Argument(help: "The scene file (JSON).")
    var scene: String?

    @Option(help: "Run this built-in scenario instead of a scene file.")
    var scenario: String?

    @Option(help: "Run for this many seconds instead of the scene's duration (scene files only).")
    var duration: Double?

    @Option(help: "Write an animated SVG of the run here (open it in a browser).")
    var svg: String?

    @Option(help: "Write the recorded states as CSV here.")
    var trace: String?

    @Option(help: "Write the scene, summary and trace as JSON here.")
    var json: String?

    @Option(help: "dynamics or chipmunk (scene files only).")
    var engine: EngineChoice = .dynamics

    func validate() throws {
        guard (scene == nil) != (scenario == nil) else {
            throw ValidationError("give either a scene file or --scenario NAME")
        }
        if let scenario, BuiltInScenario.named(scenario) == nil {
            throw ValidationError("no built-in scenario '\(scenario)'; there are: \(BuiltInScenario.all.map(\.name).joined(separator: ", "))")
        }
        if scenario != nil, duration != nil { throw ValidationError("--duration applies to scene files only") }
        if engine == .all { throw ValidationError("simulate runs one engine: dynamics or chipmunk") }
        if scenario != nil, engine != .dynamics { throw ValidationError("built-in scenarios drive this engine's API; --engine applies to scene files") }
    }

    func run() throws {
        let simulation: Simulation
        if let builtIn = scenario.flatMap(BuiltInScenario.named) {
            simulation = try runScenario(builtIn)
        } else {
            simulation = try runSceneFile(scene ?? "")
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
                let data = try ResultsCoding.encode(SimulationRecord(engine: try engine.engines()[0].name, summary: simulation.summary,
                                                                     scene: simulation.scene, trace: simulation.trace))
                written = writeOutput(data, to: json, what: "JSON record") && written
            } catch {
                printError("error: cannot encode the JSON record: \(error)")
                written = false
            }
        }
        if !written { throw ExitCode.failure }
    }

    private func runScenario(_ scenario: BuiltInScenario) throws -> Simulation {
        do {
            return try scenario.run()
        } catch {
            printError("\(scenario.name): the run failed: \(error)")
            throw ExitCode.failure
        }
    }

    private func runSceneFile(_ path: String) throws -> Simulation {
        var scene: Scene
        do {
            scene = try SceneFile.load(path)
        } catch {
            printError("\(path): \(error)")
            throw ExitCode.failure
        }
        if let duration { scene.timing.duration = duration }
        let problems = scene.problems()
        guard problems.isEmpty else {
            for problem in problems { printError("\(path): \(problem)") }
            throw ExitCode.failure
        }
        do {
            return try Simulation.run(scene, on: try engine.engines()[0])
        } catch {
            printError("\(path): the run failed: \(error)")
            throw ExitCode.failure
        }
    }
}
