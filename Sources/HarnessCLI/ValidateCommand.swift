import ArgumentParser
import DynamicsAdapter
import Harness

/// `harness validate SCENE.json...`: decodes and validates scene files, printing every problem
/// with its file, line, column and JSON path; exit status 1 if any file is invalid, 2 if any
/// cannot be read.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate", abstract: "Check scene files, printing every problem with its line, column and JSON path.",
        discussion: """
            Checks the format's rules and this engine's limits (its speed and turn-rate caps), as \
            every command that runs a scene does. Prints FILE: ok, or each problem as \
            FILE:LINE:COLUMN: PATH: reason. Exit status: 0 every file is a valid scene, 1 some file is \
            not (malformed JSON included), 2 some file cannot be read (missing, a directory, not \
            readable) or a usage error.
            """)

    @Argument(help: "Scene files (JSON).")
    var files: [String]

    func run() throws {
        var invalid = false, unreadable = false
        let engine = DynamicsEngine()
        for file in files {
            let problems: [SceneFileError]
            do {
                let sceneFile = try SceneFile.read(file)
                problems = sceneFile.located(sceneFile.scene.problems(within: engine.limits(for: sceneFile.scene)))
            } catch .unreadable(let error) {
                printError("error: \(error)")
                unreadable = true
                continue
            } catch {
                problems = [error]
            }
            if problems.isEmpty {
                print("\(file): ok")
            } else {
                invalid = true
                for problem in problems { print(problem) }
            }
        }
        if unreadable { throw ExitCode.cannotRun }
        if invalid { throw ExitCode.verdictFailed }
    }
}
