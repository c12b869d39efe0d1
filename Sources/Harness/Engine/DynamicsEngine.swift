import Dynamics

/// This project's engine behind the ``SimulationEngine`` seam.
public struct DynamicsEngine: SimulationEngine {
    /// Creates the adapter.
    public init() {}

    /// "Dynamics".
    public var name: String { "Dynamics" }

    /// The default sub-step and the integration scheme.
    public var settings: [String: String] {
        [
            "default sub-step": "1/\(Int((1 / AnimatorConfiguration().substepDuration).rounded())) s",
            "integrator": "exact exponential step for constant forces and linear damping",
        ]
    }

    /// Builds an animator from `scene`, steps it frame by frame and records the items' states.
    public func run(_ scene: Scene) throws -> Trace {
        try scene.validate()
        do {
            let built = try BuiltScene(scene)
            let properties = built.items.map { built.animator.resolvedProperties(for: $0) }
            var samples = [built.sample(at: 0)]
            samples.reserveCapacity(scene.timing.frameCount / scene.recording.everyFrames + 1)
            for frame in stride(from: 1, through: scene.timing.frameCount, by: 1) {
                try built.animator.step(by: scene.timing.frameDuration)
                if frame % scene.recording.everyFrames == 0 || frame == scene.timing.frameCount {
                    let sample = built.sample(at: Double(frame) * scene.timing.frameDuration)
                    try Self.requireFinite(sample, frame: frame)
                    samples.append(sample)
                }
            }
            return Trace(itemIDs: scene.items.map(\.id), samples: samples, properties: properties)
        } catch let error as DynamicsError {
            throw SimulationError("engine refused the scene: \(error)")
        }
    }

    private static func requireFinite(_ sample: TraceSample, frame: Int) throws {
        for state in sample.states {
            let values = [state.center.x, state.center.y, state.angle, state.velocity.dx, state.velocity.dy,
                          state.angularVelocity]
            if !values.allSatisfy(\.isFinite) {
                throw SimulationError("non-finite state at frame \(frame) (t = \(sample.time) s)")
            }
        }
    }
}

/// An animator built from a scene, with its items in scene order.
struct BuiltScene {
    let animator: DynamicAnimator
    let items: [HeadlessItem]

    init(_ scene: Scene) throws(DynamicsError) {
        var configuration = AnimatorConfiguration()
        configuration.substepDuration = scene.timing.substep
        if !scene.timing.pausesAtRest {
            // Rest must last longer than any allowed run (a day at 120 Hz) before a pause.
            configuration.restDuration = Double(Scene.maximumFrameCount)
        }
        animator = try DynamicAnimator(referenceBounds: scene.referenceBounds, configuration: configuration)
        items = scene.items.map {
            HeadlessItem(name: $0.id, center: $0.center, size: $0.size, angle: $0.angle,
                         collisionBoundsType: $0.shape, collisionBoundingPath: $0.path)
        }
        let byID = Dictionary(uniqueKeysWithValues: zip(scene.items.map(\.id), items))
        for spec in scene.behaviors {
            try animator.addBehavior(try Self.makeBehavior(spec, items: byID))
        }
    }

    /// The current state of every item, stamped with the time the caller has advanced (not the
    /// physics time, which stops while the animator is paused: a wrong pause must show as error).
    func sample(at time: Double) -> TraceSample {
        TraceSample(time: time, states: items.map { item in
            ItemState(center: item.center, angle: item.transform.rotationAngle,
                      velocity: animator.linearVelocity(for: item) ?? .zero,
                      angularVelocity: animator.angularVelocity(for: item) ?? 0)
        })
    }

    private static func makeBehavior(_ spec: SceneBehavior, items: [String: HeadlessItem]) throws(DynamicsError)
        -> DynamicBehavior {
        func resolve(_ ids: [String]) -> [HeadlessItem] { ids.compactMap { items[$0] } }
        switch spec {
        case .gravity(let gravity):
            let behavior = try GravityBehavior(items: resolve(gravity.items))
            behavior.gravityDirection = gravity.direction
            return behavior
        case .push(let push):
            let behavior = try PushBehavior(items: resolve(push.items), mode: push.mode)
            behavior.pushDirection = push.direction
            for (id, offset) in push.offsets.sorted(by: { $0.key < $1.key }) {
                if let item = items[id] { behavior.setTargetOffsetFromCenter(offset, for: item) }
            }
            return behavior
        case .itemProperties(let properties):
            let behavior = try DynamicItemBehavior(items: resolve(properties.items))
            if let value = properties.elasticity { behavior.elasticity = value }
            if let value = properties.friction { behavior.friction = value }
            if let value = properties.density { behavior.density = value }
            if let value = properties.resistance { behavior.resistance = value }
            if let value = properties.angularResistance { behavior.angularResistance = value }
            if let value = properties.allowsRotation { behavior.allowsRotation = value }
            if let value = properties.anchored { behavior.isAnchored = value }
            if let value = properties.charge { behavior.charge = value }
            for item in behavior.items {
                if let velocity = properties.addedLinearVelocity { try behavior.addLinearVelocity(velocity, for: item) }
                if let velocity = properties.addedAngularVelocity { try behavior.addAngularVelocity(velocity, for: item) }
            }
            return behavior
        case .collision(let collision):
            let behavior = try CollisionBehavior(items: resolve(collision.items))
            behavior.collisionMode = collision.mode
            behavior.translatesReferenceBoundsIntoBoundary = collision.referenceBoundsAreBoundary
            for segment in collision.boundaries {
                try behavior.addBoundary(withIdentifier: segment.identifier, from: segment.from, to: segment.to)
            }
            return behavior
        case .attachment(let attachment):
            return try makeAttachment(attachment, items: items)
        case .composite(let children):
            let behavior = DynamicBehavior()
            for child in children { try behavior.addChildBehavior(try makeBehavior(child, items: items)) }
            return behavior
        }
    }

    /// An ``AttachmentBehavior`` from its description (validated by ``Scene/validate()``).
    private static func makeAttachment(_ spec: AttachmentSpec, items: [String: HeadlessItem]) throws(DynamicsError)
        -> AttachmentBehavior {
        guard let item = items[spec.item] else {
            throw .invalidAttachment(reason: "unknown item \"\(spec.item)\"")
        }
        let behavior: AttachmentBehavior
        if let otherID = spec.otherItem {
            guard let other = items[otherID] else { throw .invalidAttachment(reason: "unknown item \"\(otherID)\"") }
            behavior = switch spec.attachmentKind {
            case .distance: try AttachmentBehavior(item: item, offsetFromCenter: spec.offset, attachedTo: other,
                                                   offsetFromCenter: spec.otherOffset)
            case .limit: try .limit(item: item, offsetFromCenter: spec.offset, attachedTo: other,
                                    offsetFromCenter: spec.otherOffset)
            }
        } else {
            guard let anchor = spec.anchor else { throw .invalidAttachment(reason: "no anchor and no second item") }
            behavior = switch spec.attachmentKind {
            case .distance: try AttachmentBehavior(item: item, offsetFromCenter: spec.offset, attachedToAnchor: anchor)
            case .limit: try .limit(item: item, offsetFromCenter: spec.offset, attachedToAnchor: anchor)
            }
        }
        if let length = spec.length { behavior.length = length }
        behavior.frequency = spec.frequency
        behavior.damping = spec.damping
        return behavior
    }
}
