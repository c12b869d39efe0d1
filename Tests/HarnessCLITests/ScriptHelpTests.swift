import Foundation
import Testing

/// Every script in `scripts/` answers `--help` and `-h` with its usage and exit status 0, at once:
/// without installing, building or running anything.
@Suite struct ScriptHelpTests {
    static let scripts = HelpAndVersionTests.root.appendingPathComponent("scripts")

    static var names: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scripts.path)) ?? []).filter { name in
            var isDirectory: ObjCBool = false
            let path = scripts.appendingPathComponent(name).path
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: path)
        }.sorted()
    }

    @Test func theScriptsAreFound() {
        #expect(Self.names.contains("compare-ref") && Self.names.contains("run") && Self.names.count >= 10, "\(Self.names)")
    }

    @Test(arguments: names, ["--help", "-h"])
    func answersHelpWithItsUsage(_ name: String, flag: String) throws {
        let start = Date()
        let outcome = try HarnessToolTests.run(executable: Self.scripts.appendingPathComponent(name), [flag])
        #expect(outcome.status == 0, "\(name) \(flag): \(outcome.error)")
        #expect(outcome.output.split(separator: "\n").contains { $0.hasPrefix("Usage: scripts/\(name)") }, "\(name) \(flag): \(outcome.output)")
        #expect(outcome.error.isEmpty, "\(name) \(flag): \(outcome.error)")
        #expect(Date().timeIntervalSince(start) < 10, "answered without doing the work")
    }
}
