import Foundation
import Testing

/// `harness simulate` and `harness validate`, end to end.
@Suite struct SceneCommandTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-scene-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func simulatePrintsTheSummaryAndWritesEveryOutput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("snap.svg"), csv = folder.appendingPathComponent("snap.csv")
        let json = folder.appendingPathComponent("snap.json")
        let outcome = try HarnessToolTests.run(["simulate", Self.examples.appendingPathComponent("snap.json").path,
                                                "--svg", svg.path, "--trace", csv.path, "--json", json.path])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("frames: 300, simulated time: 5 s"))
        #expect(outcome.output.contains("items at rest at the end: 1 of 1"))
        #expect(outcome.output.contains("contacts: 0 began, 0 ended"))
        #expect(outcome.output.contains("paused at the end"))
        // It says what it wrote where.
        #expect(outcome.output.contains("wrote the SVG: \(svg.path)\nwrote the CSV trace: \(csv.path)\nwrote the JSON record: \(json.path)\n"),
                "\(outcome.output)")
        #expect(try String(contentsOf: svg, encoding: .utf8).contains("<svg"))
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\n")
        #expect(rows.first == "time,item,x,y,angle,vx,vy,angularVelocity,running" && rows.count == 302)
        let record = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        #expect((record?["summary"] as? [String: Any])?["frames"] as? Int == 300)
    }

    @Test func aBuiltInScenarioRunsByNameAndDrawsItsRun() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("magnet.svg")
        let outcome = try HarnessToolTests.run(["simulate", "--scenario", "magnet", "--svg", svg.path])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("frames: 600, simulated time: 10 s"), "\(outcome.output)")
        let drawing = try String(contentsOf: svg, encoding: .utf8)
        #expect(drawing.contains("<animate") && drawing.contains("Magnet"))

        let listed = try HarnessToolTests.run(["list", "--scenarios"])
        #expect(listed.output.split(separator: "\n").map { $0.prefix { $0 != "\t" } }.contains("magnet"))
    }

    @Test func anUnknownScenarioOrBothInputsAreOneClearError() throws {
        let unknown = try HarnessToolTests.run(["simulate", "--scenario", "no-such-thing"])
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("no built-in scenario 'no-such-thing'") && unknown.error.contains("magnet"))
        let both = try HarnessToolTests.run(["simulate", Self.examples.appendingPathComponent("gravity.json").path, "--scenario", "magnet"])
        #expect(both.status != 0)
        #expect(both.error.contains("either a scene file or --scenario"))
    }

    @Test func durationOverridesTheScenes() throws {
        let outcome = try HarnessToolTests.run(["simulate", Self.examples.appendingPathComponent("gravity.json").path, "--duration", "0.5"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("frames: 30, simulated time: 0.5 s"))
    }

    /// Outputs are checked before the run: an unwritable one is one line and exit status 2, the
    /// scene does not run, and the other outputs are not written either.
    @Test func anUnwritableOutputIsOneClearLineBeforeTheRun() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let csv = folder.appendingPathComponent("gravity.csv")
        let outcome = try HarnessToolTests.run(["simulate", Self.examples.appendingPathComponent("gravity.json").path,
                                                "--trace", csv.path, "--svg", "/proc/place.svg"])
        #expect(outcome.status == 2)
        #expect(!outcome.output.contains("frames:"), "\(outcome.output)")
        #expect(outcome.error == "error: cannot write the SVG to /proc/place.svg: the folder /proc is not writable\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A missing folder is not created on a guess (a mistyped path made folders silently).
    @Test func aMissingOutputFolderIsAnErrorBeforeTheRun() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("typo/snap.svg")
        let outcome = try HarnessToolTests.run(["simulate", Self.examples.appendingPathComponent("snap.json").path, "--svg", svg.path])
        #expect(outcome.status == 2)
        #expect(!outcome.output.contains("frames:"))
        #expect(outcome.error.contains("cannot write the SVG to \(svg.path): the folder \(folder.path)/typo does not exist (create it first)"),
                "\(outcome.error)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo").path))
    }

    @Test func validateAcceptsEveryExampleAndListsEveryProblemOfABadFile() throws {
        let examples = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).filter { $0.hasSuffix(".json") }
            .map { Self.examples.appendingPathComponent($0).path }
        let good = try HarnessToolTests.run(["validate"] + examples)
        #expect(good.status == 0, "\(good.output)")
        #expect(good.output.split(separator: "\n").count == examples.count)

        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        let text = #"""
        {"schemaVersion": 2,
         "items": [{"id": "a", "center": {"x": 0, "y": 0}, "size": {"width": 0, "height": 10}}],
         "behaviors": [{"kind": "gravity", "items": ["a", "ghost"]},
                       {"kind": "composite", "children": [{"kind": "attachment", "item": "a", "anchor": {"x": 0, "y": 0}, "frequency": -1}]}],
         "events": [{"time": 9, "action": "addVelocity", "item": "a", "linear": {"dx": 1, "dy": 0}}]}
        """#
        try text.write(to: bad, atomically: true, encoding: .utf8)
        let malformed = folder.appendingPathComponent("malformed.json")
        let malformedText = #"{"schemaVersion": 2, "items": [{"id": "a", "centre": {"x": 0, "y": 0}}]}"#
        try malformedText.write(to: malformed, atomically: true, encoding: .utf8)
        let outcome = try HarnessToolTests.run(["validate", bad.path, malformed.path])
        #expect(outcome.status == 1)
        // Each problem names the file, the line and column of its value, and its JSON path.
        let at = { (file: URL, marker: String, body: String) in "\(file.path):\(try Self.place(of: marker, in: body)): " }
        #expect(outcome.output.contains(try at(bad, "0, \"height\"", text) + "items[0].size.width: must be > 0, got 0"), "\(outcome.output)")
        #expect(outcome.output.contains(try at(bad, "\"ghost\"", text) + "behaviors[0].items[1]: names no item or group: \"ghost\""))
        #expect(outcome.output.contains(try at(bad, "-1}", text) + "behaviors[1].children[0].frequency: must be ≥ 0, got -1"))
        #expect(outcome.output.contains(try at(bad, "9,", text) + "events[0].time: is 9 s, after the end of the run at 2 s"))
        #expect(outcome.output.contains(try at(malformed, "{\"x\"", malformedText) + "items[0].centre: is not a key of this object"))
    }

    /// `line:column` of the first `marker` in `text`.
    static func place(of marker: String, in text: String) throws -> String {
        let range = try #require(text.range(of: marker))
        let lines = text[..<range.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        return "\(lines.count):\((lines.last?.unicodeScalars.count ?? 0) + 1)"
    }

    @Test func simulateRefusesAnInvalidSceneWithItsProblems() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"schemaVersion": 2, "timing": {"substep": 0}}"#.write(to: bad, atomically: true, encoding: .utf8)
        let outcome = try HarnessToolTests.run(["simulate", bad.path])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("timing.substep: must be > 0, got 0"))
        #expect(!outcome.output.contains("frames:"))
    }
}
