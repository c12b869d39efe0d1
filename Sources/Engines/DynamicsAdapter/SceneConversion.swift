import Dynamics
import Harness

// The one place where scene values become this engine's API: geometry, behaviors of every kind,
// and the operations events resolve to. Everything else in the harness speaks scene values only.

extension Point {
    init(_ point: ScenePoint) { self.init(x: point.x, y: point.y) }
}

extension Vector {
    init(_ vector: SceneVector) { self.init(dx: vector.dx, dy: vector.dy) }
}

extension Size {
    init(_ size: SceneSize) { self.init(width: size.width, height: size.height) }
}

extension Rect {
    init(_ rect: SceneRect) { self.init(x: rect.origin.x, y: rect.origin.y, width: rect.size.width, height: rect.size.height) }
}

extension ScenePoint {
    init(_ point: Point) { self.init(x: point.x, y: point.y) }
}

extension SceneVector {
    init(_ vector: Vector) { self.init(dx: vector.dx, dy: vector.dy) }
}

extension ResolvedProperties {
    init(_ properties: ItemProperties) {
        self.init(elasticity: properties.elasticity, friction: properties.friction, density: properties.density,
                  resistance: properties.resistance, angularResistance: properties.angularResistance,
                  allowsRotation: properties.allowsRotation, anchored: properties.isAnchored, charge: properties.charge)
    }
}

extension CollisionBoundsType {
    init(_ shape: SceneShape) {
        self = switch shape {
        case .rectangle: .rectangle
        case .ellipse: .ellipse
        case .path: .path
        }
    }
}

extension FieldRegion {
    init(_ region: SceneRegion) {
        switch region {
        case .infinite: self = .infinite
        case .circle(let radius): self = .circle(radius: radius)
        case .rectangle(let size): self = .rectangle(size: Size(size))
        case .inverse(let inner): self = .inverse(FieldRegion(inner))
        case .union(let regions): self = Self.fold(regions, FieldRegion.union)
        case .intersection(let regions): self = Self.fold(regions, FieldRegion.intersection)
        case .difference(let a, let b): self = .difference(FieldRegion(a), FieldRegion(b))
        }
    }

    /// Combines two or more regions left to right.
    private static func fold(_ regions: [SceneRegion], _ combine: (FieldRegion, FieldRegion) -> FieldRegion) -> FieldRegion {
        let converted = regions.map(FieldRegion.init)
        return converted.dropFirst().reduce(converted.first ?? .infinite, combine)
    }
}

/// Builds engine behaviors from scene behaviors and applies timeline operations to them.
struct BehaviorFactory {
    /// Items and groups by scene identifier.
    let items: [String: any DynamicItem]
    /// Behaviors with an identifier, as built so far.
    private(set) var behaviors: [String: DynamicBehavior] = [:]
    /// Every collision behavior built, so that the run can listen to its contacts.
    private(set) var collisions: [CollisionBehavior] = []

    init(items: [String: any DynamicItem]) {
        self.items = items
    }

    /// The engine behavior for `spec` and its children.
    mutating func make(_ spec: SceneBehavior) throws(DynamicsError) -> DynamicBehavior {
        let behavior = try makeNode(spec.kind)
        for child in spec.children { try behavior.addChildBehavior(try make(child)) }
        if let id = spec.id { behaviors[id] = behavior }
        return behavior
    }

    private func resolve(_ ids: [String]) -> [any DynamicItem] { ids.compactMap { items[$0] } }

    private func item(_ id: String) throws(DynamicsError) -> any DynamicItem {
        guard let item = items[id] else { throw .invalidAttachment(reason: "unknown item \"\(id)\"") }
        return item
    }

