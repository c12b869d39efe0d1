import CChipmunk
import Foundation
import Harness

/// One run of a scene on a Chipmunk space: the bodies and shapes of the items, the walls, the
/// constraints, the per-body drives, and what is being recorded. Its C objects live as long as it
/// does: `deinit` releases them, also when building the space failed part-way.
final class ChipmunkSceneRun {
    private let scene: Scene
    private let space: OpaquePointer
    private var bodies: [OpaquePointer] = []
    private var shapes: [OpaquePointer] = []
    private var constraints: [OpaquePointer] = []
    private let drives: UnsafeMutableBufferPointer<BodyDrive>
    private let masses: [Double]
    private let inertias: [Double]
    private let anchored: [Bool]
    private let properties: [ResolvedProperties?]
    private var sceneDrives: SceneDrives
    private var attachments: [String: ChipmunkAttachment] = [:]
    private let rules: ChipmunkCollisionRules
    private let indexOfItem: [String: Int]

    init(_ scene: Scene) throws {
        let resolved = ItemPropertyResolution.resolve(scene.behaviors)
        let properties = scene.items.map { resolved[$0.id] }
        let effective = properties.map { $0 ?? .specDefaults }
        // Masses first, before any C object exists to leak.
        var masses: [Double] = [], inertias: [Double] = []
        for (item, itemProperties) in zip(scene.items, effective) {
            let mass = itemProperties.density * item.area / 10_000
            guard mass > 0, mass.isFinite else {
                throw SimulationError("item \"\(item.id)\" has mass \(mass): Chipmunk needs a positive, finite mass")
            }
            masses.append(mass)
            inertias.append(itemProperties.allowsRotation ? Self.moment(of: item, mass: mass) : .infinity)
        }
        self.scene = scene
        sceneDrives = SceneDrives(scene)
        self.properties = properties
        self.masses = masses
        self.inertias = inertias
        anchored = effective.map(\.anchored)
        indexOfItem = Dictionary(uniqueKeysWithValues: scene.items.enumerated().map { ($1.id, $0) })
        rules = ChipmunkCollisionRules(itemIDs: scene.items.map(\.id),
                                       materials: effective.map { ($0.elasticity, $0.friction) })
        space = cpSpaceNew()
        drives = .allocate(capacity: scene.items.count)
        drives.initialize(repeating: BodyDrive())
        for (index, item) in scene.items.enumerated() {
            let itemProperties = effective[index]
            let body: OpaquePointer
            if itemProperties.anchored {
                // A static body of its own, not added to the space (Chipmunk's rule for static bodies).
                body = cpBodyNewStatic()
            } else {
                body = cpBodyNew(masses[index], inertias[index])
                drives[index].resistance = itemProperties.resistance
                drives[index].angularResistance = itemProperties.angularResistance
                cpBodySetUserData(body, UnsafeMutableRawPointer(drives.baseAddress! + index))
                cpBodySetVelocityUpdateFunc(body, BodyDrive.velocityUpdate)
                cpSpaceAddBody(space, body)
            }
            cpBodySetPosition(body, cpVect(x: item.center.x, y: item.center.y))
            cpBodySetAngle(body, item.angle)
            bodies.append(body)
            let shape = Self.shape(of: item, on: body)
            cpShapeSetUserData(shape, UnsafeMutableRawPointer(bitPattern: ChipmunkCollisionRules.tag(ofItem: index)))
            cpSpaceAddShape(space, shape)
            shapes.append(shape)
        }
        try build(scene.behaviors)
        setInitialVelocities()
        rules.install(on: space)
    }

    deinit {
        for constraint in constraints { cpSpaceRemoveConstraint(space, constraint); cpConstraintFree(constraint) }
        for shape in shapes { cpSpaceRemoveShape(space, shape); cpShapeFree(shape) }
        for (body, isAnchored) in zip(bodies, anchored) where !isAnchored { cpSpaceRemoveBody(space, body) }
        for body in bodies { cpBodyFree(body) }
        cpSpaceFree(space)
        drives.deallocate()
    }

    // MARK: Building

