import DynamicsAdapter
import Foundation
@testable import Harness
import Testing

/// A minimal failing scene's report draws the violated quantity over its run against the bound
/// it broke, measured as its check measures it.
@Suite struct ViolationProfileTests {
    /// A 20 pt box dropped from 280 pt above the floor of 400 pt bounds, elasticity 1, for 2 s.
    static let drop = Scene(
        name: "drop", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
        items: [SceneItem(id: "box", center: ScenePoint(x: 200, y: 100), size: SceneSize(width: 20, height: 20))],
        behaviors: [.gravity(GravitySpec(items: ["box"])), .collision(CollisionSpec(items: ["box"], referenceBoundsAreBoundary: true)),
                    .itemProperties(ItemPropertiesSpec(items: ["box"], elasticity: 1, resistance: 0))],
        timing: SceneTiming(duration: 2, pausesAtRest: false))

    /// The real engine, with its limits, reporting the box at twice its linear cap from 0.5 s on.
    struct Speeding: SimulationEngine {
        var name: String { "speeding" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }
        func limits(for scene: Scene) -> EngineLimits { DynamicsEngine().limits(for: scene) }
        func run(_ scene: Scene) throws -> Trace {
            var trace = try DynamicsEngine().recordingSamplesOnly.run(scene)
            let cap = limits(for: scene).maximumLinearSpeed ?? 0
            for index in trace.samples.indices where trace.samples[index].time >= 0.5 {
                trace.samples[index].states[0].velocity = SceneVector(dx: 2 * cap, dy: 0)
            }
            return trace
        }
    }

    /// The violation of `invariant` that `engine` shows on the drop, and its profile.
    static func profile(_ engine: any SimulationEngine, _ invariant: Invariant) throws -> (violation: Violation, curve: MeasuredCurve) {
        let report = PropertyChecker(engine: engine).check(Self.drop, only: [invariant])
        let violation = try #require(report.violations.first { $0.invariant == invariant }, "\(report.violations)")
        let curve = try #require(ViolationProfile.curve(for: violation, scene: Self.drop, trace: try engine.run(Self.drop),
                                                        limits: engine.limits(for: Self.drop)))
        return (violation, curve)
    }

    @Test func anItemThroughAWallIsDrawnOutsideTheBoundsPastTheSlop() throws {
        let (violation, curve) = try Self.profile(FaultyEngines.LeakyWall(), .containment)
        #expect(curve.quantity == "distance of box's center outside the reference bounds" && curve.unit == "pt")
        #expect(curve.limits == [CurveLimit(label: "slop", value: ContainmentCheck.slop)])
        // Inside (negative) before the leak, 30 pt out after it, from the violation's time on.
        #expect((curve.y.first ?? 0) < 0 && curve.y.max() == 30)
        let out = try #require(curve.x.indices.first { curve.y[$0] > ContainmentCheck.slop })
        #expect(abs(curve.x[out] - (violation.time ?? .nan)) < 1e-9)
    }

    @Test func anItemInAWallIsDrawnDeeperThanTheOverlapThatCounts() throws {
        let (_, curve) = try Self.profile(FaultyEngines.LeakyWall(), .embedded)
        #expect(curve.quantity == "depth of box in the reference bounds' walls")
        let bound = try #require(curve.limits.first?.value)
        #expect(bound == EmbeddedCheck.bound(thickness: 20) && (curve.y.max() ?? 0) > 30)
    }

    @Test func energyFromContactsIsDrawnAboveTheGrowthAllowed() throws {
        let (_, curve) = try Self.profile(FaultyEngines.EnergyAtContacts(), .energy)
        #expect(curve.unit == "of the energy scale" && curve.y.first == 0)
        let allowed = try #require(curve.limits.first?.value)
        #expect(allowed >= EnergyCheck.relativeBound && (curve.y.max() ?? 0) > allowed)
    }

    @Test func aSpeedPastTheCapIsDrawnAgainstIt() throws {
        let (_, curve) = try Self.profile(Speeding(), .speed)
        let cap = try #require(DynamicsEngine().limits(for: Self.drop).maximumLinearSpeed)
        #expect(curve.limits == [CurveLimit(label: "the engine's cap", value: cap)])
        #expect(curve.y.max() == 2 * cap && (curve.y.first ?? .infinity) < cap)
    }

    @Test func theWorkerSendsTheProfilesAndTheReportDrawsThem() throws {
        let checker = PropertyChecker(engine: FaultyEngines.LeakyWall())
        let response = FuzzWorker.answer(try FuzzRequest(scene: Self.drop, only: [.containment], wantsAnimation: true), checker: checker)
        let profile = try #require(response.profiles?.first ?? nil)
        #expect(response.profiles?.count == response.report.violations.count)
        let minimal = FuzzSummary.Minimal(invariant: .containment, index: 3, detail: "box is 30 pt outside", scene: "minimal/containment-3.json",
                                          animation: nil, items: 1, behaviors: 3, events: 0, shrinkTries: 10, profile: profile)
        let summary = FuzzSummary(seed: 1, shards: ["1/1"], engine: "leaky", replayOptions: nil, ranges: [0...3], scenesRun: 4, seconds: 1,
                                  jobs: 1, interrupted: false, checked: ["containment": 4], failing: ["containment": 1], failures: [],
                                  minimal: [minimal])
        let html = FuzzReport.html(summary, animations: [:])
        #expect(html.components(separatedBy: "<svg ").count - 1 == 1)
        for text in [">Distance of box&#39;s center outside the reference bounds over time</text>", ">time (s)</text>", "slop: 1 pt",
                     "largest 30 pt at time"] {
            #expect(html.contains(text), "\(text)")
        }
        #expect(FuzzReport.markdown(summary).contains("distance of box's center outside the reference bounds: largest 30 pt at t = "))
        // A summary written before profiles were kept still decodes.
        let old = try JSONEncoder().encode(FuzzSummary(seed: 1, shards: ["1/1"], engine: "e", replayOptions: nil, ranges: [], scenesRun: 0,
                                                       seconds: 0, jobs: 1, interrupted: false, checked: [:], failing: [:], failures: [],
                                                       minimal: [FuzzSummary.Minimal(invariant: .speed, index: 0, detail: "", scene: "s",
                                                                                     animation: nil, items: 1, behaviors: 1, events: 0,
                                                                                     shrinkTries: 0)]))
        #expect(try JSONDecoder().decode(FuzzSummary.self, from: old).minimal.first?.profile == nil)
    }
}
