import ArgumentParser
import Harness

/// `harness validate SCENE.json...`: decodes and validates scene files, printing every problem
/// with its JSON path; exit status 1 if any file has one.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check scene files, printing every problem with its JSON path.")

    @Argument(help: "Scene files (JSON).")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            let problems: [SceneFileError]
            do {
                let sceneFile = try SceneFile.read(file)
                problems = sceneFile.located(sceneFile.scene.problems())
            } catch {
                problems = [error]
            }
            if problems.isEmpty {
                print("\(file): ok")
            } else {
                failed = true
                for problem in problems { print(problem) }
            }
        }
        if failed { throw ExitCode.failure }
    }
}
