import Foundation
import Testing

/// `harness run --engine all` leaves nothing of an earlier run at the top of its folder: its
/// `results.json` is this run's results of this engine (the one the exit status is about), the
/// same as `dynamics/results.json`, beside the side-by-side reports.
@Suite struct EngineAllToolTests {
    /// Package.swift builds the Chipmunk adapter only where its header is installed.
    static let hasChipmunk = ["/usr/include/chipmunk/chipmunk.h", "/usr/local/include/chipmunk/chipmunk.h"]
        .contains { FileManager.default.fileExists(atPath: $0) }

    /// Package.swift builds the Box2D adapter only where ensure-box2d.sh has unpacked it.
    static let hasBox2D: Bool = {
        let home = ProcessInfo.processInfo.environment["BOX2D_HOME"]
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache/dynamics-harness/box2d-3.1.1").path
        return FileManager.default.fileExists(atPath: home + "/lib64/libbox2d.a")
    }()

    @Test(.enabled(if: hasChipmunk && hasBox2D, "Chipmunk 7 or Box2D v3 is not installed (scripts/test installs both)"))
    func theTopResultsAreThisRunsResultsOfThisEngine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-all-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("an earlier run's".utf8).write(to: folder.appendingPathComponent("results.json"))
        let outcome = try HarnessToolTests.run(["run", "--engine", "all", "--quick", "--experiment", "gravity-push", "--no-golden",
                                                "--output", folder.path])
        #expect(outcome.status == 0, "\(outcome.error)")
        let top = try Data(contentsOf: folder.appendingPathComponent("results.json"))
        #expect(top == (try Data(contentsOf: folder.appendingPathComponent("dynamics/results.json"))))
        let metadata = (try JSONSerialization.jsonObject(with: top) as? [String: Any])?["metadata"] as? [String: Any]
        #expect(metadata?["engine"] as? String == "Dynamics")
        for name in ["report.md", "report.html", "chipmunk/results.json", "chipmunk/report.md", "dynamics/report.html", "box2d/results.json"] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
        }
        #expect(outcome.output.contains("wrote this engine's results: \(folder.path)/results.json"), "\(outcome.output)")
        let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.hasPrefix("# Dynamics harness report: Dynamics, Chipmunk 7 and Box2D v3 side by side"), "\(report.prefix(200))")
    }
}
