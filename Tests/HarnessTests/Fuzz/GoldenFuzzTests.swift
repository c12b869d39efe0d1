import DynamicsAdapter
import Foundation
import Harness
import Testing

/// Replays `Golden/fuzz/`: fixed failures must pass every invariant on both contact solvers (most
/// were fixed while the rigid solver was the default, and the soft step has passed them since it
/// became the default); open ones must still fail the invariant their file name starts with on
/// the default solver (a known issue), so a fix is noticed.
@Suite struct GoldenFuzzTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/fuzz")

    static func scenes(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    static let checker = PropertyChecker(engine: DynamicsEngine(recordsSubstepCenters: true))

    /// Each scene also still gets the invariant its file name starts with: a narrower rule for
    /// when an invariant applies must not quietly stop replaying the bug the scene pins.
    @Test(arguments: scenes(in: root), [false, true])
    func fixedFailuresStayFixed(_ name: String, rigid: Bool) throws {
        let invariant = try #require(Invariant(rawValue: String(name.prefix { $0 != "-" })), "the name starts with an invariant")
        let checker = PropertyChecker(engine: DynamicsEngine.choosing(rigid: rigid, recordsSubstepCenters: true))
        let report = checker.check(try SceneFile.load(Self.root.appendingPathComponent(name).path))
        #expect(report.invalid == nil && report.violations.isEmpty, "\(report.invalid ?? "") \(report.violations)")
        #expect(report.checked.contains(invariant), "\(invariant) no longer applies to \(name)")
    }

    @Test(arguments: scenes(in: root.appendingPathComponent("open")))
    func openFailuresStillFail(_ name: String) throws {
        let invariant = try #require(Invariant(rawValue: String(name.prefix { $0 != "-" })), "the name starts with an invariant")
        let report = Self.checker.check(try SceneFile.load(Self.root.appendingPathComponent("open/\(name)").path))
        #expect(report.invalid == nil)
        withKnownIssue("\(name) waits for a fix; when it passes, move it to Golden/fuzz/") {
            #expect(!report.fails(invariant), "\(report.violations.filter { $0.invariant == invariant })")
        }
    }

    @Test func thereAreScenesToReplay() {
        #expect(!Self.scenes(in: Self.root).isEmpty && !Self.scenes(in: Self.root.appendingPathComponent("open")).isEmpty)
    }
}