    private mutating func makeNode(_ kind: SceneBehavior.Kind) throws(DynamicsError) -> DynamicBehavior {
        switch kind {
        case .gravity(let spec):
            let behavior = try GravityBehavior(items: resolve(spec.items))
            switch spec.direction {
            case .vector(let vector): behavior.gravityDirection = Vector(vector)
            case .polar(let angle, let magnitude): behavior.setAngle(angle, magnitude: magnitude)
            }
            return behavior
        case .push(let spec):
            let behavior = try PushBehavior(items: resolve(spec.items), mode: spec.mode == .continuous ? .continuous : .instantaneous)
            switch spec.direction {
            case .vector(let vector): behavior.pushDirection = Vector(vector)
            case .polar(let angle, let magnitude): behavior.setAngle(angle, magnitude: magnitude)
            }
            for (id, offset) in spec.offsets.sorted(by: { $0.key < $1.key }) {
                if let item = items[id] { behavior.setTargetOffsetFromCenter(Vector(offset), for: item) }
            }
            behavior.active = spec.active
            return behavior
        case .itemProperties(let spec):
            return try makeItemBehavior(spec)
        case .collision(let spec):
            let behavior = try CollisionBehavior(items: resolve(spec.items))
            behavior.collisionMode = switch spec.mode {
            case .items: .items
            case .boundaries: .boundaries
            case .everything: .everything
            }
            if let insets = spec.referenceBoundsInsets, spec.referenceBoundsAreBoundary {
                try behavior.setTranslatesReferenceBoundsIntoBoundary(
                    with: EdgeInsets(top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right))
            } else {
                behavior.translatesReferenceBoundsIntoBoundary = spec.referenceBoundsAreBoundary
            }
            for boundary in spec.boundaries {
                try behavior.addBoundary(withIdentifier: boundary.identifier, points: boundary.points.map(Point.init),
                                         isClosed: boundary.closed)
            }
            collisions.append(behavior)
            return behavior
        case .attachment(let spec):
            return try makeAttachment(spec)
        case .snap(let spec):
            let behavior = try SnapBehavior(item: try item(spec.item), snapTo: Point(spec.point))
            behavior.damping = spec.damping
            return behavior
        case .field(let spec):
            return try makeField(spec)
        case .composite:
            return DynamicBehavior()
        }
    }

    private func makeItemBehavior(_ spec: ItemPropertiesSpec) throws(DynamicsError) -> DynamicItemBehavior {
        let behavior = try DynamicItemBehavior(items: resolve(spec.items))
        if let value = spec.elasticity { behavior.elasticity = value }
        if let value = spec.friction { behavior.friction = value }
        if let value = spec.density { behavior.density = value }
        if let value = spec.resistance { behavior.resistance = value }
        if let value = spec.angularResistance { behavior.angularResistance = value }
        if let value = spec.allowsRotation { behavior.allowsRotation = value }
        if let value = spec.anchored { behavior.isAnchored = value }
        if let value = spec.charge { behavior.charge = value }
        for item in behavior.items {
            if let velocity = spec.addedLinearVelocity { try behavior.addLinearVelocity(Vector(velocity), for: item) }
            if let velocity = spec.addedAngularVelocity { try behavior.addAngularVelocity(velocity, for: item) }
        }
        return behavior
    }

    private func makeAttachment(_ spec: AttachmentSpec) throws(DynamicsError) -> AttachmentBehavior {
        let first = try item(spec.item)
        let second: (any DynamicItem)? = if let id = spec.otherItem { try item(id) } else { nil }
        let anchor = spec.anchor.map(Point.init)
        func requireAnchor() throws(DynamicsError) -> Point {
            guard let anchor else { throw .invalidAttachment(reason: "a \(spec.attachmentKind.rawValue) attachment needs an anchor") }
            return anchor
        }
        let offset = Vector(spec.offset), otherOffset = Vector(spec.otherOffset)
        let behavior: AttachmentBehavior
        switch (spec.attachmentKind, second) {
        case (.distance, let other?):
            behavior = try AttachmentBehavior(item: first, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: otherOffset)
        case (.distance, nil):
            behavior = try AttachmentBehavior(item: first, offsetFromCenter: offset, attachedToAnchor: try requireAnchor())
        case (.limit, let other?):
            behavior = try .limit(item: first, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: otherOffset)
        case (.limit, nil):
            behavior = try .limit(item: first, offsetFromCenter: offset, attachedToAnchor: try requireAnchor())
        case (.fixed, let other?):
            behavior = try .fixed(item: first, attachedTo: other, attachmentAnchor: try requireAnchor())
        case (.fixed, nil):
            behavior = try .fixed(item: first, attachmentAnchor: try requireAnchor())
        case (.pin, let other?):
            behavior = try .pin(item: first, attachedTo: other, attachmentAnchor: try requireAnchor())
        case (.pin, nil):
            behavior = try .pin(item: first, attachmentAnchor: try requireAnchor())
        case (.sliding, let other?):
            behavior = try .sliding(item: first, attachedTo: other, attachmentAnchor: try requireAnchor(),
                                    axis: Vector(spec.axis ?? .zero))
        case (.sliding, nil):
            behavior = try .sliding(item: first, attachmentAnchor: try requireAnchor(), axis: Vector(spec.axis ?? .zero))
        }
        if let length = spec.length { behavior.length = length }
        behavior.frequency = spec.frequency
        behavior.damping = spec.damping
        behavior.frictionTorque = spec.frictionTorque
        if let range = spec.range, range.lower <= range.upper { behavior.attachmentRange = range.lower...range.upper }
        return behavior
    }

