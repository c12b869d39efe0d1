import Foundation
@testable import Harness
import Testing

/// The log of failures is appended to by every worker slot of a fuzz run as it finds them; no
/// line may be lost or cut, however the appends interleave. A new run starts from an empty log.
@Suite struct FuzzFilesTests {
    @Test func concurrentAppendsKeepEveryLineWhole() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try FuzzFiles(root: root)
        // Eight writers of 200 lines each, long enough (about 1.5 KB, like a chain's failure)
        // that a write overlapping another is likely.
        let padding = String(repeating: "x", count: 1500)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for line in 0..<200 { try files.appendLine("\(writer) \(line) \(padding)", to: "failures.jsonl") }
                }
            }
            try await group.waitForAll()
        }
        let text = try String(contentsOf: files.url("failures.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1600)
        let whole = Set(lines.filter { $0.hasSuffix(padding) && $0.split(separator: " ").count == 3 }.map { $0.split(separator: " ").prefix(2).joined(separator: " ") })
        #expect(whole.count == 1600, "every writer's every line, whole")
    }

    /// A new run into a folder an earlier run used removes that run's failure log and scenes (the
    /// default folder is reused by every run) and nothing else; a merge keeps them.
    @Test func aNewRunStartsFromAnEmptyLogAndKeepsOtherFiles() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let earlier = try FuzzFiles(root: root, startingFresh: true)
        try earlier.appendLine("an earlier failure", to: "failures.jsonl")
        try earlier.write("{}", to: "scenes/7.json")
        try earlier.write("mine", to: "notes.txt")
        let merging = try FuzzFiles(root: root)
        #expect(FileManager.default.fileExists(atPath: merging.url("failures.jsonl").path))
        #expect(FileManager.default.fileExists(atPath: merging.url("scenes/7.json").path))
        let fresh = try FuzzFiles(root: root, startingFresh: true)
        #expect(!FileManager.default.fileExists(atPath: fresh.url("failures.jsonl").path))
        #expect(!FileManager.default.fileExists(atPath: fresh.url("scenes/7.json").path))
        #expect(FileManager.default.fileExists(atPath: fresh.url("scenes").path))
        #expect(try String(contentsOf: fresh.url("notes.txt"), encoding: .utf8) == "mine")
    }
}
