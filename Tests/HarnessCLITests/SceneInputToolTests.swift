import Foundation
import Testing

/// What `validate`, `simulate` and `replay` say of a scene file a person got wrong: malformed
/// JSON with its line, column and path; a directory or a missing file in plain words; values past
/// the engine's limits with their path and the limit, refused before anything runs.
@Suite struct SceneInputToolTests {
    static func file(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scene-input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("scene.json")
        try Data(text.utf8).write(to: file)
        return file
    }

    static func scene(center x: String = "10", velocity dx: String = "0", magnitude: String = "1", duration: String = "1") -> String {
        """
        {"schemaVersion": 2,
         "items": [{"id": "a", "center": {"x": \(x), "y": 10}, "size": {"width": 10, "height": 10},
                    "velocity": {"dx": \(dx), "dy": 0}}],
         "behaviors": [{"kind": "gravity", "items": ["a"], "angle": 0, "magnitude": \(magnitude)}],
         "timing": {"duration": \(duration)}}
        """
    }

    /// (the text, the marker the message points at, the path and reason it gives).
    static let malformed: [(String, String, String)] = [
        (scene(center: "NaN"), "NaN", "items[0].center.x: is not valid JSON: NaN is not JSON: JSON numbers are finite"),
        (scene(center: "1e999"), "1e999", "items[0].center.x: is not valid JSON: the number 1e999 is beyond the largest a Double holds"),
        (scene().replacingOccurrences(of: "\"dy\": 0}", with: "\"dy\": 0,}"), ",}",
         "items[0].velocity: is not valid JSON: a comma before '}': JSON allows none after the last element"),
        (scene().replacingOccurrences(of: "\"a\"],", with: "\"a\"],,"), ", \"angle\"",
         "behaviors[0]: is not valid JSON: expected a key in double quotes, found ','"),
    ]

    @Test(arguments: malformed.indices, ["validate", "simulate", "replay"])
    func malformedJSONNamesTheFileLineColumnAndPath(_ index: Int, command: String) throws {
        let (text, marker, message) = Self.malformed[index]
        let file = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let marked = try SceneCommandTests.place(of: marker, in: text)
        let outcome = try HarnessToolTests.run([command, file.path])
        let said = command == "validate" ? outcome.output : outcome.error
        #expect(said.contains("\(file.path):\(marked): \(message)"), "\(said)")
        #expect(outcome.status == (command == "validate" ? 1 : 2))
        #expect(!said.contains("The given data was not valid JSON"))
    }

    @Test(arguments: ["validate", "simulate", "replay"])
    func aDirectoryIsNamedInPlainWords(_ command: String) throws {
        let folder = FileManager.default.temporaryDirectory.path
        let outcome = try HarnessToolTests.run([command, folder])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("\(folder) is a directory, not a scene file"), "\(outcome.error)")
        #expect(!outcome.error.contains("NSCocoaErrorDomain"))
    }

    /// (the text, the marker, the message): values the engine would clamp or run as nothing.
    static let pastTheLimits: [(String, String, String)] = [
        (scene(velocity: "1e308"), "1e308", "items[0].velocity.dx: is 1e+308, beyond the largest magnitude the engine takes (1e+300)"),
        (scene(velocity: "2e5"), "{\"dx\"", "items[0].velocity: is 200000 pt/s, beyond the engine's speed cap (100000 pt/s)"),
        (scene(magnitude: "1e308"), "1e308", "behaviors[0].magnitude: is 1e+308, beyond the largest magnitude the engine takes (1e+300)"),
        (scene(duration: "1e200"), "1e200", "timing.duration: is 1e+200 s, beyond the longest run, 10368000 frames (172800 s)"),
        (scene(center: "1e308"), "1e308", "items[0].center.x: must be in [-1000000000, 1000000000], got 1e+308"),
    ]

    @Test(arguments: pastTheLimits.indices, ["validate", "simulate", "replay"])
    func valuesPastTheEnginesLimitsAreRefusedBeforeAnythingRuns(_ index: Int, command: String) throws {
        let (text, marker, message) = Self.pastTheLimits[index]
        let file = try Self.file(text)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let outcome = try HarnessToolTests.run([command, file.path])
        let said = command == "validate" ? outcome.output : outcome.error
        #expect(said.contains("\(file.path):\(try SceneCommandTests.place(of: marker, in: text)): \(message)"), "\(said)")
        #expect(outcome.status == (command == "validate" ? 1 : 2))
        #expect(!outcome.output.contains("frames:") && !outcome.output.contains("checked"))
    }

    @Test func aDurationGivenOnTheCommandLineIsCheckedToo() throws {
        let gravity = SceneCommandTests.examples.appendingPathComponent("gravity.json").path
        let outcome = try HarnessToolTests.run(["simulate", gravity, "--duration", "1e200"])
        #expect(outcome.status == 2)
        #expect(outcome.error == "--duration: is 1e+200 s, beyond the longest run, 10368000 frames (172800 s)\n", "\(outcome.error)")
        let negative = try HarnessToolTests.run(["simulate", gravity, "--duration=-1"])
        #expect(negative.status == 2 && negative.error.contains("--duration must be a time in seconds, 0 or more"))
    }
}
