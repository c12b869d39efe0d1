import DynamicsAdapter
import Foundation
import Harness
import Testing

/// Values past the engine's limits are refused, naming the JSON path and the limit, rather than
/// silently clamped (a speed of 1e308 pt/s would run at 10⁵) or run as nothing (a duration of
/// 1e308 s counts 0 frames).
@Suite struct SceneLimitTests {
    static let engine = DynamicsEngine()
    var engine: DynamicsEngine { Self.engine }

    static func scene(_ item: SceneItem = SceneItem(id: "a", center: ScenePoint(x: 50, y: 50), size: SceneSize(width: 10, height: 10)),
                      behaviors: [SceneBehavior] = [], events: [SceneEvent] = [], timing: SceneTiming = SceneTiming()) -> Scene {
        Scene(name: "limits", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [item],
              behaviors: behaviors + [.gravity(GravitySpec(items: ["a"]))], events: events, timing: timing)
    }

    static func problems(_ scene: Scene) -> [SceneError] { scene.problems(within: engine.limits(for: scene)) }

    static var cap: Double { engine.limits(for: scene()).maximumLinearSpeed ?? .nan }

    @Test func theCapsAreThisEnginesOwn() {
        let scene = Self.scene()
        #expect(engine.limits(for: scene).maximumLinearSpeed == 100_000)
        #expect(engine.limits(for: scene).maximumAngularSpeed == 0.25 * Double.pi / scene.timing.substep)
    }

    @Test func aGivenSpeedPastTheCapIsRefusedWithItsPathAndTheCap() {
        var item = Self.scene().items[0]
        item.velocity = SceneVector(dx: 60_000, dy: 90_000)
        let speed = (60_000.0 * 60_000 + 90_000 * 90_000).squareRoot()
        #expect(Self.problems(Self.scene(item)) == [SceneError(path: "items[0].velocity", problem: .beyondLimit(
            speed, limit: Self.cap, unit: " pt/s", what: "the engine's speed cap"))])
        let message = Self.problems(Self.scene(item)).first?.description ?? ""
        #expect(message.hasPrefix("items[0].velocity: is 108166.5") && message.hasSuffix(", beyond the engine's speed cap (100000 pt/s)"))
        // At the cap itself it runs as given.
        item.velocity = SceneVector(dx: Self.cap, dy: 0)
        #expect(Self.problems(Self.scene(item)).isEmpty)
    }

    @Test func everyGivenSpeedAndTurnRateIsChecked() {
        let fast = SceneVector(dx: 2e5, dy: 0)
        let properties = SceneBehavior.composite([.itemProperties(ItemPropertiesSpec(items: ["a"], addedLinearVelocity: fast, addedAngularVelocity: 500))])
        let wind = SceneBehavior.field(FieldSpec(fieldKind: .velocity, items: ["a"], direction: SceneVector(dx: 0, dy: 1500)))
        let scene = Self.scene(behaviors: [properties, wind],
                               events: [SceneEvent(time: 1, .addVelocity(item: "a", linear: fast, angular: -500))])
        #expect(Self.problems(scene).map(\.path) == ["behaviors[0].children[0].addedLinearVelocity", "behaviors[0].children[0].addedAngularVelocity",
                                                     "behaviors[1].direction", "events[0].linear", "events[0].angular"])
        // The velocity field's direction is in m/s, and so is its limit.
        #expect(Self.problems(scene).dropFirst(2).first?.problem == .beyondLimit(1500, limit: 1000, unit: " m/s", what: "the engine's speed cap"))
    }

    @Test func aTurnRatePastTheCapAtTheScenesSubstepIsRefused() {
        var item = Self.scene().items[0]
        item.angularVelocity = 40
        // 40 rad/s is within an eighth of a turn per 1/120 s sub-step, not per 1/30 s.
        #expect(Self.problems(Self.scene(item)).isEmpty)
        let coarse = Self.scene(item, timing: SceneTiming(substep: 1.0 / 30))
        #expect(Self.problems(coarse) == [SceneError(path: "items[0].angularVelocity", problem: .beyondLimit(
            40, limit: 0.25 * Double.pi / (1.0 / 30), unit: " rad/s", what: "the engine's turn-rate cap at this sub-step"))])
    }

    /// A magnitude past 1e300 (the largest input the engine documents as keeping every state
    /// finite) is refused wherever a number may be given.
    @Test func aMagnitudePastTheLargestTheEngineTakesIsRefused() {
        let scene = Self.scene(behaviors: [.gravity(GravitySpec(items: ["a"], angle: 0, magnitude: 1e308)),
                                           .itemProperties(ItemPropertiesSpec(items: ["a"], density: 1e301, charge: -1e302))])
        let refusal = SceneError.Problem.beyondLimit(1e308, limit: 1e300, unit: "", what: "the largest magnitude the engine takes")
        #expect(scene.problems().first == SceneError(path: "behaviors[0].magnitude", problem: refusal))
        #expect(scene.problems().map(\.path) == ["behaviors[0].magnitude", "behaviors[1].density", "behaviors[1].charge"])
        #expect(Self.scene(behaviors: [.gravity(GravitySpec(items: ["a"], angle: 0, magnitude: 1e300))]).problems().isEmpty)
    }

    @Test func aDurationBeyondTheLongestRunIsRefusedRatherThanRunAsNothing() {
        let longest = Double(Scene.maximumFrameCount) / 60
        for duration in [1e300, 1e20, longest * 1.001] {
            let scene = Self.scene(timing: SceneTiming(frameDuration: 1.0 / 60, duration: duration))
            #expect(scene.problems() == [SceneError(path: "timing.duration", problem: .beyondLimit(
                duration, limit: Double(Scene.maximumFrameCount) * (1.0 / 60), unit: " s", what: "the longest run, \(Scene.maximumFrameCount) frames"))])
        }
        #expect(Self.scene(timing: SceneTiming(frameDuration: 1.0 / 60, duration: longest)).problems().isEmpty)
        // Durations whose frame count is not representable (it read as 0 frames, and ran nothing).
        let huge = Self.scene(timing: SceneTiming(frameDuration: 1.0 / 60, duration: 1e308))
        #expect(huge.problems().map(\.path) == ["timing.duration"], "\(huge.problems())")
        let fine = Self.scene(timing: SceneTiming(substep: 1e-9, frameDuration: 1e-9, duration: 1e300))
        #expect(fine.problems().map(\.path) == ["timing.duration"], "\(fine.problems())")
    }

    /// What the property checker (fuzz, replay) and `Simulation` run is refused the same way: a
    /// speed past the engine's cap is an input it cannot be given (the checker skips it as
    /// unsupported, naming the same problem).
    @Test func theCheckerAndTheSimulationRefuseTheSame() {
        var item = Self.scene().items[0]
        item.velocity = SceneVector(dx: 1e6, dy: 0)
        let scene = Self.scene(item)
        let report = PropertyChecker(engine: Self.engine).check(scene)
        #expect(report.unsupported?.contains("(items[0].velocity: is 1000000 pt/s") == true, "\(report)")
        #expect(report.checked.isEmpty && report.violations.isEmpty)
        #expect(throws: SceneError.self) { try Simulation.run(scene, on: Self.engine) }
    }
}