    private static func moment(of item: SceneItem, mass: Double) -> Double {
        switch item.shape {
        case .rectangle: cpMomentForBox(mass, item.size.width, item.size.height)
        // Chipmunk 7 computes m·(r1² + r2²)/2 from the radii its header calls diameters.
        case .ellipse: cpMomentForCircle(mass, 0, item.size.width / 2, cpVect(x: 0, y: 0))
        case .path:
            (item.path ?? []).map { cpVect(x: $0.x, y: $0.y) }.withUnsafeBufferPointer {
                cpMomentForPoly(mass, Int32($0.count), $0.baseAddress, cpVect(x: 0, y: 0), 0)
            }
        }
    }

    private static func shape(of item: SceneItem, on body: OpaquePointer) -> OpaquePointer {
        switch item.shape {
        case .rectangle: return cpBoxShapeNew(body, item.size.width, item.size.height, 0)
        case .ellipse: return cpCircleShapeNew(body, item.size.width / 2, cpVect(x: 0, y: 0))
        case .path:
            // Chipmunk takes the convex hull (so either winding); the harness has checked the path is convex.
            let identity = cpTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            return (item.path ?? []).map { cpVect(x: $0.x, y: $0.y) }.withUnsafeBufferPointer {
                cpPolyShapeNew(body, Int32($0.count), $0.baseAddress, identity, 0)
            }
        }
    }

    private func build(_ behaviors: [SceneBehavior]) throws {
        var collisionIndex = 0
        for behavior in behaviors.flatMap(\.preOrder) {
            switch behavior.kind {
            case .collision(let spec):
                addCollision(spec, index: collisionIndex)
                collisionIndex += 1
            case .attachment(let spec):
                let attachment = try ChipmunkAttachment(spec, item: try end(spec.item), other: try spec.otherItem.map(end),
                                                        staticBody: cpSpaceGetStaticBody(space))
                for constraint in attachment.constraints { cpSpaceAddConstraint(space, constraint) }
                constraints += attachment.constraints
                if let id = behavior.id { attachments[id] = attachment }
            case .gravity, .push, .itemProperties, .composite:
                continue
            case .snap, .field:
                throw UnsupportedFeatureError("\(behavior.kindName) behaviors")
            }
        }
    }

    private func indices(_ ids: [String]) -> [Int] { ids.compactMap { indexOfItem[$0] } }

    private func end(_ id: String) throws -> ChipmunkAttachment.End {
        guard let index = indexOfItem[id] else { throw SimulationError("unknown item \"\(id)\" in an attachment") }
        let item = scene.items[index]
        return ChipmunkAttachment.End(body: bodies[index], center: item.center, angle: item.angle, mass: masses[index],
                                      inertia: inertias[index])
    }

    /// Walls of a collision behavior: the reference bounds as four thick segments whose inner
    /// surfaces lie on the bounds (a thin wall lets a deep overlap through), and named boundaries
    /// as segments of radius 0.
    private func addCollision(_ spec: CollisionSpec, index: Int) {
        rules.addBehavior(index: index, mode: spec.mode, members: indices(spec.items))
        let staticBody = cpSpaceGetStaticBody(space)
        func addSegment(_ a: cpVect, _ b: cpVect, radius: Double, identifier: String) {
            let shape = cpSegmentShapeNew(staticBody, a, b, radius)!
            let tag = rules.addBoundary(identifier: identifier, behaviorIndex: index)
            cpShapeSetUserData(shape, UnsafeMutableRawPointer(bitPattern: tag))
            cpSpaceAddShape(space, shape)
            shapes.append(shape)
        }
        if spec.referenceBoundsAreBoundary, let bounds = scene.referenceBounds {
            let insets = spec.referenceBoundsInsets
            let minX = bounds.origin.x + (insets?.left ?? 0), maxX = bounds.origin.x + bounds.size.width - (insets?.right ?? 0)
            let minY = bounds.origin.y + (insets?.top ?? 0), maxY = bounds.origin.y + bounds.size.height - (insets?.bottom ?? 0)
            let r = Self.wallRadius, reach = 2 * r
            addSegment(cpVect(x: minX - reach, y: minY - r), cpVect(x: maxX + reach, y: minY - r), radius: r, identifier: "")
            addSegment(cpVect(x: minX - reach, y: maxY + r), cpVect(x: maxX + reach, y: maxY + r), radius: r, identifier: "")
            addSegment(cpVect(x: minX - r, y: minY - reach), cpVect(x: minX - r, y: maxY + reach), radius: r, identifier: "")
            addSegment(cpVect(x: maxX + r, y: minY - reach), cpVect(x: maxX + r, y: maxY + reach), radius: r, identifier: "")
        }
        for boundary in spec.boundaries {
            let points = boundary.points.map { cpVect(x: $0.x, y: $0.y) }
            let pairs = boundary.closed ? points.count : points.count - 1
            for index in 0..<max(0, pairs) {
                addSegment(points[index], points[(index + 1) % points.count], radius: 0, identifier: boundary.identifier)
            }
        }
    }

