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

    /// The violation of `invariant` that `engine` shows on `scene` (the drop), and its profile.
    static func profile(_ engine: any SimulationEngine, _ invariant: Invariant, on scene: Scene = drop) throws
        -> (violation: Violation, curve: MeasuredCurve) {
        let report = PropertyChecker(engine: engine).check(scene, only: [invariant])
        let violation = try #require(report.violations.first { $0.invariant == invariant }, "\(report.violations)")
        let curve = try #require(ViolationProfile.curve(for: violation, scene: scene, trace: try engine.run(scene),
                                                        limits: engine.limits(for: scene)))
        return (violation, curve)
    }

    /// The time of the curve's first point beyond `bound`, and whether every point before it is
    /// within it.
    static func firstBeyond(_ curve: MeasuredCurve, _ bound: Double) -> (time: Double?, withinBefore: Bool) {
        guard let index = curve.y.firstIndex(where: { $0 > bound }) else { return (nil, true) }
        return (curve.x[index], curve.y[..<index].allSatisfy { $0 <= bound })
    }

    /// A 10 pt box on a 100 pt rod from the origin, swinging under gravity for 1 s.
    static let pendulum = Scene(
        name: "pendulum", items: [SceneItem(id: "a", center: ScenePoint(x: 100, y: 0), size: SceneSize(width: 10, height: 10))],
        behaviors: [.attachment(AttachmentSpec(item: "a", anchor: .zero), id: "rod"), .gravity(GravitySpec(items: ["a"]), id: "g")],
        timing: SceneTiming(duration: 1, pausesAtRest: false))

    @Test func aRodReportedLongIsDrawnPastTheErrorAllowed() throws {
        // The box reported 10 % farther from the anchor from 0.5 s on: the rod 10 pt long.
        let stretched = MotionInvariantTests.Edited(label: "stretched") { _, trace in
            MotionInvariantTests.change(&trace, item: 0, from: 0.5) { $0.center = ScenePoint(x: 1.1 * $0.center.x, y: 1.1 * $0.center.y) }
        }
        let (violation, curve) = try Self.profile(stretched, .constraints, on: Self.pendulum)
        let allowed = ConstraintCheck.absoluteSlop + ConstraintCheck.relativeSlop * 100
        #expect(curve.quantity == "length error of the rod of a" && curve.unit == "pt")
        #expect(curve.limits == [CurveLimit(label: "error allowed", value: allowed)])
        let beyond = Self.firstBeyond(curve, allowed)
        #expect(beyond.time == violation.time && beyond.withinBefore && (beyond.time ?? 0) >= 0.5)
        #expect(abs((curve.y.max() ?? 0) - 10) < 1, "\(curve.y.max() ?? .nan)")
        // The engine's own swing: every error the check judges is within the allowance.
        let healthy = try MotionInvariantTests.healthy.run(Self.pendulum)
        let judged = try #require(ConstraintCheck.judged(Self.pendulum, healthy).first)
        var largest = -Double.infinity
        ConstraintCheck.readings(judged) { reading in
            largest = max(largest, reading.error)
            return reading.quantity == .length
        }
        #expect(largest >= 0 && largest <= allowed)
    }

    @Test func aBodyHeldStillWhileReportingMotionIsDrawnPastWhatIsAllowed() throws {
        let scene = MotionInvariantTests.thrown
        let (violation, curve) = try Self.profile(MotionInvariantTests.holding("frozen", from: 0.1), .motion, on: scene)
        #expect(curve.unit == "of what is allowed" && curve.limits == [CurveLimit(label: "allowed", value: 1)])
        let beyond = Self.firstBeyond(curve, 1)
        #expect(beyond.time.map { abs($0 - (violation.time ?? .nan)) < 1e-9 } == true && beyond.withinBefore,
                "\(String(describing: beyond.time)) \(String(describing: violation.time))")
        // The engine's own run, its bounces and all, stays within what is allowed.
        let healthy = try #require(ViolationProfile.curve(for: violation, scene: scene, trace: try MotionInvariantTests.healthy.run(scene),
                                                          limits: MotionInvariantTests.healthy.limits(for: scene)))
        #expect(!healthy.y.isEmpty && healthy.y.allSatisfy { $0 <= 1 }, "\(healthy.y.max() ?? .nan)")
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

    @Test func aCenterThroughASegmentIsDrawnCrossingItsLine() throws {
        // A wall from (100, 200) to (300, 200) below a 10 pt box dropped from (200, 100).
        let wall = [ScenePoint(x: 100, y: 200), ScenePoint(x: 300, y: 200)]
        let scene = Scene(name: "wall", items: [SceneItem(id: "a", center: ScenePoint(x: 200, y: 100), size: SceneSize(width: 10, height: 10))],
                          behaviors: [.collision(CollisionSpec(items: ["a"], boundaries: [SceneBoundary(identifier: "wall", points: wall)]), id: "c"),
                                      .gravity(GravitySpec(items: ["a"]), id: "g")],
                          timing: SceneTiming(duration: 1, pausesAtRest: false))
        // The box reported 150 pt lower from 0.3 s on, through the wall's middle.
        let through = MotionInvariantTests.Edited(label: "through") { _, trace in
            MotionInvariantTests.change(&trace, item: 0, from: 0.3) { $0.center.y += 150 }
        }
        let (violation, curve) = try Self.profile(through, .tunnelling, on: scene)
        #expect(curve.unit == "pt" && curve.limits == [CurveLimit(label: "the segment's line", value: 0)])
        #expect(curve.quantity.hasPrefix("distance of a's center from the line of boundary \"wall\""), "\(curve.quantity)")
        // Above the wall (the side it came from) until the violation's frame, below it after.
        let below = try #require(curve.y.firstIndex { $0 < 0 })
        #expect(below > 0 && abs(curve.x[below - 1] - (violation.time ?? .nan)) < 1e-9 && curve.y[..<below].allSatisfy { $0 >= 0 })
        #expect(curve.y.first.map { abs($0 - 100) < 1e-9 } == true)
        // The engine's own run lands on the wall and stays above its line.
        let healthy = try MotionInvariantTests.healthy.run(scene)
        #expect(PropertyChecker(engine: MotionInvariantTests.healthy).check(scene, only: [.tunnelling]).violations.isEmpty)
        #expect(healthy.samples.allSatisfy { TunnellingCheck.side(of: $0.states[0].center, wall[0], wall[1]) * TunnellingCheck.side(of: wall[0] + SceneVector(dx: 0, dy: -1), wall[0], wall[1]) >= 0 })
    }

    @Test func itemsThroughEachOtherAreDrawnDeeperThanTheDepthThatCounts() throws {
        let scene = MotionInvariantTests.headOn(speed: 1500)
        let ghosts = MotionInvariantTests.Misreading(label: "ghosts") { scene in
            MotionInvariantTests.editing(scene) { if case .collision = $0.kind { nil } else { $0 } }
        }
        let (violation, curve) = try Self.profile(ghosts, .itemTunnelling, on: scene)
        #expect(curve.unit == "pt" && curve.limits == [CurveLimit(label: "the depth that counts", value: 0)])
        // Past the depth that counts within the sub-step the violation starts, not before.
        let substep = try #require(try MotionInvariantTests.healthy.run(scene).substep)
        let beyond = Self.firstBeyond(curve, 0)
        let time = try #require(beyond.time), start = try #require(violation.time)
        #expect(time > start && time <= start + substep + 1e-9 && beyond.withinBefore, "\(time) \(start)")
        // Drawn in time order, though the check refines a step's poses after its ends.
        #expect(zip(curve.x, curve.x.dropFirst()).allSatisfy { $0 <= $1 }, "\(curve.x)")
        // The engine's own collision: the boxes meet and part, no center inside the other.
        let healthy = try #require(ViolationProfile.curve(for: violation, scene: scene, trace: try MotionInvariantTests.healthy.run(scene),
                                                          limits: MotionInvariantTests.healthy.limits(for: scene)))
        #expect(!healthy.y.isEmpty && healthy.y.allSatisfy { $0 <= 0 }, "\(healthy.y.max() ?? .nan)")
    }

    @Test func momentumFromNowhereIsDrawnPastTheChangeAllowed() throws {
        let scene = InvariantTests.freePair
        // The second box reported 1 pt/s faster from 0.5 s on: 1/200 of the scale, from nowhere.
        let pushed = MotionInvariantTests.Edited(label: "pushed") { _, trace in
            MotionInvariantTests.change(&trace, item: 1, from: 0.5) { $0.velocity.dx += 1 }
        }
        let (violation, curve) = try Self.profile(pushed, .momentum, on: scene)
        #expect(curve.quantity == "change of linear momentum" && curve.limits == [CurveLimit(label: "change allowed", value: MomentumCheck.relativeBound)])
        let beyond = Self.firstBeyond(curve, MomentumCheck.relativeBound)
        #expect(beyond.time == violation.time && beyond.withinBefore && (beyond.time ?? 0) >= 0.5)
        #expect(abs((curve.y.max() ?? 0) - 1.0 / 200) < 1e-6, "\(curve.y.max() ?? .nan)")
        // The engine's own collision keeps both within what is allowed.
        let healthy = try #require(MomentumCheck.changes(try MotionInvariantTests.healthy.run(scene), mechanics: SceneMechanics(scene)))
        #expect(healthy.linear.allSatisfy { $0 <= MomentumCheck.relativeBound } && healthy.angular.allSatisfy { $0 <= MomentumCheck.angularBound })
    }

    /// Two 10 pt boxes welded at (50, 0), falling together.
    static let welded = Scene(
        name: "welded", items: [SceneItem(id: "a", center: ScenePoint(x: 45, y: 0), size: SceneSize(width: 10, height: 10)),
                                SceneItem(id: "b", center: ScenePoint(x: 55, y: 0), size: SceneSize(width: 10, height: 10))],
        behaviors: [.attachment(AttachmentSpec(item: "a", otherItem: "b", anchor: ScenePoint(x: 50, y: 0), attachmentKind: .fixed), id: "weld"),
                    .gravity(GravitySpec(items: ["a", "b"]), id: "g")],
        timing: SceneTiming(duration: 1, pausesAtRest: false))

    @Test func aWeldComingApartIsDrawnPastTheErrorAllowed() throws {
        // The second box reported 5 pt to the right from 0.4 s on: the weld's point 5 pt apart.
        let apart = MotionInvariantTests.Edited(label: "apart") { _, trace in
            MotionInvariantTests.change(&trace, item: 1, from: 0.4) { $0.center.x += 5 }
        }
        let (violation, curve) = try Self.profile(apart, .constraints, on: Self.welded)
        #expect(curve.quantity == "separation of the common point of the weld of a and b" && curve.unit == "pt")
        #expect(curve.limits == [CurveLimit(label: "error allowed", value: ConstraintCheck.absoluteSlop)])
        let beyond = Self.firstBeyond(curve, ConstraintCheck.absoluteSlop)
        #expect(beyond.time == violation.time && beyond.withinBefore && (beyond.time ?? 0) >= 0.4)
        #expect(abs((curve.y.max() ?? 0) - 5) < 0.5, "\(curve.y.max() ?? .nan)")
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
