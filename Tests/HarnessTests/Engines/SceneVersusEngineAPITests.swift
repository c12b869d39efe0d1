import Dynamics
import DynamicsAdapter
@testable import Harness
import Testing

/// A scene run through the adapter must be exactly the simulation a programmer would build with
/// the engine's own API: same items, same behaviors in the same tree, same actions at the same
/// frames. Written by hand here, independently of the adapter's conversion code.
@Suite struct SceneVersusEngineAPITests {
    /// Builds `SceneSamples.everyKind` with the engine's API and records center and angle of
    /// every item after every frame.
    static func runByHand() throws -> [[Double]] {
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        func item(_ name: String, _ x: Double, _ y: Double, _ w: Double, _ h: Double, angle: Double = 0,
                  type: CollisionBoundsType = .rectangle, path: [Point]? = nil) -> HeadlessItem {
            HeadlessItem(name: name, center: Point(x: x, y: y), size: Size(width: w, height: h), angle: angle,
                         collisionBoundsType: type, collisionBoundingPath: path)
        }
        let box = item("box", 100, 100, 30, 20, angle: 0.2)
        let disc = item("disc", 200, 100, 20, 20, type: .ellipse)
        let wedge = item("wedge", 300, 100, 20, 20, type: .path,
                         path: [Point(x: -10, y: -10), Point(x: 10, y: -10), Point(x: 0, y: 10)])
        let left = item("left", 100, 250, 20, 20), right = item("right", 130, 250, 20, 20)
        let slider = item("slider", 300, 250, 20, 10), spare = item("spare", 350, 350, 10, 10)
        let items = [box, disc, wedge, left, right, slider, spare]
        let pair = try DynamicItemGroup(items: [left, right])
        let all: [any DynamicItem] = [box, disc, wedge, pair, slider]

        let gravity = try GravityBehavior(items: all)
        gravity.setAngle(1.4, magnitude: 0.8)
        let forces = DynamicBehavior()
        let wind = try PushBehavior(items: [box, disc], mode: .continuous)
        wind.pushDirection = Vector(dx: 0.5, dy: 0)
        wind.setTargetOffsetFromCenter(Vector(dx: 2, dy: 3), for: box)
        let kick = try PushBehavior(items: [wedge], mode: .instantaneous)
        kick.setAngle(3, magnitude: 0.2)
        kick.active = false
        let properties = try DynamicItemBehavior(items: [box, pair])
        properties.elasticity = 0.6
        properties.friction = 0.4
        properties.density = 2
        properties.resistance = 0.05
        properties.angularResistance = 0.3
        properties.allowsRotation = true
        properties.isAnchored = false
        properties.charge = -1
        for member in [box, pair] as [any DynamicItem] {
            try properties.addLinearVelocity(Vector(dx: 1, dy: 2), for: member)
            try properties.addAngularVelocity(0.1, for: member)
        }
        let vortex = try FieldBehavior(kind: .vortex, items: [disc])
        vortex.position = Point(x: 200, y: 150)
        vortex.region = .difference(.circle(radius: 100), .rectangle(size: Size(width: 20, height: 30)))
        vortex.strength = 0.5
        vortex.falloff = 0.5
        vortex.minimumRadius = 0.01
        try properties.addChildBehavior(vortex)
        try forces.addChildBehavior(wind)
        try forces.addChildBehavior(kick)
        try forces.addChildBehavior(properties)

        let walls = try CollisionBehavior(items: all)
        try walls.setTranslatesReferenceBoundsIntoBoundary(with: EdgeInsets(top: 5, left: 6, bottom: 7, right: 8))
        try walls.addBoundary(withIdentifier: "shelf", from: Point(x: 50, y: 300), to: Point(x: 250, y: 320))
        try walls.addBoundary(withIdentifier: "cup", points: [Point(x: 300, y: 300), Point(x: 300, y: 350), Point(x: 350, y: 350)],
                              isClosed: false)
        try walls.addBoundary(withIdentifier: "post", points: [Point(x: 20, y: 20), Point(x: 30, y: 20), Point(x: 30, y: 30)],
                              isClosed: true)
        let spring = try AttachmentBehavior(item: box, offsetFromCenter: Vector(dx: 5, dy: 0), attachedToAnchor: Point(x: 100, y: 50))
        spring.length = 45
        spring.frequency = 2
        spring.damping = 0.3
        let rope = try AttachmentBehavior.limit(item: disc, offsetFromCenter: .zero, attachedTo: wedge,
                                                  offsetFromCenter: Vector(dx: 0, dy: 2))
        rope.length = 120
        let hinge = try AttachmentBehavior.pin(item: pair, attachmentAnchor: Point(x: 115, y: 230))
        hinge.frictionTorque = 0.5
        hinge.attachmentRange = -0.5...0.7
        let rail = try AttachmentBehavior.sliding(item: slider, attachmentAnchor: Point(x: 300, y: 250), axis: Vector(dx: 0.6, dy: 0.8))
        rail.attachmentRange = -30...40
        let weld = try AttachmentBehavior.fixed(item: wedge, attachedTo: slider, attachmentAnchor: Point(x: 300, y: 175))
        weld.frequency = 3
        weld.damping = 0.5
        let snap = try SnapBehavior(item: disc, snapTo: Point(x: 220, y: 120))
        snap.damping = 0.8
        let noise = try FieldBehavior(kind: .noise(smoothness: 0.6, animationSpeed: 2), items: [box])
        noise.region = .union(.circle(radius: 50), .inverse(.infinite))
        noise.strength = 0.2
        noise.seed = 7
        let lift = try FieldBehavior(kind: .linearGravity(direction: Vector(dx: 0, dy: -1)), items: [wedge])
        lift.region = .intersection(.infinite, .circle(radius: 500))
        for behavior in [gravity, forces, walls, spring, rope, hinge, rail, weld, snap, noise, lift] as [DynamicBehavior] {
            try animator.addBehavior(behavior)
        }
        // The box's initial velocity, given as a UIKit programmer would: an item behavior.
        let initial = try DynamicItemBehavior(items: [box])
        try initial.addLinearVelocity(Vector(dx: 10, dy: -5), for: box)
        try initial.addAngularVelocity(0.5, for: box)
        try animator.addBehavior(initial)

        var air: FieldBehavior?
        var recorded: [[Double]] = [items.flatMap { [$0.center.x, $0.center.y, $0.transform.rotationAngle] }]
        for frame in 0..<60 {
            let frameEnd = Double(frame + 1) * (1.0 / 60)
            switch frame {
            case 6: kick.active = true
            case 24:
                _ = animator.items
                try initial.addLinearVelocity(Vector(dx: -40, dy: 0), for: disc)
                try initial.addAngularVelocity(1, for: disc)
            case 30:
                let field = try FieldBehavior(kind: .drag(direction: Vector(dx: 1, dy: 0)), items: [box])
                field.strength = 0.1
                try forces.addChildBehavior(field)
                air = field
            case 36: snap.snapPoint = Point(x: 150, y: 150)
            case 42: animator.removeBehavior(rope)
            default: break
            }
            if frame == 18 {
                vortex.strength = -0.5
                walls.collisionMode = .boundaries
            }
            // The drag: from (100, 50) to (140, 60) over 0.2…0.45 s, sampled at frame ends.
            if (12...26).contains(frame) {
                let fraction = frame == 26 ? 1 : (frameEnd - 0.2) / 0.25
                spring.anchorPoint = frame == 26 ? Point(x: 140, y: 60)
                    : Point(x: 100 + 40 * fraction, y: 50 + 10 * fraction)
            }
            try animator.step(by: 1.0 / 60)
            recorded.append(items.flatMap { [$0.center.x, $0.center.y, $0.transform.rotationAngle] })
        }
        _ = air
        return recorded
    }

    @Test func aSceneRunsExactlyLikeTheSameSimulationBuiltWithTheEngineAPI() throws {
        let trace = try DynamicsEngine().run(SceneSamples.everyKind)
        let viaScene = trace.samples.map { sample in sample.states.flatMap { [$0.center.x, $0.center.y, $0.angle] } }
        let byHand = try Self.runByHand()
        #expect(viaScene.count == byHand.count)
        for (frame, (a, b)) in zip(viaScene, byHand).enumerated() {
            let same = zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
            #expect(same, "frame \(frame) differs: \(zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(3).map { "\($0.offset): \($0.element)" })")
            if !same { break }
        }
        // The scene moved things, so the comparison is not between two still pictures.
        #expect(viaScene.first != viaScene.last)
    }
}
