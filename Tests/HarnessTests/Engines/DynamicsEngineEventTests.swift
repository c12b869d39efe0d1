import DynamicsAdapter
import Foundation
@testable import Harness
import Testing

/// What the adapter records and when events take effect, checked against closed forms.
@Suite struct DynamicsEngineEventTests {
    static let ball = SceneItem(id: "ball", center: ScenePoint(x: 200, y: 100), size: SceneSize(width: 20, height: 20))
    static let frame = 1.0 / 60

    /// The sample recorded at time `t` (frame ends).
    static func state(_ trace: Trace, at time: Double) throws -> ItemState {
        try #require(trace.samples.first { abs($0.time - time) < 1e-9 }).states[0]
    }

    @Test func addedVelocityAppearsInTheFrameItsEventPrecedes() throws {
        let scene = Scene(name: "kick", items: [Self.ball],
                          behaviors: [.itemProperties(ItemPropertiesSpec(items: ["ball"], resistance: 0, angularResistance: 0))],
                          events: [SceneEvent(time: 0.5, .addVelocity(item: "ball", linear: SceneVector(dx: 120, dy: 0), angular: 2))],
                          timing: SceneTiming(duration: 1, pausesAtRest: false))
        let trace = try DynamicsEngine().run(scene)
        #expect(try Self.state(trace, at: 0.5).velocity == .zero)
        #expect(try Self.state(trace, at: 0.5 + Self.frame).velocity == SceneVector(dx: 120, dy: 0))
        #expect(try Self.state(trace, at: 0.5 + Self.frame).angularVelocity == 2)
        // Without resistance it coasts exactly 120 pt/s × 0.5 s.
        #expect(abs(try Self.state(trace, at: 1).center.x - 260) < 1e-9)
    }

    @Test func removingGravityStopsTheAcceleration() throws {
        let scene = Scene(name: "drop", items: [Self.ball],
                          behaviors: [.gravity(GravitySpec(items: ["ball"]), id: "g"),
                                      .itemProperties(ItemPropertiesSpec(items: ["ball"], resistance: 0))],
                          events: [SceneEvent(time: 0.25, .removeBehavior("g"))],
                          timing: SceneTiming(duration: 0.5, pausesAtRest: false))
        let trace = try DynamicsEngine().run(scene)
        // Exact integration: v = g·t until 0.25 s, then constant.
        #expect(abs(try Self.state(trace, at: 0.25).velocity.dy - 250) < 1e-9)
        #expect(abs(try Self.state(trace, at: 0.5).velocity.dy - 250) < 1e-9)
    }

    @Test func reactivatingAnInstantaneousPushFiresItAgain() throws {
        let scene = Scene(name: "taps", items: [Self.ball],
                          behaviors: [.push(PushSpec(items: ["ball"], mode: .instantaneous, direction: SceneVector(dx: 0.01, dy: 0)), id: "tap"),
                                      .itemProperties(ItemPropertiesSpec(items: ["ball"], resistance: 0))],
                          events: [SceneEvent(time: 0.5, .setPushActive("tap", active: true))],
                          timing: SceneTiming(duration: 1, pausesAtRest: false))
        let trace = try DynamicsEngine().run(scene)
        // Mass of a 20×20 item of density 1 is 0.04: each tap is 100·0.01/0.04 = 25 pt/s.
        #expect(abs(try Self.state(trace, at: 0.25).velocity.dx - 25) < 1e-9)
        #expect(abs(try Self.state(trace, at: 0.75).velocity.dx - 50) < 1e-9)
    }

    @Test func settingAParameterChangesTheForceFromThatFrame() throws {
        let scene = Scene(name: "stronger", items: [Self.ball],
                          behaviors: [.gravity(GravitySpec(items: ["ball"]), id: "g"),
                                      .itemProperties(ItemPropertiesSpec(items: ["ball"], resistance: 0))],
                          events: [SceneEvent(time: 0.5, .setParameter("g", parameter: "magnitude", value: .number(3)))],
                          timing: SceneTiming(duration: 1, pausesAtRest: false))
        let trace = try DynamicsEngine().run(scene)
        #expect(abs(try Self.state(trace, at: 1).velocity.dy - (500 + 1500)) < 1e-9)
    }

