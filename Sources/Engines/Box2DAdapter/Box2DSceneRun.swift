internal import CBox2D
import Foundation
import Harness

/// One run of a scene in a Box2D world: a body and a shape per item, the walls and boundaries on a
/// static ground body, the joints, the per-frame forces, and what is being recorded. The world
/// lives as long as the run: `deinit` destroys it (and with it every body, shape and joint), also
/// when building it failed part-way.
final class Box2DSceneRun {
    private let scene: Scene
    private let world: b2WorldId
    private let ground: b2BodyId
    private var bodies: [b2BodyId] = []
    private let anchored: [Bool]
    private let properties: [ResolvedProperties?]
    private var drives: SceneDrives
    private var attachments: [String: Box2DAttachment] = [:]
    private let rules: Box2DCollisionRules
    private let indexOfItem: [String: Int]
    /// Each body's angle as last sampled, unwrapped (Box2D keeps a rotation, whose angle is in (−π, π]).
    private var angles: [Double]
    /// The time of the last sample (seconds).
    private var lastSampleTime = 0.0

    init(_ scene: Scene) throws {
        let resolved = ItemPropertyResolution.resolve(scene.behaviors)
        properties = scene.items.map { resolved[$0.id] }
        let effective = properties.map { $0 ?? .specDefaults }
        self.scene = scene
        anchored = effective.map(\.anchored)
        angles = scene.items.map(\.angle)
        drives = SceneDrives(scene)
        indexOfItem = Dictionary(uniqueKeysWithValues: scene.items.enumerated().map { ($1.id, $0) })
        rules = Box2DCollisionRules(itemIDs: scene.items.map(\.id))
        var worldDefinition = Box2DUnits.worldDefinition(friction: Box2DCollisionRules.friction,
                                                         restitution: Box2DCollisionRules.restitution)
        world = Self.worldTable.withLock { b2CreateWorld(&worldDefinition) }
        var groundDefinition = b2DefaultBodyDef()
        groundDefinition.type = b2_staticBody
        ground = b2CreateBody(world, &groundDefinition)
        // Collision behaviors first: an item's filter is the union over its behaviors.
        var walls: [(CollisionSpec, b2Filter)] = []
        for behavior in scene.behaviors.flatMap(\.preOrder) {
            guard case .collision(let spec) = behavior.kind else { continue }
            walls.append((spec, rules.addBehavior(mode: spec.mode, members: spec.items.compactMap { indexOfItem[$0] })))
        }
        for (index, item) in scene.items.enumerated() {
            try addBody(for: item, at: index, properties: effective[index])
        }
        for (spec, filter) in walls { addWalls(spec, filter: filter) }
        for behavior in scene.behaviors.flatMap(\.preOrder) {
            guard case .attachment(let spec) = behavior.kind else { continue }
            let attachment = try Box2DAttachment(spec, item: try end(spec.item), other: try spec.otherItem.map(end),
                                                 ground: ground, world: world)
            if let id = behavior.id { attachments[id] = attachment }
        }
        for (index, velocity) in ItemPropertyResolution.initialVelocities(of: scene).enumerated() {
            addVelocity(velocity.linear, velocity.angular, to: index)
        }
    }

    deinit { Self.worldTable.withLock { b2DestroyWorld(world) } }

    /// Box2D keeps its worlds in one fixed table and takes a free slot, or frees one, without a
    /// lock: two runs creating worlds at once on two threads could take the same slot, and a run
    /// destroying its world could clear a slot another was taking. Creating and destroying a world
    /// hold this lock; stepping touches only the world's own slot.
    private static let worldTable = NSLock()

    // MARK: Building

