import Foundation
import Harness
import Testing
#if CHIPMUNK
import ChipmunkAdapter
#endif

/// What Chipmunk cannot express is refused as such, the package's target graph keeps the
/// engines apart, and without the library the Chipmunk tests are skipped with an install hint.
@Suite struct ChipmunkSupportTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `import` lines of every Swift file under `folder`.
    static func imports(under folder: String) throws -> Set<String> {
        let root = packageRoot.appendingPathComponent(folder)
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var modules = Set<String>()
        for case let url as URL in files where url.pathExtension == "swift" {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where line.hasPrefix("import ") {
                modules.insert(String(line.dropFirst("import ".count)))
            }
        }
        return modules
    }

    @Test func onlyTheAdaptersImportAnEngine() throws {
        let harness = try Self.imports(under: "Sources/Harness")
        #expect(harness.isDisjoint(with: ["Dynamics", "DynamicsAdapter", "CChipmunk", "ChipmunkAdapter", "CBox2D", "Box2DAdapter"]))
        let chipmunk = try Self.imports(under: "Sources/Engines/ChipmunkAdapter")
        #expect(chipmunk.contains("CChipmunk") && !chipmunk.contains("Dynamics") && !chipmunk.contains("DynamicsAdapter"))
        let dynamics = try Self.imports(under: "Sources/Engines/DynamicsAdapter")
        #expect(dynamics.contains("Dynamics") && !dynamics.contains("CChipmunk"))
    }

    #if CHIPMUNK
    static let item = SceneItem(id: "a", center: ScenePoint(x: 50, y: 50), size: SceneSize(width: 10, height: 10))

    @Test(arguments: [
        ("snap", Scene(name: "snap", items: [item], behaviors: [.snap(SnapSpec(item: "a", point: ScenePoint(x: 1, y: 1)))])),
        ("field", Scene(name: "field", items: [item], behaviors: [.field(FieldSpec(fieldKind: .vortex, items: ["a"]))])),
        ("ellipse", Scene(name: "ellipse", items: [SceneItem(id: "e", center: .zero, size: SceneSize(width: 20, height: 10), shape: .ellipse)],
                          behaviors: [.gravity(GravitySpec(items: ["e"]))])),
        ("groups", Scene(name: "group", items: [item, SceneItem(id: "b", center: .zero, size: SceneSize(width: 5, height: 5))],
                         groups: [SceneGroup(id: "g", members: ["a", "b"])], behaviors: [.gravity(GravitySpec(items: ["g"]))])),
        ("soft pin", Scene(name: "soft pin", items: [item], behaviors: [
            .attachment(AttachmentSpec(item: "a", anchor: ScenePoint(x: 0, y: 0), frequency: 2, attachmentKind: .pin))])),
    ])
    func whatChipmunkCannotExpressIsReportedNotApproximated(feature: String, scene: Scene) throws {
        try scene.validate()
        #expect(throws: UnsupportedFeatureError.self) { try ChipmunkEngine().run(scene) }
    }

    @Test func anUnsupportedExperimentIsReportedNeitherPassedNorFailed() throws {
        struct NeedsSnaps: Experiment {
            var id: String { "needs-snaps" }
            var title: String { "needs snaps" }
            func run(_ options: ExperimentOptions) throws -> ExperimentResult {
                _ = try options.engine.run(Scene(name: "snap", items: [ChipmunkSupportTests.item],
                                                 behaviors: [.snap(SnapSpec(item: "a", point: .zero))]))
                return ExperimentResult(id: id, title: title, summary: "", parameters: [:], metrics: [], series: [])
            }
        }
        let results = SuiteRunner(options: ExperimentOptions(quick: true, engine: ChipmunkEngine())).run([NeedsSnaps()])
        let result = try #require(results.experiments.first)
        #expect(result.metrics.isEmpty && result.verdict == .pass)
        #expect(result.unsupportedCases.first?.feature.contains("snap") == true)
        #expect(MarkdownReport.render(results).contains("Not supported by this engine"))
    }
    #else
    @Test(.disabled("Chipmunk 7 is not installed: apt-get install libchipmunk-dev (scripts/test does it), then rebuild"))
    func chipmunkTestsNeedTheLibrary() {}
    #endif
}
