import DynamicsAdapter
import Foundation
import Harness
import Testing

/// The invariants an independent audit found missing: motion agreeing with velocity, speed
/// caps, nothing embedded, no item through item, and joints within Box2D v3's slop. Each catches
/// a deliberately faulty engine put behind the seam, and the healthy engine passes the same scene.
@Suite struct MotionInvariantTests {
    static let healthy = DynamicsEngine(recordsSubsteps: true)

    /// The real engine's run, edited after the fact: one physically meaningful corruption.
    struct Edited: SimulationEngine {
        var label: String
        var edit: @Sendable (Scene, inout Trace) -> Void
        var name: String { label }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }
        func limits(for scene: Scene) -> EngineLimits { MotionInvariantTests.healthy.limits(for: scene) }
        func run(_ scene: Scene) throws -> Trace {
            var trace = try MotionInvariantTests.healthy.run(scene)
            edit(scene, &trace)
            return trace
        }
    }

    /// The real engine running an edited scene, judged against the scene as written: a fault in
    /// how the engine reads its input.
    struct Misreading: SimulationEngine {
        var label: String
        var edit: @Sendable (Scene) -> Scene
        var name: String { label }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }
        func run(_ scene: Scene) throws -> Trace { try MotionInvariantTests.healthy.run(edit(scene)) }
    }

    /// `scene` with every behavior of the kind `change` edits changed (top level and nested).
    static func editing(_ scene: Scene, _ change: @escaping (SceneBehavior) -> SceneBehavior?) -> Scene {
        func walk(_ behaviors: [SceneBehavior]) -> [SceneBehavior] {
            behaviors.compactMap { behavior in
                guard var edited = change(behavior) else { return nil }
                edited.children = walk(edited.children)
                return edited
            }
        }
        var copy = scene
        copy.behaviors = walk(scene.behaviors)
        return copy
    }

    /// Every recorded state of item `index` from `time` on, until `end` (samples and
    /// sub-steps), changed by `change`.
    static func change(_ trace: inout Trace, item index: Int, from time: Double, until end: Double = .infinity,
                       _ change: (inout ItemState) -> Void) {
        for sample in trace.samples.indices where trace.samples[sample].time >= time && trace.samples[sample].time < end {
            change(&trace.samples[sample].states[index])
            if var states = trace.samples[sample].substepStates {
                for step in states[index].indices { change(&states[index][step]) }
                trace.samples[sample].substepStates = states
            }
        }
    }

    /// Item `index`'s state in sample `sample` (and the last sub-step's, which is the same state),
    /// changed by `change`.
    static func change(_ trace: inout Trace, sample: Int, item index: Int, _ change: (inout ItemState) -> Void) {
        change(&trace.samples[sample].states[index])
        if var states = trace.samples[sample].substepStates, !states[index].isEmpty {
            change(&states[index][states[index].count - 1])
            trace.samples[sample].substepStates = states
        }
    }

    /// A 20 pt box thrown at the right wall of a 400 pt container, no gravity.
    static let thrown = Scene(
        name: "thrown at the wall", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
        items: [SceneItem(id: "box", center: ScenePoint(x: 200, y: 200), size: SceneSize(width: 20, height: 20),
                          velocity: SceneVector(dx: 900, dy: 120))],
        behaviors: [.collision(CollisionSpec(items: ["box"], referenceBoundsAreBoundary: true), id: "walls"),
                    .itemProperties(ItemPropertiesSpec(items: ["box"], elasticity: 0.5, resistance: 0), id: "material")],
        timing: SceneTiming(duration: 1, pausesAtRest: false))

    /// The issue's stick, thrown at the right wall with no gravity: the engine holds it half
    /// inside the wall while it reports a velocity.
    static let stick = Scene(
        name: "one box thrown at the right wall, no gravity", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
        items: [SceneItem(id: "stick", center: ScenePoint(x: 256.07, y: 332.78), size: SceneSize(width: 61.3, height: 7.29), angle: 1.861,
                          velocity: SceneVector(dx: 2895.9, dy: -1899.4), angularVelocity: 7.2)],
        behaviors: [.collision(CollisionSpec(items: ["stick"], referenceBoundsAreBoundary: true), id: "walls"),
                    .itemProperties(ItemPropertiesSpec(items: ["stick"], elasticity: 0.11, friction: 0.49, density: 76.2, resistance: 0),
                                    id: "material")],
        timing: SceneTiming(duration: 3))

    /// The engine bounces the stick off the wall; an engine that holds it half inside the wall
    /// from 0.1 s on, still reporting the velocity it had there (the engine as the fuzzing issue
    /// found it), fails `embedded` and `motion`, each saying what is wrong.
    @Test func theIssuesStickFailsWithWhatIsWrongWhenHeldInTheWall() {
        let healthy = PropertyChecker(engine: Self.healthy).check(Self.stick)
        #expect(!healthy.fails(.embedded) && !healthy.fails(.motion), "\(healthy.violations)")
        let held = Edited(label: "held in the wall") { _, trace in
            guard let first = trace.samples.firstIndex(where: { $0.time >= 0.1 }) else { return }
            let velocity = trace.samples[first].states[0].velocity, spin = trace.samples[first].states[0].angularVelocity
            MotionInvariantTests.change(&trace, item: 0, from: trace.samples[first].time) { state in
                // Where the engine held it: its center 0.6 pt from the right wall, turned 1.21 rad.
                state.center = ScenePoint(x: 399.39, y: 234.03)
                state.angle = 1.211
                state.velocity = velocity
                state.angularVelocity = spin
            }
        }
        let report = PropertyChecker(engine: held).check(Self.stick)
        let embedded = report.violations.first { $0.invariant == .embedded }?.detail ?? ""
        #expect(embedded.contains("stick is") && embedded.contains("into the reference bounds"), "\(report.violations)")
        let motion = report.violations.first { $0.invariant == .motion }?.detail ?? ""
        #expect(motion.contains("stick's motion disagreed with its velocity"), "\(report.violations)")
    }

    /// The real engine's run with item 0 held at its pose of the first sample from `start` on,
    /// until `end`, while it keeps reporting the velocities it had.
    static func holding(_ label: String, from start: Double, until end: Double = .infinity) -> Edited {
        Edited(label: label) { _, trace in
            guard let first = trace.samples.firstIndex(where: { $0.time >= start }) else { return }
            let held = trace.samples[first].states[0]
            MotionInvariantTests.change(&trace, item: 0, from: trace.samples[first].time, until: end) { state in
                state.center = held.center
                state.angle = held.angle
            }
        }
    }

    /// A body held where it first touched a wall while it keeps reporting the velocity it had.
    @Test func aBodyHeldStillWhileReportingMotionBreaksMotion() throws {
        let healthyReport = PropertyChecker(engine: Self.healthy).check(Self.thrown, only: [.motion])
        #expect(healthyReport.checked == [.motion] && !healthyReport.fails(.motion), "\(healthyReport.violations)")
        let frozen = Self.holding("frozen", from: 0.1)
        let report = PropertyChecker(engine: frozen).check(Self.thrown, only: [.motion])
        #expect(report.fails(.motion))
        #expect(report.violations.first?.subject == "held", "\(report.violations)")
    }

    /// Held for a tenth of a second, then moving on as recorded: held is told from the failing
    /// steps alone, not from the whole run's motion around them.
    @Test func aBodyHeldBrieflyIsToldHeld() throws {
        let paused = Self.holding("paused", from: 0.1, until: 0.2)
        let report = PropertyChecker(engine: paused).check(Self.thrown, only: [.motion])
        #expect(report.violations.first?.subject == "held", "\(report.violations)")
    }

    /// A box sliding on the floor at 90 pt/s, held still for a tenth of a second while it keeps
    /// reporting that speed: within the push-out budget of its one contact (300 pt/s), so only
    /// the exact standstill tells it (fuzz scene 637 of seed 20261127 froze a stick that way).
    @Test func aBodyHeldStillAgainstAWallWithinItsPushOutBudgetIsHeld() throws {
        let box = SceneItem(id: "box", center: ScenePoint(x: 100, y: 390), size: SceneSize(width: 20, height: 20), velocity: SceneVector(dx: 90, dy: 0))
        let scene = Scene(name: "slide", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [box],
                          behaviors: [.collision(CollisionSpec(items: ["box"], referenceBoundsAreBoundary: true), id: "c"),
                                      .gravity(GravitySpec(items: ["box"]), id: "g"),
                                      .itemProperties(ItemPropertiesSpec(items: ["box"], elasticity: 0, friction: 0), id: "p")],
                          timing: SceneTiming(duration: 0.5))
        let healthyReport = PropertyChecker(engine: Self.healthy).check(scene, only: [.motion])
        #expect(healthyReport.checked == [.motion] && !healthyReport.fails(.motion), "\(healthyReport.violations)")
        let paused = Self.holding("paused on the floor", from: 0.2, until: 0.3)
        let report = PropertyChecker(engine: paused).check(scene, only: [.motion])
        #expect(report.violations.first?.subject == "held", "\(report.violations)")
    }

    /// A pendulum on a rod, held still for a tenth of a second while it keeps reporting its
    /// swing: attachments leave its motion to the constraints invariant, but not a standstill
    /// (fuzz scene 743 of seed 20261127 froze a rope's two items for the whole run). Its healthy
    /// swing passes, projection and all.
    @Test func aJointedBodyHeldStillWhileReportingMotionIsHeld() throws {
        let scene = Scene(name: "pendulum", items: [SceneItem(id: "a", center: ScenePoint(x: 100, y: 0), size: SceneSize(width: 10, height: 10))],
                          behaviors: [.attachment(AttachmentSpec(item: "a", anchor: .zero), id: "rod"), .gravity(GravitySpec(items: ["a"]), id: "g")],
                          timing: SceneTiming(duration: 1, pausesAtRest: false))
        let healthyReport = PropertyChecker(engine: Self.healthy).check(scene, only: [.motion])
        #expect(healthyReport.checked == [.motion] && !healthyReport.fails(.motion), "\(healthyReport.violations)")
        let paused = Self.holding("paused mid-swing", from: 0.3, until: 0.4)
        let report = PropertyChecker(engine: paused).check(scene, only: [.motion])
        #expect(report.violations.first?.subject == "held", "\(report.violations)")
    }

    /// Reported velocities a hundred times what moved the body.
    @Test func velocitiesThatDoNotMoveTheBodyBreakMotion() {
        let inflated = Edited(label: "inflated") { _, trace in
            MotionInvariantTests.change(&trace, item: 0, from: 0.2) { $0.velocity = $0.velocity * 100 }
        }
        #expect(PropertyChecker(engine: inflated).check(Self.thrown, only: [.motion]).fails(.motion))
    }

    /// A speed past the engine's own cap, reported once.
    @Test func aSpeedPastTheCapBreaksTheSpeedCaps() {
        #expect(!PropertyChecker(engine: Self.healthy).check(Self.thrown, only: [.speed]).fails(.speed))
        let runaway = Edited(label: "runaway") { _, trace in
            MotionInvariantTests.change(&trace, sample: trace.samples.count / 2, item: 0) { $0.velocity = SceneVector(dx: 4.8e16, dy: 0) }
        }
        let report = PropertyChecker(engine: runaway).check(Self.thrown, only: [.speed])
        #expect(report.fails(.speed))
        #expect(report.violations.first?.detail.contains("4.800e+16") == true, "\(report.violations)")
        let spinning = Edited(label: "spinning") { scene, trace in
            let cap = MotionInvariantTests.healthy.limits(for: scene).maximumAngularSpeed ?? 0
            MotionInvariantTests.change(&trace, sample: trace.samples.count / 2, item: 0) { $0.angularVelocity = 1.01 * cap }
        }
        #expect(PropertyChecker(engine: spinning).check(Self.thrown, only: [.speed]).fails(.speed))
    }

    /// A body left a quarter of its size inside the wall it hit.
    @Test func aBodyLeftInsideAWallIsEmbedded() {
        #expect(!PropertyChecker(engine: Self.healthy).check(Self.thrown, only: [.embedded]).fails(.embedded))
        let sunk = Edited(label: "sunk") { _, trace in
            guard let hit = trace.contacts.first(where: { $0.phase == .began && $0.boundary == "" }) else { return }
            MotionInvariantTests.change(&trace, item: 0, from: hit.time) { $0.center.x = 400 - 5 }
        }
        let report = PropertyChecker(engine: sunk).check(Self.thrown, only: [.embedded])
        #expect(report.fails(.embedded), "\(report.violations)")
        #expect(report.violations.first?.subject == "item-wall")
    }

    /// A box created round the far member of a group (a 100 × 10 pt bar inside it) and 8 pt into
    /// the near member; or the same two shapes as two items, with `grouped` false.
    static func boxRoundAGroupMember(grouped: Bool) -> Scene {
        let near = SceneItem(id: "near", center: ScenePoint(x: 100, y: 87), size: SceneSize(width: 130, height: 170))
        let far = SceneItem(id: "far", center: ScenePoint(x: 180, y: -100), size: SceneSize(width: 100, height: 10))
        let box = SceneItem(id: "box", center: ScenePoint(x: 180, y: -85), size: SceneSize(width: 100, height: 190))
        return Scene(name: "box round a group member", items: [near, far, box],
                     groups: grouped ? [SceneGroup(id: "g", members: ["near", "far"])] : [],
                     behaviors: [.collision(CollisionSpec(items: grouped ? ["g", "box"] : ["near", "far", "box"], mode: .items), id: "touch")],
                     timing: SceneTiming(duration: 0.5, pausesAtRest: false))
    }

    /// A group is one rigid body: a box created deep in one member is wedged against the whole
    /// group, so its overlap with the other member is not judged until the wedge comes apart
    /// (fuzz 20261127/1526: such a box was pushed onto the near member and held 14 pt into it).
    /// Two separate items in the same places are two bodies: the 8 pt overlap held is judged.
    @Test func aStartWedgedInOneMemberOfAGroupIsWedgedAgainstTheGroup() {
        // Every item held where it was created: the overlaps stay as they started.
        let frozen = Edited(label: "frozen") { _, trace in
            guard let first = trace.samples.first else { return }
            for index in first.states.indices {
                MotionInvariantTests.change(&trace, item: index, from: 0) { $0 = first.states[index] }
            }
        }
        let grouped = PropertyChecker(engine: frozen).check(Self.boxRoundAGroupMember(grouped: true), only: [.embedded])
        #expect(!grouped.fails(.embedded), "\(grouped.violations)")
        let separate = PropertyChecker(engine: frozen).check(Self.boxRoundAGroupMember(grouped: false), only: [.embedded])
        #expect(separate.fails(.embedded), "\(separate.violations)")
        #expect(separate.violations.allSatisfy { $0.items == ["near", "box"] }, "the far bar, created deep in the box, waits: \(separate.violations)")
    }

    /// Two small boxes thrown at each other.
    static func headOn(speed: Double) -> Scene {
        Scene(name: "head on", items: [
            SceneItem(id: "a", center: ScenePoint(x: -60, y: 0), size: SceneSize(width: 8, height: 8), velocity: SceneVector(dx: speed, dy: 0)),
            SceneItem(id: "b", center: ScenePoint(x: 60, y: 1), size: SceneSize(width: 8, height: 8), velocity: SceneVector(dx: -speed, dy: 0)),
        ], behaviors: [.collision(CollisionSpec(items: ["a", "b"], mode: .items), id: "touch"),
                       .itemProperties(ItemPropertiesSpec(items: ["a", "b"], elasticity: 0.5, resistance: 0), id: "material")],
        timing: SceneTiming(duration: 0.5, pausesAtRest: false))
    }

    /// A 3 pt pellet shot across a 2 pt thick bar (anchored).
    static func pelletThroughBar(speed: Double) -> Scene {
        Scene(name: "pellet at a bar", items: [
            SceneItem(id: "bar", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: 200, height: 2)),
            SceneItem(id: "pellet", center: ScenePoint(x: 3, y: -60), size: SceneSize(width: 3, height: 3), velocity: SceneVector(dx: 0, dy: speed)),
        ], behaviors: [.collision(CollisionSpec(items: ["bar", "pellet"], mode: .items), id: "touch"),
                       .itemProperties(ItemPropertiesSpec(items: ["bar"], anchored: true), id: "fixed"),
                       .itemProperties(ItemPropertiesSpec(items: ["pellet"], elasticity: 0.5, resistance: 0), id: "material")],
        timing: SceneTiming(duration: 0.2, pausesAtRest: false))
    }

    /// A center can be at most half an item's thickness inside it, so through a 2 pt bar the
    /// depth that counts is a quarter of the bar, not the pair's 1 pt overlap bound.
    @Test func aPelletThroughAThinBarBreaksItemTunnelling() {
        let scene = Self.pelletThroughBar(speed: 2000)
        let healthy = PropertyChecker(engine: Self.healthy).check(scene, only: [.itemTunnelling])
        #expect(healthy.checked == [.itemTunnelling] && !healthy.fails(.itemTunnelling), "\(healthy.violations)")
        let ghosts = Misreading(label: "ghosts") { scene in
            MotionInvariantTests.editing(scene) { if case .collision = $0.kind { nil } else { $0 } }
        }
        let report = PropertyChecker(engine: ghosts).check(scene, only: [.itemTunnelling])
        #expect(report.fails(.itemTunnelling), "\(report.violations)")
    }

    /// Recorded samples several sub-steps apart are not the path the bodies took: without the
    /// engine's sub-steps the check is not made rather than guessed.
    @Test func itemTunnellingNeedsTheEnginesSubsteps() {
        let report = PropertyChecker(engine: Self.healthy.recordingSamplesOnly).check(Self.headOn(speed: 1500), only: [.itemTunnelling])
        #expect(report.checked.isEmpty)
    }

    /// An engine that forgets item–item collisions lets two boxes through each other.
    @Test func itemsThatPassThroughEachOtherBreakItemTunnelling() {
        let scene = Self.headOn(speed: 1500)
        #expect(!PropertyChecker(engine: Self.healthy).check(scene, only: [.itemTunnelling]).fails(.itemTunnelling))
        let ghosts = Misreading(label: "ghosts") { scene in
            MotionInvariantTests.editing(scene) { if case .collision = $0.kind { nil } else { $0 } }
        }
        let report = PropertyChecker(engine: ghosts).check(scene, only: [.itemTunnelling])
        #expect(report.fails(.itemTunnelling), "\(report.violations)")
        #expect(report.violations.first.map { Set($0.items) == ["a", "b"] } == true)
    }

    /// Items reported 1e100 pt away are judged, not trapped on: the sample count through a step
    /// of that length is clamped before it becomes an integer.
    @Test func aVastJumpIsJudgedWithoutATrap() {
        // From 1e100 pt on one side to 1e100 on the other: the step passes the other item.
        let far = Edited(label: "far") { _, trace in
            let level = trace.samples[6].states[1].center.y
            MotionInvariantTests.change(&trace, item: 0, from: 0.1) { $0.center = ScenePoint(x: -1e100, y: level) }
            MotionInvariantTests.change(&trace, item: 0, from: 0.2) { $0.center.x = 1e100 }
        }
        let report = PropertyChecker(engine: far).check(Self.headOn(speed: 1500), only: [.itemTunnelling, .embedded, .motion])
        #expect(report.checked.count == 3)
    }

    /// A rod 5 % too long: the engine runs the scene with every rod lengthened.
    @Test func aRodFivePercentTooLongBreaksTheConstraints() {
        let scene = Scene(name: "pendulum", items: [SceneItem(id: "a", center: ScenePoint(x: 100, y: 0), size: SceneSize(width: 10, height: 10))],
                          behaviors: [.attachment(AttachmentSpec(item: "a", anchor: .zero), id: "rod"), .gravity(GravitySpec(items: ["a"]), id: "g")],
                          timing: SceneTiming(duration: 1, pausesAtRest: false))
        #expect(!PropertyChecker(engine: Self.healthy).check(scene, only: [.constraints]).fails(.constraints))
        func lengthened(_ factor: Double) -> Misreading {
            Misreading(label: "lengthened") { scene in
                MotionInvariantTests.editing(scene) { behavior in
                    guard case .attachment(var spec) = behavior.kind else { return behavior }
                    spec.length = 100 * factor
                    var changed = behavior
                    changed.kind = .attachment(spec)
                    return changed
                }
            }
        }
        #expect(PropertyChecker(engine: lengthened(1.05)).check(scene, only: [.constraints]).fails(.constraints))
        #expect(!PropertyChecker(engine: lengthened(1.005)).check(scene, only: [.constraints]).fails(.constraints),
                "half a point is within twice Box2D v3's slop")
    }

    /// The energy law judges a scene that starts moving (an added velocity) and touching a wall,
    /// and finds energy added at a contact.
    @Test func theEnergyLawJudgesScenesThatStartMovingAgainstAWall() throws {
        let scene = Scene(
            name: "resting on the floor, kicked", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400),
            items: [SceneItem(id: "box", center: ScenePoint(x: 200, y: 390), size: SceneSize(width: 20, height: 20))],
            behaviors: [.gravity(GravitySpec(items: ["box"]), id: "g"),
                        .collision(CollisionSpec(items: ["box"], referenceBoundsAreBoundary: true), id: "walls"),
                        .itemProperties(ItemPropertiesSpec(items: ["box"], elasticity: 0.4, addedLinearVelocity: SceneVector(dx: 300, dy: -600)),
                                        id: "kick")],
            timing: SceneTiming(duration: 1.5, pausesAtRest: false))
        let report = PropertyChecker(engine: Self.healthy).check(scene, only: [.energy])
        #expect(report.checked == [.energy] && !report.fails(.energy), "\(report.violations)")
        let pumped = Edited(label: "pumped") { _, trace in
            MotionInvariantTests.change(&trace, item: 0, from: 0.5) { $0.velocity = $0.velocity * 2 }
        }
        #expect(PropertyChecker(engine: pumped).check(scene, only: [.energy]).fails(.energy))
    }

    /// Drag only takes energy: an engine that turns a drag field's strength round finds it.
    @Test func dragThatAddsEnergyBreaksTheEnergyLaw() throws {
        let scene = Scene(name: "dragged", items: [SceneItem(id: "a", center: .zero, size: SceneSize(width: 10, height: 10),
                                                              velocity: SceneVector(dx: 200, dy: 0))],
                          behaviors: [.field(FieldSpec(fieldKind: .drag, items: ["a"], strength: 0.5), id: "drag"),
                                      .itemProperties(ItemPropertiesSpec(items: ["a"], resistance: 0), id: "m")],
                          timing: SceneTiming(duration: 1, pausesAtRest: false))
        #expect(!PropertyChecker(engine: Self.healthy).check(scene, only: [.energy]).fails(.energy))
        let reversed = Misreading(label: "drag reversed") { scene in
            MotionInvariantTests.editing(scene) { behavior in
                guard case .field(var spec) = behavior.kind else { return behavior }
                spec.strength = -spec.strength
                var changed = behavior
                changed.kind = .field(spec)
                return changed
            }
        }
        #expect(PropertyChecker(engine: reversed).check(scene, only: [.energy]).fails(.energy))
    }

    /// A spinning triangle drawn off its center, in free flight (a second item far away makes it
    /// a momentum scene): its energy and momentum are those of its centroid's motion and its spin
    /// about the centroid, which stay constant; the item center's velocity with the inertia
    /// about the center would swing the energy by m·v·ω·|c|.
    @Test func aSpinningOffCenterPathKeepsItsEnergy() throws {
        let path = [ScenePoint(x: 0, y: 0), ScenePoint(x: 60, y: 0), ScenePoint(x: 0, y: 60)]
        let scene = Scene(name: "spinning triangle", items: [
            SceneItem(id: "t", center: .zero, size: SceneSize(width: 60, height: 60), shape: .path, path: path,
                      velocity: SceneVector(dx: 300, dy: 0), angularVelocity: 6),
            SceneItem(id: "far", center: ScenePoint(x: 0, y: 5000), size: SceneSize(width: 10, height: 10), velocity: SceneVector(dx: 0, dy: 50)),
        ], behaviors: [.itemProperties(ItemPropertiesSpec(items: ["t", "far"], resistance: 0, angularResistance: 0), id: "m")],
        timing: SceneTiming(duration: 1, pausesAtRest: false))
        let report = PropertyChecker(engine: Self.healthy).check(scene, only: [.energy, .momentum])
        #expect(report.checked == [.energy, .momentum] && report.violations.isEmpty, "\(report.violations)")
        let spunUp = Edited(label: "spun up") { _, trace in
            MotionInvariantTests.change(&trace, item: 0, from: 0.5) { $0.angularVelocity *= 1.5 }
        }
        #expect(PropertyChecker(engine: spunUp).check(scene, only: [.energy]).fails(.energy))
    }
}