    /// A dynamic body (a static one when anchored; fixed rotation when rotation is off) with the
    /// item's shape. Its density is the scene's over 10⁴, so that Box2D's mass, density × area in
    /// square points, is SPEC's density·area/10⁴; Box2D computes the moment about the centroid.
    private func addBody(for item: SceneItem, at index: Int, properties: ResolvedProperties) throws {
        var definition = b2DefaultBodyDef()
        definition.type = properties.anchored ? b2_staticBody : b2_dynamicBody
        definition.position = Box2DAttachment.vector(item.center.x, item.center.y)
        definition.rotation = b2MakeRot(Float(item.angle))
        definition.fixedRotation = !properties.allowsRotation
        // Box2D's damping: v ← v/(1 + h·c) per sub-step (see the README for what that changes).
        definition.linearDamping = Float(properties.resistance)
        definition.angularDamping = Float(properties.angularResistance)
        definition.gravityScale = 0
        definition.enableSleep = false
        let body = b2CreateBody(world, &definition)
        bodies.append(body)
        var shape = b2DefaultShapeDef()
        shape.density = Float(properties.density / 10_000)
        shape.material.friction = Float(properties.friction)
        shape.material.restitution = Float(properties.elasticity)
        shape.filter = rules.filter(ofItem: index)
        shape.enableContactEvents = true
        shape.userData = UnsafeMutableRawPointer(bitPattern: Box2DCollisionRules.tag(ofItem: index))
        switch item.shape {
        case .rectangle:
            var box = b2MakeBox(Float(item.size.width / 2), Float(item.size.height / 2))
            b2CreatePolygonShape(body, &shape, &box)
        case .ellipse:
            var circle = b2Circle(center: b2Vec2(x: 0, y: 0), radius: Float(item.size.width / 2))
            b2CreateCircleShape(body, &shape, &circle)
        case .path:
            let points = (item.path ?? []).map { Box2DAttachment.vector($0.x, $0.y) }
            var hull = b2ComputeHull(points, Int32(points.count))
            // Box2D's hull drops points it finds collinear or closer than its linear slop; the
            // harness has checked the path is convex, so a shorter hull is a different shape.
            guard Int(hull.count) == points.count else {
                throw UnsupportedFeatureError("path of item \"\(item.id)\": Box2D's hull keeps \(hull.count) of its \(points.count) points (collinear or within \(Box2DUnits.linearSlop) pt)")
            }
            var polygon = b2MakePolygon(&hull, 0)
            b2CreatePolygonShape(body, &shape, &polygon)
        }
    }

    /// The walls of a collision behavior on the ground body: the reference bounds as four boxes
    /// 2·``wallHalfThickness`` thick whose inner faces lie on the bounds (a thin wall lets a deep
    /// overlap through), reaching past the corners; named boundaries as two-sided segments.
    private func addWalls(_ spec: CollisionSpec, filter: b2Filter) {
        var shape = b2DefaultShapeDef()
        shape.filter = filter
        shape.material.userMaterialId = Box2DCollisionRules.boundaryMaterial
        shape.enableContactEvents = true
        func tagged(_ identifier: String) -> b2ShapeDef {
            var tagged = shape
            tagged.userData = UnsafeMutableRawPointer(bitPattern: rules.addBoundary(identifier: identifier))
            return tagged
        }
        if spec.referenceBoundsAreBoundary, let bounds = scene.referenceBounds {
            let insets = spec.referenceBoundsInsets
            let minX = bounds.origin.x + (insets?.left ?? 0), maxX = bounds.origin.x + bounds.size.width - (insets?.right ?? 0)
            let minY = bounds.origin.y + (insets?.top ?? 0), maxY = bounds.origin.y + bounds.size.height - (insets?.bottom ?? 0)
            let r = Self.wallHalfThickness, midX = (minX + maxX) / 2, midY = (minY + maxY) / 2
            let halfWidth = (maxX - minX) / 2 + 2 * r, halfHeight = (maxY - minY) / 2 + 2 * r
            let boxes = [(midX, minY - r, halfWidth, r), (midX, maxY + r, halfWidth, r),
                         (minX - r, midY, r, halfHeight), (maxX + r, midY, r, halfHeight)]
            for (x, y, halfX, halfY) in boxes {
                var definition = tagged("")
                var box = b2MakeOffsetBox(Float(halfX), Float(halfY), Box2DAttachment.vector(x, y), b2MakeRot(0))
                b2CreatePolygonShape(ground, &definition, &box)
            }
        }
        for boundary in spec.boundaries {
            let points = boundary.points
            let pairs = boundary.closed ? points.count : points.count - 1
            for index in 0..<max(0, pairs) {
                let a = points[index], b = points[(index + 1) % points.count]
                var definition = tagged(boundary.identifier)
                var segment = b2Segment(point1: Box2DAttachment.vector(a.x, a.y), point2: Box2DAttachment.vector(b.x, b.y))
                b2CreateSegmentShape(ground, &definition, &segment)
            }
        }
    }

    /// Half the thickness of a reference-bounds wall (points).
    static let wallHalfThickness = 100.0

    private func end(_ id: String) throws -> Box2DAttachment.End {
        guard let index = indexOfItem[id] else { throw SimulationError("unknown item \"\(id)\" in an attachment") }
        let item = scene.items[index]
        return Box2DAttachment.End(body: bodies[index], center: item.center, angle: item.angle)
    }