    private func makeField(_ spec: FieldSpec) throws(DynamicsError) -> FieldBehavior {
        let direction = Vector(spec.direction)
        let kind: FieldKind = switch spec.fieldKind {
        case .linearGravity: .linearGravity(direction: direction)
        case .radialGravity: .radialGravity
        case .spring: .spring
        case .electric: .electric
        case .magnetic: .magnetic
        case .drag: .drag(direction: direction)
        case .velocity: .velocity(direction: direction)
        case .vortex: .vortex
        case .noise: .noise(smoothness: spec.smoothness, animationSpeed: spec.animationSpeed)
        case .turbulence: .turbulence(smoothness: spec.smoothness, animationSpeed: spec.animationSpeed)
        }
        let behavior = try FieldBehavior(kind: kind, items: resolve(spec.items))
        behavior.position = Point(spec.position)
        behavior.region = FieldRegion(spec.region)
        behavior.strength = spec.strength
        if let falloff = spec.falloff { behavior.falloff = falloff }
        if let radius = spec.minimumRadius { behavior.minimumRadius = radius }
        behavior.seed = spec.seed
        return behavior
    }

    // MARK: Operations

    /// Sets parameter `name` of the behavior `id` (validated: a known name with a value of the
    /// right type).
    func set(_ name: String, of id: String, to value: SceneValue) {
        guard let behavior = behaviors[id] else { return }
        switch (behavior, value) {
        case (let gravity as GravityBehavior, .vector(let v)) where name == "direction": gravity.gravityDirection = Vector(v)
        case (let gravity as GravityBehavior, .number(let x)):
            if name == "angle" { gravity.angle = x } else if name == "magnitude" { gravity.magnitude = x }
        case (let push as PushBehavior, .vector(let v)) where name == "direction": push.pushDirection = Vector(v)
        case (let push as PushBehavior, .flag(let flag)) where name == "active": push.active = flag
        case (let push as PushBehavior, .number(let x)):
            if name == "angle" { push.angle = x } else if name == "magnitude" { push.magnitude = x }
        case (let properties as DynamicItemBehavior, .number(let x)):
            switch name {
            case "elasticity": properties.elasticity = x
            case "friction": properties.friction = x
            case "density": properties.density = x
            case "resistance": properties.resistance = x
            case "angularResistance": properties.angularResistance = x
            case "charge": properties.charge = x
            default: break
            }
        case (let properties as DynamicItemBehavior, .flag(let flag)):
            if name == "allowsRotation" { properties.allowsRotation = flag } else if name == "anchored" { properties.isAnchored = flag }
        case (let collision as CollisionBehavior, .word(let word)) where name == "mode":
            if let mode = CollisionBehavior.Mode(rawValue: word) { collision.collisionMode = mode }
        case (let collision as CollisionBehavior, .flag(let flag)) where name == "referenceBoundsAreBoundary":
            collision.translatesReferenceBoundsIntoBoundary = flag
        case (let attachment as AttachmentBehavior, .number(let x)):
            switch name {
            case "length": attachment.length = x
            case "frequency": attachment.frequency = x
            case "damping": attachment.damping = x
            case "frictionTorque": attachment.frictionTorque = x
            default: break
            }
        case (let snap as SnapBehavior, .number(let x)) where name == "damping": snap.damping = x
        case (let field as FieldBehavior, .number(let x)):
            switch name {
            case "strength": field.strength = x
            case "falloff": field.falloff = x
            case "minimumRadius": field.minimumRadius = x
            case "animationSpeed": field.animationSpeed = x
            case "smoothness": field.smoothness = x
            default: break
            }
        case (let field as FieldBehavior, .point(let p)) where name == "position": field.position = Point(p)
        case (let field as FieldBehavior, .vector(let v)) where name == "direction": field.direction = Vector(v)
        default: break
        }
    }

    /// Moves the anchor of an item–anchor attachment or the point of a snap.
    func setAnchor(of id: String, to point: ScenePoint) {
        switch behaviors[id] {
        case let attachment as AttachmentBehavior: attachment.anchorPoint = Point(point)
        case let snap as SnapBehavior: snap.snapPoint = Point(point)
        default: break
        }
    }

    /// Sets a push active or inactive.
    func setPushActive(_ id: String, _ active: Bool) {
        (behaviors[id] as? PushBehavior)?.active = active
    }
}
