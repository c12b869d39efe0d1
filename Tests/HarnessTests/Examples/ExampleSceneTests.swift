import Foundation
@testable import Harness
import Testing

/// Each example scene runs through `simulate` and does what its name says, in numbers.
@Suite struct ExampleSceneTests {
    @Test func theExamplesCoverEveryBehaviorKindAndEventAction() throws {
        var kinds = Set<String>(), actions = Set<String>(), attachmentKinds = Set<String>(), fieldKinds = Set<String>()
        var hasGroup = false
        for name in ExampleScenes.names {
            let scene = try ExampleScenes.load(name)
            #expect(scene.problems() == [], "\(name)")
            hasGroup = hasGroup || !scene.groups.isEmpty
            for (_, behavior) in scene.allBehaviors {
                kinds.insert(behavior.kindName)
                if case .attachment(let spec) = behavior.kind { attachmentKinds.insert(spec.attachmentKind.rawValue) }
                if case .field(let spec) = behavior.kind { fieldKinds.insert(spec.fieldKind.rawValue) }
            }
            for event in scene.events {
                actions.insert(String(describing: event.action).prefix { $0 != "(" }.description)
            }
        }
        #expect(kinds == ["gravity", "push", "itemProperties", "collision", "attachment", "snap", "field", "composite"])
        #expect(attachmentKinds == Set(AttachmentKind.allCases.map(\.rawValue)))
        #expect(fieldKinds.count >= 6)
        #expect(actions == ["addBehavior", "removeBehavior", "moveAnchor", "setPushActive", "setParameter", "addVelocity"])
        #expect(hasGroup)
        #expect(ExampleScenes.names.count >= 10)
    }

    /// The exact integrator leaves only rounding: 1e-6 pt over 1 s is far above it and far below
    /// any truncation error (semi-implicit Euler would be ~4 pt off).
    @Test func gravityFallsStraightAndTilted() throws {
        let run = try ExampleScenes.simulate("gravity.json")
        let t = 1.0
        let apple = try #require(run.trace.state(of: "apple", at: t)), leaf = try #require(run.trace.state(of: "leaf", at: t))
        #expect(abs(apple.center.y - (100 + 0.5 * 1000 * t * t)) < 1e-6 && abs(apple.center.x - 150) < 1e-9)
        let along = 0.5 * 500 * t * t
        #expect(abs(leaf.center.x - (300 + along * cos(Double.pi / 3))) < 1e-6)
        #expect(abs(leaf.center.y - (100 + along * sin(Double.pi / 3))) < 1e-6)
    }

    /// SPEC: acceleration 100·F/m; the impulse changes velocity by 100·J/m and spins by
    /// 100·(r × J)/I. Exact to rounding (1e-9).
    @Test func pushMovesSmallItemsFasterAndAnOffsetTapSpins() throws {
        let run = try ExampleScenes.simulate("push.json")
        let t = 1.5
        for (id, mass) in [("small", 0.04), ("large", 0.16)] {
            let state = try #require(run.trace.state(of: id, at: t))
            #expect(abs(state.center.x - (100 + 0.5 * 100 * 0.05 / mass * t * t)) < 1e-9, "\(id)")
        }
        let spinner = try #require(run.trace.state(of: "spinner", at: t))
        let mass = 0.16, inertia = mass * (80.0 * 80 + 20 * 20) / 12
        #expect(abs(spinner.velocity.dx - 100 * 0.1 / mass) < 1e-9)
        #expect(abs(spinner.angularVelocity - 100 * (0 * 0 - 10 * 0.1) / inertia) < 1e-9)
    }

    /// The later behavior in the pre-order walk wins: elasticity 0.7, so the first rebound
    /// reaches e²·h = 0.49 × 400 pt; the bounce experiment's tolerance (a few ½·g·h² per bounce,
    /// 0.28 pt) applies.
    @Test func theLaterItemBehaviorInTheTreeSetsTheBounce() throws {
        let run = try ExampleScenes.simulate("item-properties.json")
        let properties = try #require(run.trace.properties.first ?? nil)
        #expect(properties == OverrideOrderReference.resolve(run.scene.behaviors)["ball"])
        #expect(properties.elasticity == 0.7 && properties.friction == 0 && !properties.allowsRotation)
        let heights = run.trace.states(of: "ball").map { 590 - $0.center.y }
        let afterImpact = heights.drop { $0 > 1 }.drop { $0 <= 1 }
        let apex = try #require(afterImpact.max())
        #expect(abs(apex - 0.49 * 400) < 0.3, "apex \(apex)")
    }

