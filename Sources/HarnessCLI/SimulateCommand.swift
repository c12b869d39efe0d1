import ArgumentParser
import DynamicsAdapter
import Foundation
import Harness
import SeedScenarios

/// `harness simulate SCENE.json` or `harness simulate --scenario NAME`: runs one scene file, or
/// one of the seed scenarios that need code, headless; prints a short summary, and writes the
/// animated SVG, the CSV trace and the JSON record when asked, saying where.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Run one scene file or built-in scenario and summarise it; optionally write an animated SVG, CSV or JSON.",
        discussion: """
            Built-in scenarios (`harness list --scenarios`) are the seed interactions a scene file cannot say. \
            Every output's folder must exist; all are checked before the run and written together after it, \
            all or none. Exit status: 0 the scene ran and its outputs were written; 2 it could not \
            (a usage error, a scene that cannot be read or is invalid, an output that cannot be \
            written, a run the engine refused).
            """)

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

    @Option(help: "dynamics (its default contact solver, the soft step), dynamics-rigid (its rigid contact solver), chipmunk or box2d; scene files only.")
    var engine: SingleEngineChoice = .dynamics

    func validate() throws {
        guard (scene == nil) != (scenario == nil) else {
            throw ValidationError("give either a scene file or --scenario NAME")
        }
        if let scenario, BuiltInScenario.named(scenario) == nil {
            throw ValidationError("no built-in scenario '\(scenario)'; there are: \(BuiltInScenario.all.map(\.name).joined(separator: ", "))")
        }
        if scenario != nil, duration != nil { throw ValidationError("--duration applies to scene files only") }
        if let duration, !(duration.isFinite && duration >= 0) {
            throw ValidationError("--duration must be a time in seconds, 0 or more (got \(duration))")
        }
        if scenario != nil, engine != .dynamics { throw ValidationError("built-in scenarios drive this engine's API; --engine applies to scene files") }
    }

    func run() throws {
        try CommandOutputs.check(files: [(svg, "the SVG"), (trace, "the CSV trace"), (json, "the JSON record")])
        let engine = try self.engine.engine()
        let simulation: Simulation
        if let builtIn = scenario.flatMap(BuiltInScenario.named) {
            simulation = try runScenario(builtIn)
        } else {
            simulation = try runSceneFile(scene ?? "", on: engine)
        }
        print(simulation.summary.text)
        var outputs = CommandOutputs()
        if let svg { outputs.add(Data(simulation.svg.utf8), to: svg, what: "the SVG") }
        if let trace { outputs.add(Data(simulation.csv.utf8), to: trace, what: "the CSV trace") }
        if let json {
            do {
                let record = SimulationRecord(engine: engine.name, summary: simulation.summary, scene: simulation.scene, trace: simulation.trace)
                outputs.add(try ResultsCoding.encode(record), to: json, what: "the JSON record")
            } catch {
                printError("error: cannot encode the JSON record: \(error)")
                throw ExitCode.cannotRun
            }
        }
        try outputs.write()
    }

    private func runScenario(_ scenario: BuiltInScenario) throws -> Simulation {
        do {
            return try scenario.run()
        } catch {
            printError("\(scenario.name): the run failed: \(error)")
            throw ExitCode.cannotRun
        }
    }

    private func runSceneFile(_ path: String, on engine: any SimulationEngine) throws -> Simulation {
        let file: SceneFile
        do {
            file = try SceneFile.read(path)
        } catch {
            printError("\(error)")
            throw ExitCode.cannotRun
        }
        var scene = file.scene
        if let duration { scene.timing.duration = duration }
        let problems = scene.problems(within: engine.limits(for: scene))
        guard problems.isEmpty else {
            for problem in problems {
                // The duration given on the command line is not in the file.
                if duration != nil, problem.path == "timing.duration" {
                    printError("--duration: \(problem.problem)")
                } else {
                    printError("\(file.located([problem])[0])")
                }
            }
            throw ExitCode.cannotRun
        }
        do {
            return try Simulation.run(scene, on: engine)
        } catch {
            printError("\(path): the run failed: \(error)")
            throw ExitCode.cannotRun
        }
    }
}
