import Foundation
@testable import Harness
import Testing

/// The log of failures is appended to by every worker slot of a fuzz run as it finds them; no
/// line may be lost or cut, however the appends interleave.
@Suite struct FuzzFilesTests {
    @Test func concurrentAppendsKeepEveryLineWhole() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = try FuzzFiles(root: root)
        // Eight writers of 200 lines each, long enough (about 1.5 KB, like a chain's failure)
        // that a write overlapping another is likely.
        let padding = String(repeating: "x", count: 1500)
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for line in 0..<200 { files.appendLine("\(writer) \(line) \(padding)", to: "failures.jsonl") }
                }
            }
        }
        let text = try String(contentsOf: files.url("failures.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 1600)
        let whole = Set(lines.filter { $0.hasSuffix(padding) && $0.split(separator: " ").count == 3 }.map { $0.split(separator: " ").prefix(2).joined(separator: " ") })
        #expect(whole.count == 1600, "every writer's every line, whole")
    }
}