    @Test func collisionKeepsEachGroupInsideItsBoundaries() throws {
        let run = try ExampleScenes.simulate("collision.json")
        // Inside the inset walls: the center can come no closer to a wall than the shape's
        // inradius (at least 6 pt for every item here) less the solver's slop (0.5 pt).
        for id in run.trace.itemIDs {
            for (time, state) in run.trace.track(id) {
                #expect(state.center.x > 16 && state.center.x < 484 && state.center.y > 16 && state.center.y < 474,
                        "\(id) at \(time) s: \(state.center)")
            }
        }
        // The red items land in the cup; the blue ones, another collision group, fall through it.
        for id in ["red1", "red2", "red3"] {
            let end = try #require(run.trace.states(of: id).last)
            #expect(end.center.y > 250 && end.center.y < 400 && end.center.x > 100 && end.center.x < 300, "\(id): \(end.center)")
        }
        #expect(try #require(run.trace.states(of: "blue1").last).center.y > 440)
        #expect(run.trace.contacts.contains { $0.boundary == "cup" && $0.phase == .began })
        #expect(run.trace.contacts.contains { $0.boundary == "rock" && $0.phase == .began })
        #expect(!run.trace.contacts.contains { ($0.item.hasPrefix("red") && $0.otherItem?.hasPrefix("blue") == true)
            || ($0.item.hasPrefix("blue") && $0.otherItem?.hasPrefix("red") == true) })
    }

    /// Constraint errors stay within half a point: the solver's positional tolerance for rigid
    /// rows (SHAKE's straight-line step drifts by O(h²) per step and is corrected every sub-step).
    @Test func everyAttachmentHoldsItsConstraint() throws {
        let run = try ExampleScenes.simulate("attachments.json")
        let trace = run.trace
        let rodLength = ScenePoint(x: 180, y: 150).distance(to: ScenePoint(x: 100, y: 100))
        let axis = SceneVector(dx: 0.6, dy: 0.8), railAnchor = ScenePoint(x: 750, y: 100)
        for index in trace.samples.indices {
            func at(_ id: String) -> ItemState { trace.samples[index].states[trace.index(of: id)!] }
            let time = trace.samples[index].time
            #expect(abs(at("bob").center.distance(to: ScenePoint(x: 100, y: 100)) - rodLength) < 0.5, "rod at \(time)")
            #expect(at("climber").center.distance(to: at("anvil").center) < 90.5, "rope at \(time)")
            #expect(at("anvil").center.distance(to: ScenePoint(x: 480, y: 40)) < 80.5, "anvil's rope at \(time)")
            let offset = at("carriage").center - railAnchor
            #expect(abs(offset.cross(axis)) < 0.5, "off the rail at \(time)")
            #expect(offset.dot(axis) > -40.5 && offset.dot(axis) < 120.5, "past the rail's range at \(time)")
            #expect(abs(at("carriage").angle) < 0.01, "the carriage turned at \(time)")
            #expect(at("bar").angle > -0.62 && at("bar").angle < 0.62, "the hinge's range at \(time)")
            #expect(abs(at("left").center.distance(to: at("right").center) - 40) < 0.5, "weld distance at \(time)")
            #expect(abs(at("left").angle - at("right").angle) < 0.01, "weld angle at \(time)")
        }
        // Things moved: the pendulum swung and the rope went taut at some point.
        #expect(trace.states(of: "bob").map(\.center.x).min()! < 120)
        #expect(trace.states(of: "climber").contains { $0.center.distance(to: ScenePoint(x: 480, y: 120)) > 80 } ||
                trace.samples.contains { $0.states[trace.index(of: "climber")!].center.distance(to: $0.states[trace.index(of: "anvil")!].center) > 89 })
    }

    /// A snap settles on its point without orbiting (within 1 pt, upright) and follows a drag.
    @Test func snapSettlesAndFollowsTheDraggedPoint() throws {
        let run = try ExampleScenes.simulate("snap.json")
        let before = try #require(run.trace.state(of: "tile", at: 1.95))
        #expect(before.center.distance(to: ScenePoint(x: 250, y: 150)) < 1 && abs(before.angle) < 0.01)
        let end = try #require(run.trace.states(of: "tile").last)
        #expect(end.center.distance(to: ScenePoint(x: 450, y: 250)) < 1 && abs(end.angle) < 0.01)
        #expect(run.summary.pauses.count == 2 && run.summary.pausedAtEnd, "rests, wakes for the drag, rests again")
    }

    /// A spring well with drag settles an item on the well; an electric field pushes a charged item
    /// steadily away; a vortex around a radial well makes an item spiral outward; noise moves an item.
    @Test func fieldsPullPushAndSwirl() throws {
        let run = try ExampleScenes.simulate("fields.json")
        let pulled = try #require(run.trace.states(of: "pulled").last)
        #expect(pulled.center.distance(to: ScenePoint(x: 250, y: 200)) < 5, "settles in the spring well with drag: \(pulled.center)")
        let charged = run.trace.states(of: "charged").map { $0.center.distance(to: ScenePoint(x: 400, y: 300)) }
        #expect(charged.last! > 200 && zip(charged, charged.dropFirst()).allSatisfy { $1 >= $0 - 1e-9 }, "pushed steadily away")
        let swirler = run.trace.states(of: "swirler")
        let radii = swirler.map { $0.center.distance(to: ScenePoint(x: 600, y: 400)) }
        #expect(radii.last! > 5 * radii.first!, "the vortex's tangential push makes it spiral outward")
        let turned = swirler.map { atan2($0.center.y - 400, $0.center.x - 600) }
        #expect(Set(turned.map { Int(($0 + .pi) / (.pi / 2)) }).count >= 3, "goes around")
        let drifter = run.trace.states(of: "drifter")
        #expect(drifter.last!.center.distance(to: drifter[0].center) > 1, "the noise moves it")
    }

    @Test func aGroupFallsAsOneRigidBodyAndRests() throws {
        let run = try ExampleScenes.simulate("item-group.json")
        for sample in run.trace.samples {
            let a = sample.states[0].center, b = sample.states[1].center, c = sample.states[2].center
            // Rigid: member distances are those at the start, to rounding.
            #expect(abs(a.distance(to: b) - 30) < 1e-9 && abs(b.distance(to: c) - 30) < 1e-9 && abs(a.distance(to: c) - 30 * 2.0.squareRoot()) < 1e-9)
            #expect(Set(sample.states.prefix(3).map(\.angle)).count == 1)
        }
        #expect(run.summary.pausedAtEnd && run.summary.itemsAtRest == 4)
        let end = try #require(run.trace.samples.last)
        #expect(end.states.allSatisfy { $0.center.y < 400 && $0.center.y > 300 }, "on the floor")
    }

    /// The finger (a stiff, critically damped spring) carries the card along the drag; released
    /// at 0.6 s it keeps the drag's velocity, falls, bounces and rests inside.
    @Test func aDragCarriesTheCardAndTheReleaseThrowsIt() throws {
        let run = try ExampleScenes.simulate("drag-and-throw.json")
        let release = try #require(run.trace.state(of: "card", at: 0.6))
        #expect(release.center.distance(to: ScenePoint(x: 300, y: 200)) < 40, "near the finger at release: \(release.center)")
        #expect(release.velocity.dx > 200 && release.velocity.dy < -200, "moving up and right: \(release.velocity)")
        for (_, state) in run.trace.track("card") {
            #expect(state.center.x > 0 && state.center.x < 600 && state.center.y > 0 && state.center.y < 500)
        }
        #expect(run.summary.pausedAtEnd && run.summary.contactsBegan > 0)
    }

    @Test func thePlaygroundStaysInsideAndEveryEventActs() throws {
        let run = try ExampleScenes.simulate("playground.json")
        for id in run.trace.itemIDs {
            for (time, state) in run.trace.track(id) {
                #expect(state.center.x > 0 && state.center.x < 700 && state.center.y > 0 && state.center.y < 500, "\(id) at \(time)")
            }
        }
        let kicked = try #require(run.trace.state(of: "pendulum", at: 0.55))
        #expect(kicked.velocity.dx > 10, "the kick at 0.5 s")
        let crateBefore = try #require(run.trace.state(of: "crate", at: 2.0)), crateAfter = try #require(run.trace.state(of: "crate", at: 2.0 + 1.0 / 60))
        #expect(crateAfter.velocity.dy < crateBefore.velocity.dy - 200, "the crate's added velocity at 2 s")
        #expect(run.trace.contacts.contains { $0.boundary == "ramp" })
    }
}
