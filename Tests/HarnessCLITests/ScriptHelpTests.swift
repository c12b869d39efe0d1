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
        // Without doing the work: the help is answered by the script's first command after
        // `set`, before it installs, builds or runs anything (read from the script, not timed,
        // so that a loaded machine cannot fail it).
        let text = try String(contentsOf: Self.scripts.appendingPathComponent(name), encoding: .utf8)
        let commands = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        #expect(commands.count >= 2 && commands[0].hasPrefix("set ") && commands[1].hasSuffix("answer_help \"$@\""),
                "\(name): the help is not its first command: \(commands.prefix(2))")
        let outcome = try HarnessToolTests.run(executable: Self.scripts.appendingPathComponent(name), [flag])
        #expect(outcome.status == 0, "\(name) \(flag): \(outcome.error)")
        #expect(outcome.output.split(separator: "\n").contains { $0.hasPrefix("Usage: scripts/\(name)") }, "\(name) \(flag): \(outcome.output)")
        #expect(outcome.error.isEmpty, "\(name) \(flag): \(outcome.error)")
    }
}
