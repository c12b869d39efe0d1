import Foundation
import Testing

/// Following the READMEs builds the tool once: every `swift run` or `swift build` of the tool
/// they show uses the release build, as `scripts/run` does (a debug command beside a release one
/// builds everything twice).
@Suite struct ReadmeCommandTests {
    static let root = HelpAndVersionTests.root

    /// The Markdown files of the package outside build and report folders.
    static var readmes: [URL] {
        let skipped: Set<String> = [".build", "Reports", ".git", ".swiftpm"]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        for case let url as URL in walker {
            if skipped.contains(url.lastPathComponent) || url.lastPathComponent.hasPrefix(".build") {
                walker.skipDescendants()
            } else if url.pathExtension == "md" {
                found.append(url)
            }
        }
        return found
    }

    @Test func everyCommandUsesTheReleaseBuild() throws {
        #expect(Self.readmes.contains { $0.lastPathComponent == "README.md" })
        var debug: [String] = []
        for file in Self.readmes {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // `swift run …` or `swift build …` as a command, not `Package.swift builds`.
                for match in line.matches(of: /(^|[^.\w])swift (run|build)\b(?<rest>.*)/)
                where !match.output.rest.trimmingCharacters(in: .whitespaces).hasPrefix("-c release") {
                    debug.append("\(file.path.dropFirst(Self.root.path.count + 1)):\(number + 1): \(line)")
                }
            }
        }
        #expect(debug.isEmpty, "\(debug.joined(separator: "\n"))")
    }
}
