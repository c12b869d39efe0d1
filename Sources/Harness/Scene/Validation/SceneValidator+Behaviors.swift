extension SceneValidator {
    /// Checks one behavior's own parameters (not its children).
    mutating func checkKind(_ kind: SceneBehavior.Kind, path: String) {
        switch kind {
        case .gravity(let spec):
            itemReferences(spec.items, "\(path).items")
            for component in spec.direction.components { finite(component.value, "\(path).\(component.key)") }
        case .push(let spec):
            checkPush(spec, path: path)
        case .itemProperties(let spec):
            checkItemProperties(spec, path: path)
        case .collision(let spec):
            checkCollision(spec, path: path)
        case .attachment(let spec):
            checkAttachment(spec, path: path)
        case .snap(let spec):
            itemReference(spec.item, "\(path).item")
            place(spec.point, "\(path).point")
            unitInterval(spec.damping, "\(path).damping")
        case .field(let spec):
            checkField(spec, path: path)
        case .composite:
            break
        }
    }

    private mutating func checkPush(_ spec: PushSpec, path: String) {
        itemReferences(spec.items, "\(path).items")
        for component in spec.direction.components { finite(component.value, "\(path).\(component.key)") }
        for id in spec.offsets.keys.sorted() {
            let offsetPath = "\(path).offsets.\(id)"
            if !spec.items.contains(id) { report(offsetPath, .notApplicable("names \"\(id)\", which the push does not act on")) }
            offset(spec.offsets[id] ?? .zero, offsetPath)
        }
    }

    private mutating func checkItemProperties(_ spec: ItemPropertiesSpec, path: String) {
        itemReferences(spec.items, "\(path).items")
        if let elasticity = spec.elasticity { unitInterval(elasticity, "\(path).elasticity") }
        nonNegative(spec.friction, "\(path).friction")
        if let density = spec.density { positive(density, "\(path).density") }
        nonNegative(spec.resistance, "\(path).resistance")
        nonNegative(spec.angularResistance, "\(path).angularResistance")
        if let charge = spec.charge { finite(charge, "\(path).charge") }
        if let velocity = spec.addedLinearVelocity { finite(velocity, "\(path).addedLinearVelocity") }
        if let velocity = spec.addedAngularVelocity { finite(velocity, "\(path).addedAngularVelocity") }
    }

    private mutating func checkCollision(_ spec: CollisionSpec, path: String) {
        itemReferences(spec.items, "\(path).items")
        if spec.referenceBoundsAreBoundary && scene.referenceBounds == nil {
            report("\(path).referenceBoundsAreBoundary", .notApplicable("the scene has no referenceBounds"))
        }
        if let insets = spec.referenceBoundsInsets {
            let insetsPath = "\(path).referenceBoundsInsets"
            for (name, value) in [("top", insets.top), ("left", insets.left), ("bottom", insets.bottom), ("right", insets.right)] {
                coordinate(value, "\(insetsPath).\(name)")
            }
            if !spec.referenceBoundsAreBoundary {
                report(insetsPath, .notApplicable("requires referenceBoundsAreBoundary: true"))
            } else if let bounds = scene.referenceBounds, bounds.size.width > 0, bounds.size.height > 0,
                      !(insets.left + insets.right < bounds.size.width && insets.top + insets.bottom < bounds.size.height) {
                report(insetsPath, .invalid("leave no room inside the reference bounds"))
            }
        }
        var identifiers = Set<String>()
        for (index, boundary) in spec.boundaries.enumerated() {
            let boundaryPath = "\(path).boundaries[\(index)]"
            if boundary.identifier.isEmpty {
                report("\(boundaryPath).identifier", .emptyIdentifier)
            } else if !identifiers.insert(boundary.identifier).inserted {
                report("\(boundaryPath).identifier", .duplicateIdentifier(boundary.identifier))
            }
            if boundary.points.count < 2 { report("\(boundaryPath).points", .tooFew(minimum: 2, got: boundary.points.count)) }
            for (pointIndex, point) in boundary.points.enumerated() { place(point, "\(boundaryPath).points[\(pointIndex)]") }
        }
    }

    private mutating func checkAttachment(_ spec: AttachmentSpec, path: String) {
        itemReference(spec.item, "\(path).item")
        if let other = spec.otherItem {
            itemReference(other, "\(path).otherItem")
            if other == spec.item { report("\(path).otherItem", .invalid("is the attached item itself")) }
        }
        let kind = spec.attachmentKind
        func notFor(_ key: String) -> SceneError.Problem { .notApplicable("is not used by a \(kind.rawValue) attachment") }
        if kind.usesOffsets {
            offset(spec.offset, "\(path).offset")
            offset(spec.otherOffset, "\(path).otherOffset")
            if spec.otherItem == nil && spec.otherOffset != .zero {
                report("\(path).otherOffset", .notApplicable("needs otherItem"))
            }
            switch (spec.otherItem, spec.anchor) {
            case (nil, nil): report("\(path).anchor", .missingKey)
            case (_?, _?): report("\(path).anchor", .notApplicable("must be omitted when otherItem is given"))
            default: break
            }
            length(spec.length, "\(path).length")
        } else {
            if spec.anchor == nil { report("\(path).anchor", .missingKey) }
            if spec.offset != .zero { report("\(path).offset", notFor("offset")) }
            if spec.otherOffset != .zero { report("\(path).otherOffset", notFor("otherOffset")) }
            if spec.length != nil { report("\(path).length", notFor("length")) }
        }
        if let anchor = spec.anchor { place(anchor, "\(path).anchor") }
        nonNegative(spec.frequency, "\(path).frequency")
        nonNegative(spec.damping, "\(path).damping")
        if kind == .pin {
            nonNegative(spec.frictionTorque, "\(path).frictionTorque")
        } else if spec.frictionTorque != 0 {
            report("\(path).frictionTorque", notFor("frictionTorque"))
        }
        if let range = spec.range {
            if kind == .pin || kind == .sliding {
                checkRange(range, path: "\(path).range", mustContainZero: kind == .sliding)
            } else {
                report("\(path).range", notFor("range"))
            }
        }
        if kind == .sliding {
            guard let axis = spec.axis else { return report("\(path).axis", .missingKey) }
            if !axis.isFinite {
                finite(axis, "\(path).axis")
            } else if abs(axis.length - 1) > Scene.axisTolerance {
                report("\(path).axis", .invalid("must be a unit vector, has length \(axis.length)"))
            }
        } else if spec.axis != nil {
            report("\(path).axis", notFor("axis"))
        }
    }

    private mutating func checkRange(_ range: SceneRange, path: String, mustContainZero: Bool) {
        finite(range.lower, "\(path).lower")
        finite(range.upper, "\(path).upper")
        guard range.lower.isFinite, range.upper.isFinite else { return }
        if range.lower > range.upper {
            report(path, .invalid("lower (\(range.lower)) is above upper (\(range.upper))"))
        } else if mustContainZero && !(range.lower...range.upper).contains(0) {
            report(path, .invalid("must contain 0 (the position at creation)"))
        }
    }

    private mutating func checkField(_ spec: FieldSpec, path: String) {
        itemReferences(spec.items, "\(path).items")
        place(spec.position, "\(path).position")
        checkRegion(spec.region, path: "\(path).region")
        if spec.region.nodeCount > Scene.maximumRegionNodeCount {
            report("\(path).region", .tooMany(maximum: Scene.maximumRegionNodeCount, got: spec.region.nodeCount))
        }
        finite(spec.strength, "\(path).strength")
        if let falloff = spec.falloff { finite(falloff, "\(path).falloff") }
        nonNegative(spec.minimumRadius, "\(path).minimumRadius")
        finite(spec.direction, "\(path).direction")
        unitInterval(spec.smoothness, "\(path).smoothness")
        nonNegative(spec.animationSpeed, "\(path).animationSpeed")
    }

    private mutating func checkRegion(_ region: SceneRegion, path: String) {
        switch region {
        case .infinite: break
        case .circle(let radius): length(radius, "\(path).radius")
        case .rectangle(let size):
            length(size.width, "\(path).size.width")
            length(size.height, "\(path).size.height")
        case .inverse(let inner): checkRegion(inner, path: "\(path).region")
        case .union(let regions), .intersection(let regions):
            if regions.count < 2 { report("\(path).regions", .tooFew(minimum: 2, got: regions.count)) }
            for (index, inner) in regions.enumerated() { checkRegion(inner, path: "\(path).regions[\(index)]") }
        case .difference(let a, let b):
            checkRegion(a, path: "\(path).regions[0]")
            checkRegion(b, path: "\(path).regions[1]")
        }
    }
}
