import Foundation
import Harness
import Testing
#if BOX2D
import Box2DAdapter
#endif

/// What Box2D cannot express is refused as such; SPEC's material rules, collision groups and
/// contact events hold on Box2D; and without the library the Box2D tests are skipped with the
/// install command.
@Suite struct Box2DSupportTests {
    #if BOX2D
    static let item = SceneItem(id: "a", center: ScenePoint(x: 50, y: 50), size: SceneSize(width: 10, height: 10))
    static let nonagon = (0..<9).map { ScenePoint(x: 20 * cos(Double($0) * 2 * .pi / 9), y: 20 * sin(Double($0) * 2 * .pi / 9)) }

    @Test(arguments: [
        ("snap", Scene(name: "snap", items: [item], behaviors: [.snap(SnapSpec(item: "a", point: ScenePoint(x: 1, y: 1)))])),
        ("field", Scene(name: "field", items: [item], behaviors: [.field(FieldSpec(fieldKind: .vortex, items: ["a"]))])),
        ("ellipse", Scene(name: "ellipse", items: [SceneItem(id: "e", center: .zero, size: SceneSize(width: 20, height: 10), shape: .ellipse)],
                          behaviors: [.gravity(GravitySpec(items: ["e"]))])),
        ("nine-point path", Scene(name: "path", items: [SceneItem(id: "p", center: .zero, size: SceneSize(width: 40, height: 40),
                                                                  shape: .path, path: nonagon)],
                                  behaviors: [.gravity(GravitySpec(items: ["p"]))])),
        ("groups", Scene(name: "group", items: [item, SceneItem(id: "b", center: .zero, size: SceneSize(width: 5, height: 5))],
                         groups: [SceneGroup(id: "g", members: ["a", "b"])], behaviors: [.gravity(GravitySpec(items: ["g"]))])),
        ("soft pin", Scene(name: "soft pin", items: [item], behaviors: [
            .attachment(AttachmentSpec(item: "a", anchor: ScenePoint(x: 0, y: 0), frequency: 2, attachmentKind: .pin))])),
        ("rod shorter than the slop", Scene(name: "short rod", items: [item], behaviors: [
            .attachment(AttachmentSpec(item: "a", anchor: ScenePoint(x: 0, y: 0), length: 0.1))])),
        ("22 collision behaviors", Scene(name: "bits", items: [item], behaviors: Array(repeating: .collision(CollisionSpec(items: ["a"])), count: 22))),
        ("a path Box2D's hull shortens", Scene(name: "hull", items: [SceneItem(id: "p", center: .zero, size: SceneSize(width: 40, height: 20),
                                                                               shape: .path, path: [ScenePoint(x: -20, y: -10), ScenePoint(x: 0, y: -10.1),
                                                                                                    ScenePoint(x: 20, y: -10), ScenePoint(x: 20, y: 10),
                                                                                                    ScenePoint(x: -20, y: 10)])],
                                               behaviors: [.gravity(GravitySpec(items: ["p"]))])),
    ])
    func whatBox2DCannotExpressIsReportedNotApproximated(feature: String, scene: Scene) throws {
        try scene.validate()
        #expect(throws: UnsupportedFeatureError.self) { try Box2DEngine().run(scene) }
        // Decided from the scene alone, so that another engine's fuzz run can skip the same scenes.
        #expect(Box2DEngine().unsupportedFeature(in: scene) != nil, "\(feature)")
    }

    @Test func twentyOneCollisionBehaviorsFitInTheFilterBits() throws {
        // 21 × 3 bits = 63 ≤ 64: the limit is exactly where the bits run out.
        let scene = Scene(name: "bits", items: [Self.item], behaviors: Array(repeating: .collision(CollisionSpec(items: ["a"])), count: 21))
        #expect(throws: Never.self) { try Box2DEngine().run(scene) }
    }