    /// Half the thickness of a reference-bounds wall (points).
    static let wallRadius = 100.0

    private func setInitialVelocities() {
        for (index, velocity) in ItemPropertyResolution.initialVelocities(of: scene).enumerated() {
            addVelocity(velocity.linear, velocity.angular, to: index)
        }
    }

    private func addVelocity(_ linear: SceneVector, _ angular: Double, to index: Int) {
        guard !anchored[index] else { return }
        let body = bodies[index], v = cpBodyGetVelocity(body)
        cpBodySetVelocity(body, cpVect(x: v.x + linear.dx, y: v.y + linear.dy))
        if inertias[index].isFinite { cpBodySetAngularVelocity(body, cpBodyGetAngularVelocity(body) + angular) }
    }

    // MARK: Stepping

    /// Steps every frame, applying the timeline's operations before each, and records.
    func record() throws -> Trace {
        let timing = scene.timing
        let substeps = max(1, Int((timing.frameDuration / timing.substep).rounded()))
        let step = timing.frameDuration / Double(substeps)
        var frame = 0
        let samples = try FrameLoop(scene).run(apply: apply, step: { time in
            frame += 1
            updateDrives()
            rules.time = time
            for _ in 0..<substeps {
                cpSpaceStep(space, step)
                try checkBounded(frame: frame, time: time)
            }
        }, sample: sample)
        return Trace(itemIDs: scene.items.map(\.id), samples: samples, properties: properties, contacts: rules.events)
    }

    /// Each body's acceleration from gravity and continuous pushes (gravity + 100·F/m, torque
    /// r × 100·F over the moment), and the velocity change of instantaneous pushes that became
    /// active (then inactive, as SPEC says).
    private func updateDrives() {
        let (loads, kicks) = sceneDrives.frame(fixed: anchored)
        for (index, load) in loads.enumerated() {
            drives[index].acceleration = cpVect(x: load.gravity.dx + load.force.dx / masses[index],
                                                y: load.gravity.dy + load.force.dy / masses[index])
            drives[index].angularAcceleration = inertias[index].isFinite ? load.torque / inertias[index] : 0
        }
        for kick in kicks {
            addVelocity(kick.impulse * (1 / masses[kick.item]),
                        inertias[kick.item].isFinite ? kick.angularImpulse / inertias[kick.item] : 0, to: kick.item)
        }
    }

    private func apply(_ operation: SceneOperation) {
        switch operation {
        case .setAnchor(let id, let point):
            attachments[id]?.setAnchor(point)
        case .setPushActive, .setParameter:
            sceneDrives.apply(operation)
        case .addVelocity(let id, let linear, let angular):
            if let index = indexOfItem[id] { addVelocity(linear, angular, to: index) }
        case .addBehavior, .removeBehavior:
            // Refused before the run (ChipmunkSupport): the adapter builds the space once.
            break
        }
    }

    /// The largest position or speed (points, pt/s) a body may reach before the run stops as
    /// diverged. Debian's Chipmunk is built with its assertions on and aborts the process when a
    /// body's state is not finite; a state this large never comes back, and one sub-step cannot take
    /// it from here to infinity, so the run ends with an error instead of a trap.
    static let divergenceBound = 1e30

    private func checkBounded(frame: Int, time: Double) throws {
        for body in bodies {
            let p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body), w = cpBodyGetAngularVelocity(body)
            let largest = max(abs(p.x), abs(p.y), abs(v.x), abs(v.y), abs(w), abs(cpBodyGetAngle(body)))
            guard largest < Self.divergenceBound else {
                throw SimulationError("diverged at frame \(frame) (t = \(time) s): a state beyond \(Self.divergenceBound)")
            }
        }
    }

    private func sample(at time: Double) -> TraceSample {
        TraceSample(time: time, states: bodies.map { body in
            let p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body)
            return ItemState(center: ScenePoint(x: p.x, y: p.y), angle: cpBodyGetAngle(body),
                             velocity: SceneVector(dx: v.x, dy: v.y), angularVelocity: cpBodyGetAngularVelocity(body))
        })
    }
}
