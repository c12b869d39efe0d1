import Dynamics

extension Scene {
    /// The most frames a scene may ask for (a day at 120 Hz); guards against runaway runs.
    public static let maximumFrameCount = 10_368_000
    /// The longest frame (seconds) the animator takes as given (SPEC: longer counts as 1/60 s).
    public static let maximumFrameDuration = 0.5
    /// The most sub-steps one frame may run; guards against runaway runs.
    public static let maximumSubstepsPerFrame = 10_000

    /// Checks every field, throwing the first problem with its path.
    public func validate() throws(SceneError) {
        guard schemaVersion == Self.currentSchemaVersion else {
            throw SceneError(field: "schemaVersion",
                             reason: "is \(schemaVersion); this build reads version \(Self.currentSchemaVersion)")
        }
        if let bounds = referenceBounds {
            try Self.requireFinite(bounds.origin.x, "referenceBounds.origin.x")
            try Self.requireFinite(bounds.origin.y, "referenceBounds.origin.y")
            try Self.requirePositive(bounds.size.width, "referenceBounds.size.width")
            try Self.requirePositive(bounds.size.height, "referenceBounds.size.height")
        }
        var known = Set<String>()
        for (index, item) in items.enumerated() {
            let path = "items[\(index)]"
            guard !item.id.isEmpty else { throw SceneError(field: "\(path).id", reason: "is empty") }
            guard known.insert(item.id).inserted else {
                throw SceneError(field: "\(path).id", reason: "duplicates id \"\(item.id)\"")
            }
            try Self.requireFinite(item.center.x, "\(path).center.x")
            try Self.requireFinite(item.center.y, "\(path).center.y")
            try Self.requirePositive(item.size.width, "\(path).size.width")
            try Self.requirePositive(item.size.height, "\(path).size.height")
            try Self.requireFinite(item.angle, "\(path).angle")
            if item.shape == .path {
                guard let points = item.path else { throw SceneError(field: "\(path).path", reason: "is required for shape \"path\"") }
                let probe = HeadlessItem(center: .zero, size: item.size, collisionBoundsType: .path, collisionBoundingPath: points)
                do {
                    try probe.validateForDynamics()
                } catch {
                    throw SceneError(field: "\(path).path", reason: "\(error)")
                }
            }
        }
        for (index, behavior) in behaviors.enumerated() {
            try behavior.validate(path: "behaviors[\(index)]", knownItems: known)
        }
        try Self.requirePositive(timing.substep, "timing.substep")
        try Self.requirePositive(timing.frameDuration, "timing.frameDuration")
        guard timing.frameDuration <= Self.maximumFrameDuration else {
            throw SceneError(field: "timing.frameDuration",
                             reason: "must be at most \(Self.maximumFrameDuration) s (longer frames count as 1/60 s)")
        }
        guard timing.frameDuration / timing.substep <= Double(Self.maximumSubstepsPerFrame) else {
            throw SceneError(field: "timing.substep",
                             reason: "gives more than \(Self.maximumSubstepsPerFrame) sub-steps per frame")
        }
        guard timing.frameCount >= 0, timing.frameCount <= Self.maximumFrameCount else {
            throw SceneError(field: "timing.frameCount", reason: "must be in 0...\(Self.maximumFrameCount)")
        }
        guard recording.everyFrames >= 1 else {
            throw SceneError(field: "recording.everyFrames", reason: "must be at least 1")
        }
    }

    static func requireFinite(_ value: Double, _ field: String) throws(SceneError) {
        guard value.isFinite else { throw SceneError(field: field, reason: "must be finite, got \(value)") }
    }

    static func requirePositive(_ value: Double, _ field: String) throws(SceneError) {
        guard value.isFinite, value > 0 else {
            throw SceneError(field: field, reason: "must be finite and > 0, got \(value)")
        }
    }

    static func requireNonNegative(_ value: Double?, _ field: String) throws(SceneError) {
        guard let value else { return }
        guard value.isFinite, value >= 0 else {
            throw SceneError(field: field, reason: "must be finite and ≥ 0, got \(value)")
        }
    }