    /// An item with a velocity and no behavior joins and coasts, damped by the default
    /// resistance 0.1/s: v(t) = v₀·e^(−0.1·t), x(t) = x₀ + v₀·(1 − e^(−0.1·t))/0.1.
    @Test func anInitialVelocityIsGivenWhenTheItemJoins() throws {
        var ball = Self.ball
        ball.velocity = SceneVector(dx: 50, dy: 0)
        ball.angularVelocity = 1
        let still = SceneItem(id: "still", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: 5, height: 5))
        let trace = try DynamicsEngine().run(Scene(name: "coast", items: [ball, still], behaviors: [],
                                                   timing: SceneTiming(duration: 2, pausesAtRest: false)))
        let end = try #require(trace.samples.last)
        #expect(abs(end.states[0].velocity.dx - 50 * exp(-0.2)) < 1e-9)
        #expect(abs(end.states[0].center.x - (200 + 50 * (1 - exp(-0.2)) / 0.1)) < 1e-7)
        #expect(abs(end.states[0].angularVelocity - exp(-0.2)) < 1e-9)
        #expect(end.states[1].center == .zero, "an item no behavior names and without a velocity does not join")
        #expect(trace.properties[1] == nil)
    }

    @Test func contactsAreRecordedWithTheirBoundaryAndPoint() throws {
        let scene = Scene(name: "land", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 300), items: [Self.ball],
                          behaviors: [.gravity(GravitySpec(items: ["ball"])),
                                      .collision(CollisionSpec(items: ["ball"], boundaries: [
                                          SceneBoundary(identifier: "shelf", from: ScenePoint(x: 100, y: 200), to: ScenePoint(x: 300, y: 200))])),
                                      .itemProperties(ItemPropertiesSpec(items: ["ball"], elasticity: 0))],
                          timing: SceneTiming(duration: 1.5))
        let trace = try DynamicsEngine().run(scene)
        let began = try #require(trace.contacts.first { $0.phase == .began })
        #expect(began.item == "ball" && began.boundary == "shelf" && began.otherItem == nil)
        let point = try #require(began.point)
        #expect(abs(point.y - 200) < 1 && abs(point.x - 200) < 11)
        // It lands after falling 90 pt: t = √(2·90/1000) ≈ 0.42 s (a frame or two of slack).
        #expect(abs(began.time - (2 * 90 / 1000.0).squareRoot()) < 3 * Self.frame)
        // And it comes to rest: the animator pauses and the summary says so.
        let summary = SimulationSummary(scene: scene, trace: trace)
        #expect(summary.pauses.count == 1 && summary.pausedAtEnd && summary.itemsAtRest == 1 && summary.contactsBegan >= 1)
        #expect(trace.samples.last?.isRunning == false && trace.samples.first?.isRunning == true)
    }

    /// A group member's recorded velocity is its own center's: the group's velocity plus ω × r,
    /// which a finite difference of its recorded centers confirms.
    @Test func aGroupMembersVelocityIsThatOfItsOwnCenter() throws {
        let left = SceneItem(id: "left", center: ScenePoint(x: 100, y: 100), size: SceneSize(width: 20, height: 20))
        let right = SceneItem(id: "right", center: ScenePoint(x: 160, y: 100), size: SceneSize(width: 20, height: 20))
        let scene = Scene(name: "spin", items: [left, right], groups: [SceneGroup(id: "pair", members: ["left", "right"])],
                          behaviors: [.itemProperties(ItemPropertiesSpec(items: ["pair"], resistance: 0, angularResistance: 0,
                                                                          addedLinearVelocity: SceneVector(dx: 10, dy: 0),
                                                                          addedAngularVelocity: 3))],
                          timing: SceneTiming(substep: 1.0 / 600, frameDuration: 1.0 / 600, duration: 0.2, pausesAtRest: false))
        let trace = try DynamicsEngine().run(scene)
        let states = trace.states(of: "right"), times = trace.times
        for index in stride(from: 1, to: states.count - 1, by: 17) {
            let dt = times[index + 1] - times[index - 1]
            let difference = (states[index + 1].center - states[index - 1].center) / dt
            // Central difference of a circle of radius 30 at 3 rad/s: error ≈ r·ω³·dt²/6 ≈ 1e-3 pt/s.
            #expect((difference - states[index].velocity).length < 0.01, "sample \(index)")
        }
        #expect(abs(states[0].velocity.dy - 90) < 1e-9, "ω × r = 3 rad/s × 30 pt at the start")
    }
}
