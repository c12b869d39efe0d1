import ArgumentParser
import Foundation
import Harness

/// A command's outputs: checked before the command does its work, written together after it,
/// all or none (``OutputBatch``), and listed as written. A failure is one line on standard
/// error and exit status 2.
struct CommandOutputs {
    private var batch = OutputBatch()
    private var names: [(what: String, path: String)] = []

    /// Checks the files that will be written (`nil` paths are outputs not asked for).
    /// - Throws: ``ExitCode/cannotRun`` after printing why the first one cannot be written.
    static func check(files: [(path: String?, what: String)]) throws {
        do {
            try OutputLocation.checkFiles(files.compactMap { file in file.path.map { ($0, file.what) } })
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
    }

    /// Checks a folder that will be written into (created when missing).
    /// - Throws: ``ExitCode/cannotRun`` after printing why it cannot be written.
    static func check(folder: String, what: String) throws {
        do {
            try OutputLocation.checkFolder(folder, what: what)
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
    }

    /// Stages `data` for `path`.
    mutating func add(_ data: Data, to path: String, what: String) {
        batch.add(data, to: URL(fileURLWithPath: path), what: what)
        names.append((what, path))
    }

    /// Creates `folder` (and missing parents) when the outputs are written.
    mutating func createFolder(_ folder: String) {
        batch.createFolder(URL(fileURLWithPath: folder, isDirectory: true))
    }

    /// Writes every staged file or none, then says what was created and written where.
    /// - Throws: ``ExitCode/cannotRun`` after printing the failure (nothing is left written).
    func write() throws {
        let created: [URL]
        do {
            created = try batch.write()
        } catch {
            printError("error: \(error)")
            throw ExitCode.cannotRun
        }
        for folder in created { print("created the folder \(folder.path)") }
        for (what, path) in names { print("wrote \(what): \(path)") }
    }
}