    static func requireFinite(_ vector: Vector, _ field: String) throws(SceneError) {
        try requireFinite(vector.dx, "\(field).dx")
        try requireFinite(vector.dy, "\(field).dy")
    }
}

extension SceneBehavior {
    func validate(path: String, knownItems: Set<String>) throws(SceneError) {
        func checkItems(_ ids: [String]) throws(SceneError) {
            for (index, id) in ids.enumerated() where !knownItems.contains(id) {
                throw SceneError(field: "\(path).items[\(index)]", reason: "names unknown item \"\(id)\"")
            }
        }
        switch self {
        case .gravity(let spec):
            try checkItems(spec.items)
            try Scene.requireFinite(spec.direction, "\(path).direction")
        case .push(let spec):
            try checkItems(spec.items)
            try Scene.requireFinite(spec.direction, "\(path).direction")
            for id in spec.offsets.keys.sorted() {
                guard knownItems.contains(id) else {
                    throw SceneError(field: "\(path).offsets.\(id)", reason: "names unknown item \"\(id)\"")
                }
                try Scene.requireFinite(spec.offsets[id] ?? .zero, "\(path).offsets.\(id)")
            }
        case .itemProperties(let spec):
            try checkItems(spec.items)
            try Scene.requireNonNegative(spec.elasticity, "\(path).elasticity")
            try Scene.requireNonNegative(spec.friction, "\(path).friction")
            if let density = spec.density { try Scene.requirePositive(density, "\(path).density") }
            try Scene.requireNonNegative(spec.resistance, "\(path).resistance")
            try Scene.requireNonNegative(spec.angularResistance, "\(path).angularResistance")
            if let charge = spec.charge { try Scene.requireFinite(charge, "\(path).charge") }
            if let velocity = spec.addedLinearVelocity { try Scene.requireFinite(velocity, "\(path).addedLinearVelocity") }
            if let velocity = spec.addedAngularVelocity { try Scene.requireFinite(velocity, "\(path).addedAngularVelocity") }
        case .collision(let spec):
            try checkItems(spec.items)
            var identifiers = Set<String>()
            for (index, segment) in spec.boundaries.enumerated() {
                let field = "\(path).boundaries[\(index)]"
                guard identifiers.insert(segment.identifier).inserted else {
                    throw SceneError(field: "\(field).identifier", reason: "duplicates \"\(segment.identifier)\"")
                }
                try Scene.requireFinite(segment.from.vectorFromOrigin, "\(field).from")
                try Scene.requireFinite(segment.to.vectorFromOrigin, "\(field).to")
            }
        case .attachment(let spec):
            try spec.validate(path: path, knownItems: knownItems)
        case .composite(let children):
            for (index, child) in children.enumerated() {
                try child.validate(path: "\(path).children[\(index)]", knownItems: knownItems)
            }
        }
    }
}

extension AttachmentSpec {
    func validate(path: String, knownItems: Set<String>) throws(SceneError) {
        guard knownItems.contains(item) else {
            throw SceneError(field: "\(path).item", reason: "names unknown item \"\(item)\"")
        }
        try Scene.requireFinite(offset, "\(path).offset")
        if let otherItem {
            guard knownItems.contains(otherItem) else {
                throw SceneError(field: "\(path).otherItem", reason: "names unknown item \"\(otherItem)\"")
            }
            guard otherItem != item else {
                throw SceneError(field: "\(path).otherItem", reason: "is the attached item itself")
            }
            try Scene.requireFinite(otherOffset, "\(path).otherOffset")
            if anchor != nil {
                throw SceneError(field: "\(path).anchor", reason: "must be omitted for an item–item attachment")
            }
        } else {
            guard let anchor else {
                throw SceneError(field: "\(path).anchor", reason: "is required without otherItem")
            }
            try Scene.requireFinite(anchor.x, "\(path).anchor.x")
            try Scene.requireFinite(anchor.y, "\(path).anchor.y")
        }
        try Scene.requireNonNegative(length, "\(path).length")
        try Scene.requireNonNegative(frequency, "\(path).frequency")
        try Scene.requireNonNegative(damping, "\(path).damping")
    }
}