    /// A ball dropped from rest onto a floor segment from 120 pt above, with these properties.
    static func drop(elasticity: Double, friction: Double = 0.2, sideways: Double = 0) -> Scene {
        let ball = SceneItem(id: "ball", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: 20, height: 20), shape: .ellipse,
                             velocity: SceneVector(dx: sideways, dy: 0))
        let floor = SceneBoundary(identifier: "floor", from: ScenePoint(x: -1000, y: 130), to: ScenePoint(x: 1000, y: 130))
        return Scene(name: "drop", items: [ball], behaviors: [
            .gravity(GravitySpec(items: ["ball"])),
            .collision(CollisionSpec(items: ["ball"], boundaries: [floor])),
            .itemProperties(ItemPropertiesSpec(items: ["ball"], elasticity: elasticity, friction: friction, resistance: 0,
                                               angularResistance: 0)),
        ], timing: SceneTiming(duration: 1, pausesAtRest: false))
    }

    @Test func anItemBouncesOffABoundaryWithItsOwnElasticity() throws {
        // Impact at √(2·1000·120) ≈ 490 pt/s, over the 100 pt/s threshold: the rebound is e·v with
        // the item's own e, even though the boundary shape has Box2D's default restitution 0
        // (max(e, 0) would agree too; the friction test below tells the rules apart).
        let trace = try Box2DEngine().run(Self.drop(elasticity: 0.5))
        let rebound = try #require(trace.states(of: "ball").map { -$0.velocity.dy }.max())
        // Soft contacts and one-frame collision make Box2D's rebound approximate: within 10 %.
        #expect(abs(rebound - 0.5 * (2 * 1000 * 120.0).squareRoot()) < 0.1 * 245)
        let began = trace.contacts.filter { $0.phase == .began }
        #expect(began.first?.boundary == "floor" && began.first?.item == "ball")
        #expect(trace.contacts.contains { $0.phase == .ended && $0.boundary == "floor" })
    }

    @Test func slowImpactsDoNotBounce() throws {
        // From 3 pt above: impact ≈ √(2·1000·3) ≈ 77 pt/s < 100 pt/s, so even e = 1 does not bounce.
        var scene = Self.drop(elasticity: 1)
        scene.items[0].center.y = 117
        let trace = try Box2DEngine().run(scene)
        let upward = trace.states(of: "ball").dropFirst(10).map { -$0.velocity.dy }.max() ?? 0
        #expect(upward < 5)
    }

    @Test func againstABoundaryTheItemsOwnFrictionApplies() throws {
        // A sliding box decelerates at μ·g on the floor: with Box2D's default √(μ·μ_boundary) and the
        // floor's default 0.6 it would be √(0.1·0.6)·1000 = 245 pt/s², not 100 pt/s².
        var scene = Self.drop(elasticity: 0, friction: 0.1, sideways: 300)
        scene.items[0] = SceneItem(id: "ball", center: ScenePoint(x: 0, y: 110), size: SceneSize(width: 40, height: 40),
                                   velocity: SceneVector(dx: 300, dy: 0))
        let trace = try Box2DEngine().run(scene)
        let states = trace.states(of: "ball"), times = trace.times
        // Between 0.2 s and 0.8 s the box slides (it stops after 3 s at 100 pt/s²).
        let i0 = times.firstIndex { $0 >= 0.2 }!, i1 = times.firstIndex { $0 >= 0.8 }!
        let deceleration = (states[i0].velocity.dx - states[i1].velocity.dx) / (times[i1] - times[i0])
        #expect(abs(deceleration - 100) < 5, "deceleration \(deceleration) pt/s²")
    }

    /// Two boxes moving toward each other along x, in collision behaviors given by `behaviors`.
    static func approach(_ behaviors: [SceneBehavior], elasticities: (Double, Double) = (0.2, 0.9)) -> Scene {
        Scene(name: "approach", items: [
            SceneItem(id: "a", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: 20, height: 20), velocity: SceneVector(dx: 300, dy: 0)),
            SceneItem(id: "b", center: ScenePoint(x: 100, y: 0), size: SceneSize(width: 20, height: 20), velocity: SceneVector(dx: -300, dy: 0)),
        ], behaviors: behaviors + [.itemProperties(ItemPropertiesSpec(items: ["a"], elasticity: elasticities.0, resistance: 0)),
                                   .itemProperties(ItemPropertiesSpec(items: ["b"], elasticity: elasticities.1, resistance: 0))],
              timing: SceneTiming(duration: 0.5, pausesAtRest: false))
    }

    @Test func itemsCollideOnlyWhenTheyShareACollisionBehaviorThatIncludesItems() throws {
        let together = try Box2DEngine().run(Self.approach([.collision(CollisionSpec(items: ["a", "b"], mode: .items))]))
        let apart = try Box2DEngine().run(Self.approach([.collision(CollisionSpec(items: ["a"])), .collision(CollisionSpec(items: ["b"]))]))
        let boundariesOnly = try Box2DEngine().run(Self.approach([.collision(CollisionSpec(items: ["a", "b"], mode: .boundaries))]))
        // Colliding, the pair's elasticity is max(0.2, 0.9): the run is the one where both are 0.9, to the
        // bit (Box2D's rebound of equal masses is e·300 only roughly: its soft contacts take some); not
        // colliding, each keeps its 300 pt/s.
        let both = try Box2DEngine().run(Self.approach([.collision(CollisionSpec(items: ["a", "b"], mode: .items))], elasticities: (0.9, 0.9)))
        let low = try Box2DEngine().run(Self.approach([.collision(CollisionSpec(items: ["a", "b"], mode: .items))], elasticities: (0.2, 0.2)))
        let a = try #require(together.states(of: "a").last).velocity.dx
        #expect(a == both.states(of: "a").last?.velocity.dx)
        #expect(a < -200 && abs(a - (low.states(of: "a").last?.velocity.dx ?? 0)) > 100, "a ends at \(a) pt/s")
        #expect(together.contacts.contains { $0.phase == .began && $0.item == "a" && $0.otherItem == "b" })
        for trace in [apart, boundariesOnly] {
            #expect(abs(try #require(trace.states(of: "a").last).velocity.dx - 300) < 1e-3)
            #expect(trace.contacts.isEmpty)
        }
    }
    #else
    @Test(.disabled("Box2D v3.1.1 is not installed: source scripts/lib/ensure-box2d.sh && ensure_box2d, then rebuild"))
    func box2DTestsNeedTheLibrary() {}
    #endif
}
