import Foundation
import Harness

/// Writes one line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Writes `data` atomically to `path`, creating its folder; on failure prints one clear line to
/// standard error and returns false.
func writeOutput(_ data: Data, to path: String, what: String) -> Bool {
    let url = URL(fileURLWithPath: path)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(data, to: url)
        return true
    } catch {
        printError("error: cannot write the \(what) to \(path): \(error.localizedDescription)")
        return false
    }
}
