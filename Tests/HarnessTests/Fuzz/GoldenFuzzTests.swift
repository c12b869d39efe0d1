import DynamicsAdapter
import Foundation
import Harness
import Testing

/// Replays `Golden/fuzz/`. A fixed failure must pass the invariant it pins (its file name
/// starts with it) on both contact solvers, and may fail another only with a known signature
/// (``KnownFailures``): an invariant added later may find a known open class in an old scene,
/// but never a new one. An open failure (`open/<signature>--<what>.json`) must still fail with
/// the signature its name gives, on the default solver (a known issue, so that a fix is
/// noticed), and with no other unknown signature.
@Suite struct GoldenFuzzTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden/fuzz")

    static func scenes(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    static let checker = PropertyChecker(engine: DynamicsEngine(recordsSubsteps: true))
    static let known = (try? KnownFailures.load(from: root.appendingPathComponent("open"))) ?? KnownFailures()

    @Test func theKnownListReads() throws {
        _ = try KnownFailures.load(from: Self.root.appendingPathComponent("open"))
    }

    /// Each scene also still gets the invariant its file name starts with: a narrower rule for
    /// when an invariant applies must not quietly stop replaying the bug the scene pins.
    @Test(arguments: scenes(in: root), [false, true])
    func fixedFailuresStayFixed(_ name: String, rigid: Bool) throws {
        let invariant = try #require(Invariant(rawValue: String(name.prefix { $0 != "-" })), "the name starts with an invariant")
        let checker = PropertyChecker(engine: DynamicsEngine.choosing(rigid: rigid, recordsSubsteps: true))
        let report = checker.check(try SceneFile.load(Self.root.appendingPathComponent(name).path))
        #expect(report.invalid == nil)
        let broken = report.violations.filter { $0.invariant == invariant || !($0.signature.map(Self.known.contains) ?? false) }
        #expect(broken.isEmpty, "\(broken.map { "\($0.signature?.slug ?? $0.invariant.rawValue): \($0.detail)" })")
        #expect(report.checked.contains(invariant), "\(invariant) no longer applies to \(name)")
    }

    @Test(arguments: scenes(in: root.appendingPathComponent("open")))
    func openFailuresStillFail(_ name: String) throws {
        let slug = try #require(KnownFailures.slug(ofOpenScene: name), "the name starts with a signature and --")
        let report = Self.checker.check(try SceneFile.load(Self.root.appendingPathComponent("open/\(name)").path))
        #expect(report.invalid == nil)
        let unknown = report.violations.filter { !($0.signature.map(Self.known.contains) ?? false) }
        #expect(unknown.isEmpty, "signatures not on the known list: \(unknown.map { $0.signature?.slug ?? $0.invariant.rawValue })")
        withKnownIssue("\(name) waits for a fix; when it passes, rename it to <invariant>-<what>.json and move it to Golden/fuzz/") {
            #expect(!report.violations.contains { $0.signature?.slug == slug }, "\(report.violations.filter { $0.signature?.slug == slug }.map(\.detail))")
        }
    }

    @Test func thereAreScenesToReplay() {
        #expect(!Self.scenes(in: Self.root).isEmpty && !Self.scenes(in: Self.root.appendingPathComponent("open")).isEmpty)
    }
}