    /// Adds `linear` (pt/s) to the velocity of the item's center and `angular` (rad/s) to its
    /// spin. Box2D's linear velocity is its center of mass's, which moves with the spin when the
    /// centroid is off the item's center (a path): v_com = v_center + ω × (com − center).
    private func addVelocity(_ linear: SceneVector, _ angular: Double, to index: Int) {
        guard !anchored[index] else { return }
        let body = bodies[index]
        let added = b2Body_IsFixedRotation(body) ? 0 : angular
        let arm = b2Sub(b2Body_GetWorldCenterOfMass(body), b2Body_GetPosition(body))
        let v = b2Body_GetLinearVelocity(body)
        b2Body_SetLinearVelocity(body, b2Vec2(x: v.x + Float(linear.dx - added * Double(arm.y)),
                                             y: v.y + Float(linear.dy + added * Double(arm.x))))
        b2Body_SetAngularVelocity(body, b2Body_GetAngularVelocity(body) + Float(added))
    }

    // MARK: Stepping

    /// The number of Box2D sub-steps in a frame and their length (seconds): the scene's sub-step,
    /// rounded to divide the frame.
    static func substeps(_ timing: SceneTiming) -> (count: Int, length: Double) {
        let count = max(1, Int((timing.frameDuration / timing.substep).rounded()))
        return (count, timing.frameDuration / Double(count))
    }

    /// Steps every frame, applying the timeline's operations before each, and records.
    ///
    /// One `b2World_Step(frameDuration, n)` a frame, n the scene's sub-steps in it: Box2D's own
    /// idiom (collide once, then n soft sub-steps, relax and restitution once), so Box2D runs as
    /// its author tuned it, with the scene's sub-step as its integration step h.
    func record() throws -> Trace {
        let timing = scene.timing
        let substeps = Self.substeps(timing).count
        let samples = try FrameLoop(scene).run(apply: apply, step: { time in
            applyDrives()
            b2World_Step(world, Float(timing.frameDuration), Int32(substeps))
            rules.recordEvents(of: world, at: time)
        }, sample: sample)
        return Trace(itemIDs: scene.items.map(\.id), samples: samples, properties: properties, contacts: rules.events)
    }

    /// The frame's forces, which Box2D holds over the step's sub-steps and then clears: gravity as
    /// m·g at the center of mass (Box2D's gravity is one vector for the world; a scene's is per
    /// item), continuous pushes as 100·F at the item's center plus their torque r × 100·F, and the
    /// instantaneous pushes that fire now as impulses 100·J (a velocity change 100·J/m).
    private func applyDrives() {
        let (loads, kicks) = drives.frame(fixed: anchored)
        for (index, load) in loads.enumerated() where !anchored[index] {
            let body = bodies[index], mass = Double(b2Body_GetMass(body))
            if load.gravity != .zero {
                b2Body_ApplyForceToCenter(body, Box2DAttachment.vector(mass * load.gravity.dx, mass * load.gravity.dy), false)
            }
            if load.force != .zero {
                b2Body_ApplyForce(body, Box2DAttachment.vector(load.force.dx, load.force.dy), b2Body_GetPosition(body), false)
            }
            if load.torque != 0 { b2Body_ApplyTorque(body, Float(load.torque), false) }
        }
        for kick in kicks where !anchored[kick.item] {
            let body = bodies[kick.item]
            b2Body_ApplyLinearImpulse(body, Box2DAttachment.vector(kick.impulse.dx, kick.impulse.dy), b2Body_GetPosition(body), false)
            if kick.angularImpulse != 0 { b2Body_ApplyAngularImpulse(body, Float(kick.angularImpulse), false) }
        }
    }

    private func apply(_ operation: SceneOperation) {
        switch operation {
        case .setAnchor(let id, let point):
            attachments[id]?.setAnchor(point)
        case .setPushActive, .setParameter:
            drives.apply(operation)
        case .addVelocity(let id, let linear, let angular):
            if let index = indexOfItem[id] { addVelocity(linear, angular, to: index) }
        case .addBehavior, .removeBehavior:
            // Refused before the run (Box2DSupport): the adapter builds the world once.
            break
        }
    }

    /// Each item's center (the body's origin), unwrapped angle, the velocity of its center and
    /// its angular velocity. The angle is unwrapped against the previous sample advanced by the
    /// angular velocity over the time since, which is right while that guess is off by less than
    /// half a turn.
    private func sample(at time: Double) -> TraceSample {
        let elapsed = time - lastSampleTime
        lastSampleTime = time
        return TraceSample(time: time, states: bodies.indices.map { index in
            let body = bodies[index], p = b2Body_GetPosition(body)
            let v = b2Body_GetWorldPointVelocity(body, p), w = Double(b2Body_GetAngularVelocity(body))
            let wrapped = Double(b2Rot_GetAngle(b2Body_GetRotation(body)))
            let predicted = angles[index] + w * elapsed
            angles[index] = predicted + remainder(wrapped - predicted, 2 * Double.pi)
            return ItemState(center: ScenePoint(x: Double(p.x), y: Double(p.y)), angle: angles[index],
                             velocity: SceneVector(dx: Double(v.x), dy: Double(v.y)), angularVelocity: w)
        })
    }
}
