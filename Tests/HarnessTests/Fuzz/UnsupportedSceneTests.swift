import DynamicsAdapter
import Foundation
import Harness
import Testing

/// Scenes an engine cannot express are skipped, not failed: by the engine's own answer, by the
/// answer of the engine a run is compared with, or by a refusal found only at run time; and a
/// relation the engine cannot express (a behavior removed and re-added) is not counted as
/// checked.
@Suite struct UnsupportedSceneTests {
    /// This project's engine, refusing item groups (as Chipmunk does) and, when `refusesEvents`,
    /// adding or removing behaviors while running; when `answersStatically` is false it says so
    /// only when run.
    struct RefusingEngine: SimulationEngine {
        var refusesEvents = false
        var answersStatically = true
        var name: String { "refusing" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }

        func refusal(_ scene: Scene) -> String? {
            if !scene.groups.isEmpty { return "item groups (rigid composites)" }
            let changesTree = scene.events.contains {
                switch $0.action {
                case .addBehavior, .removeBehavior: true
                default: false
                }
            }
            return refusesEvents && changesTree ? "adding or removing behaviors while running" : nil
        }

        func unsupportedFeature(in scene: Scene) -> String? { answersStatically ? refusal(scene) : nil }

        func run(_ scene: Scene) throws -> Trace {
            if let feature = refusal(scene) { throw UnsupportedFeatureError(feature) }
            return try DynamicsEngine().run(scene)
        }
    }

    static let bounds = SceneRect(x: 0, y: 0, width: 400, height: 400)

    /// Two boxes falling onto the floor; grouped when `grouped`.
    static func scene(grouped: Bool) -> Scene {
        Scene(name: "pair", referenceBounds: bounds,
              items: [SceneItem(id: "a", center: ScenePoint(x: 150, y: 100), size: SceneSize(width: 20, height: 20)),
                      SceneItem(id: "b", center: ScenePoint(x: 171, y: 100), size: SceneSize(width: 20, height: 20))],
              groups: grouped ? [SceneGroup(id: "g", members: ["a", "b"])] : [],
              behaviors: [.collision(CollisionSpec(items: grouped ? ["g"] : ["a", "b"], referenceBoundsAreBoundary: true), id: "walls"),
                          .gravity(GravitySpec(items: grouped ? ["g"] : ["a", "b"]), id: "fall")],
              timing: SceneTiming(duration: 0.3))
    }

    @Test func aSceneTheEngineCannotExpressIsSkippedWithWhatItLacks() {
        let report = PropertyChecker(engine: RefusingEngine()).check(Self.scene(grouped: true))
        #expect(report.unsupported == "refusing: item groups (rigid composites)")
        #expect(report.checked.isEmpty && report.violations.isEmpty)
        let runTime = PropertyChecker(engine: RefusingEngine(answersStatically: false)).check(Self.scene(grouped: true))
        #expect(runTime.unsupported == "refusing: item groups (rigid composites)", "a refusal found only when run is a skip too")
        #expect(runTime.violations.isEmpty)
        let plain = PropertyChecker(engine: RefusingEngine()).check(Self.scene(grouped: false))
        #expect(plain.unsupported == nil && plain.checked.contains(.containment))
    }

    /// `sameScenesAs`: this engine skips what the other cannot express, so both check the same scenes.
    @Test func aRunComparedWithAnotherEngineSkipsWhatThatEngineCannotExpress() {
        let compared = PropertyChecker(engine: DynamicsEngine(), sameScenesAs: RefusingEngine())
        #expect(compared.check(Self.scene(grouped: true)).unsupported == "refusing: item groups (rigid composites)")
        #expect(compared.check(Self.scene(grouped: false)).unsupported == nil)
        #expect(PropertyChecker(engine: DynamicsEngine()).check(Self.scene(grouped: true)).unsupported == nil)
    }

    /// Remove-and-readd needs behavior events: on an engine without them it is neither run nor
    /// counted as checked, while the tree-shape relation still is.
    @Test func aRelationTheEngineCannotExpressIsNotCountedAsChecked() {
        let scene = Self.scene(grouped: false)
        let refusing = PropertyChecker(engine: RefusingEngine(refusesEvents: true)).check(scene)
        #expect(!refusing.checked.contains(.removeAndReadd) && refusing.checked.contains(.treeShape), "\(refusing.checked)")
        #expect(refusing.violations.isEmpty, "\(refusing.violations)")
        let dynamics = PropertyChecker(engine: DynamicsEngine()).check(scene)
        #expect(dynamics.checked.contains(.removeAndReadd) && dynamics.checked.contains(.treeShape))
    }

    /// A speed beyond an engine's caps is an input it cannot be given: skipped for that engine,
    /// and for one compared with it.
    @Test func aSpeedBeyondTheEnginesCapIsUnsupported() {
        var scene = Self.scene(grouped: false)
        scene.items[0].velocity = SceneVector(dx: 3e5, dy: 0)
        let report = PropertyChecker(engine: DynamicsEngine()).check(scene)
        #expect(report.invalid == nil && report.unsupported?.hasPrefix("Dynamics: a speed or turn rate beyond its caps") == true, "\(report)")
        scene.items[0].velocity = SceneVector(dx: 10, dy: 0)
        #expect(PropertyChecker(engine: DynamicsEngine()).check(scene).unsupported == nil)
        scene.timing.duration = -1
        #expect(PropertyChecker(engine: DynamicsEngine()).check(scene).invalid != nil, "an invalid scene is still invalid")
    }

    @Test func unsupportedFeaturesAreCountedByKind() {
        #expect(FuzzSummary.featureClass("Box2D v3: snap behaviors (at behaviors[2])") == "Box2D v3: snap behaviors")
        #expect(FuzzSummary.featureClass("Chipmunk 7: changing \"magnitude\" of \"p1\" while running") == "Chipmunk 7: changing … of … while running")
        #expect(FuzzSummary.featureClass("Dynamics (rigid): a non-circular ellipse (item \"e\"): no ellipses")
                == "Dynamics (rigid): a non-circular ellipse")
        #expect(FuzzSummary.featureClass("field behaviors") == "field behaviors")
        #expect(FuzzSummary.featureClass("Box2D v3: a path of 1002 points (item \"p\")") == "Box2D v3: a path of N points")
        #expect(FuzzSummary.featureClass("Box2D v3: a path whose hull Box2D shortens (item \"p\")") == "Box2D v3: a path whose hull Box2D shortens")
        #expect(FuzzSummary.featureClass("E: 3 boxes in 2D, 12 of 3x") == "E: N boxes in 2D, N of 3x")
    }
}
