import Foundation
import Harness
import Testing

/// Scene files: every refusal names the file, and the line and column where the file holds the
/// offending value, beside its JSON path.
@Suite struct SceneFileTests {
    static func write(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("scene-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: file)
        return file
    }

    @Test func malformedJSONIsLocated() throws {
        let text = "{\"schemaVersion\": 2,\n \"items\": [\n  {\"id\": \"a\", \"center\": {\"x\": 1e999, \"y\": 0}}]}"
        let file = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: file) }
        let place = try JSONSyntaxTests.place(of: "1e999", in: text)
        do {
            _ = try SceneFile.read(file.path)
            Issue.record("accepted")
        } catch {
            guard case .invalid(let name, let location, let refusal) = error, case .malformedJSON(let syntax) = refusal.problem else {
                Issue.record("\(error)")
                return
            }
            #expect(name == file.path && location == place && place.line == 3)
            #expect(refusal.path == "items[0].center.x" && syntax.problem == .numberOutOfRange("1e999"))
            #expect(error.description.hasPrefix("\(file.path):3:\(place.column): items[0].center.x: is not valid JSON: the number 1e999"))
        }
    }

    @Test func aDecodingRefusalIsLocated() throws {
        let text = "{\"schemaVersion\": 2,\n \"items\": [{\"id\": \"a\",\n   \"centre\": {\"x\": 0, \"y\": 0}}]}"
        let file = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: file) }
        let value = try JSONSyntaxTests.place(of: "{\"x\"", in: text)
        #expect {
            try SceneFile.read(file.path)
        } throws: { error in
            guard case .invalid(_, let location, let refusal) = error as? SceneFileError else { return false }
            // The unknown key's value is where the file holds it.
            return refusal.path == "items[0].centre" && location == value
        }
    }

    @Test func everyValidationProblemIsLocated() throws {
        let text = """
            {"schemaVersion": 2,
             "items": [{"id": "a", "center": {"x": 0, "y": 0},
                        "size": {"width": -1, "height": 10}}],
             "behaviors": [{"kind": "gravity", "items": ["ghost"]}]}
            """
        let file = try Self.write(text)
        defer { try? FileManager.default.removeItem(at: file) }
        let sceneFile = try SceneFile.read(file.path)
        let problems = sceneFile.located(sceneFile.scene.problems())
        let width = try JSONSyntaxTests.place(of: "-1", in: text), ghost = try JSONSyntaxTests.place(of: "\"ghost\"", in: text)
        #expect(problems.map(\.description) == [
            "\(file.path):\(width.line):\(width.column): items[0].size.width: must be > 0, got -1",
            "\(file.path):\(ghost.line):\(ghost.column): behaviors[0].items[0]: names no item or group: \"ghost\"",
        ])
        #expect(width.line == 3 && ghost.line == 4)
    }

    @Test func aDirectoryOrAMissingFileIsAReadError() throws {
        let folder = FileManager.default.temporaryDirectory
        #expect(throws: SceneFileError.unreadable(.directory(file: folder.path, expected: "a scene file"))) {
            try SceneFile.read(folder.path)
        }
        #expect(throws: SceneFileError.unreadable(.missing(file: "/no/such.json"))) { try SceneFile.read("/no/such.json") }
    }
}
