extension DynamicAnimator {
    /// Walks the tree and rebuilds the world: bodies (keeping the motion of items already
    /// simulated, reading the state of items that join), shapes, members and boundaries.
    func resolve() throws(DynamicsError) {
        if let bounds = referenceBounds, !(bounds.isFinite && bounds.size.isPositiveAndFinite) {
            throw .invalidReferenceBounds(bounds)
        }
        var resolution = TreeResolution()
        resolution.referenceBounds = referenceBounds
        var walk: [DynamicBehavior] = []
        for behavior in behaviors {
            try behavior.forEachInPreOrder { node throws(DynamicsError) in
                walk.append(node)
                try node.contribute(to: &resolution)
            }
        }
        try checkGroupMembership(resolution.items)
        var newLayouts: [ObjectIdentifier: BodyLayout] = [:]
        var slotLayouts: [BodyLayout] = []
        slotLayouts.reserveCapacity(resolution.items.count)
        for item in resolution.items {
            let key = ObjectIdentifier(item)
            let layout: BodyLayout
            if let known = layouts[key] {
                layout = known
            } else {
                try item.validateForDynamics()
                if let group = item as? DynamicItemGroup {
                    layout = group.layout
                } else {
                    layout = try BodyLayout(item: item)
                }
            }
            newLayouts[key] = layout
            slotLayouts.append(layout)
        }
        let previousTouches = touches.identityTouches(memberItems: memberItems, owners: boundaryOwners,
                                                      behaviors: collisionBehaviors)
        var bodies: [Body] = []
        var shapes: [Shape] = []
        var polygonVectors: [Vector] = []
        var members: [any DynamicItem] = [], poses: [BodyLayout.MemberPose] = [], owners: [Int32] = []
        bodies.reserveCapacity(resolution.items.count)
        for (slot, item) in resolution.items.enumerated() {
            let layout = slotLayouts[slot]
            let memberList = (item as? DynamicItemGroup)?.items ?? [item]
            var body = try makeBody(slot: slot, item: item, layout: layout, resolution: resolution)
            body.firstShape = Int32(shapes.count)
            body.shapeCount = Int32(layout.outlines.count)
            body.firstMember = Int32(members.count)
            body.memberCount = Int32(memberList.count)
            var extent = 0.0, thinness = Double.infinity
            for (memberNumber, outline) in layout.outlines.enumerated() {
                var shape = Shape(body: Int32(slot), member: Int32(members.count + memberNumber),
                                  firstVector: 0, vertexCount: 0, radius: 0,
                                  localCenter: layout.circleCenters[memberNumber], worldCenter: .zero)
                switch outline {
                case .circle(let radius):
                    shape.radius = radius
                    extent = max(extent, shape.localCenter.length + radius)
                    thinness = min(thinness, radius)
                case .polygon(let points):
                    shape.vertexCount = Int32(points.count)
                    polygonVectors += points
                    for index in points.indices {
                        let edge = points[(index + 1) % points.count] - points[index]
                        polygonVectors.append(Vector(dx: edge.dy, dy: -edge.dx) / edge.length)
                        extent = max(extent, points[index].length)
                    }
                    thinness = min(thinness, Body.halfThinness(of: points))
                }
                shapes.append(shape)
            }
            body.extent = extent
            body.halfThinness = thinness.isFinite ? thinness : 0
            members += memberList
            poses += layout.members
            owners += Array(repeating: Int32(slot), count: memberList.count)
            bodies.append(body)
        }
        for (slot, item) in resolution.items.enumerated() where bodyIndex[ObjectIdentifier(item)] == nil {
            let layout = slotLayouts[slot]
            if item is DynamicItemGroup {
                let first = Int(bodies[slot].firstMember)
                let pose = poses[first]
                let angle = members[first].transform.rotationAngle - pose.angle
                bodies[slot].angle = angle
                bodies[slot].position = members[first].center - pose.offset.rotated(by: angle)
            } else {
                bodies[slot].position = layout.referenceCenterForCurrentState(of: item)
                bodies[slot].angle = item.transform.rotationAngle
            }
        }
        // Parameter changes keep the same bodies and shapes: keep contacts (and their warm-start
        // impulses) and the broad-phase order then, so that e.g. gravity set every frame does
        // not cold-start resting stacks.
        let sameLayout = bodyItems.count == resolution.items.count
            && zip(bodyItems, resolution.items).allSatisfy { $0 === $1 } && world.geometry.shapeCount == shapes.count
        world.bodies = bodies
        world.thinnestItem = bodies.lazy.filter { $0.itemMask != 0 }.map(\.halfThinness).min() ?? .infinity
        world.continuous.reserve(bodyCount: bodies.count)
        world.memberPoses = poses
        world.geometry.setShapes(shapes, polygonVectors: polygonVectors)
        world.setBoundaries(resolution.boundaries)
        world.fields = resolution.fields
        makeJoints(resolution.joints, items: resolution.items, layouts: newLayouts)
        if sameLayout {
            world.refreshGeometry()
        } else {
            world.resetContacts()
        }
        bodyItems = resolution.items
        bodyIndex = Dictionary(uniqueKeysWithValues: resolution.items.enumerated().map { (ObjectIdentifier($1), $0) })
        memberItems = members
        memberBody = owners
        writtenPoses = owners.indices.map { pose(ofMember: $0, in: world.bodies[Int(owners[$0])]) }
        memberIndex = Dictionary(uniqueKeysWithValues: members.enumerated().map { (ObjectIdentifier($1), $0) })
        layouts = newLayouts
        resolvedProperties = resolution.properties
        collisionBehaviors = resolution.collisionBehaviors
        boundaryOwners = resolution.boundaryOwners
        touches.reserve(6 * members.count + 16)
        touches.restore(previousTouches, memberIndex: memberIndex, owners: boundaryOwners,
                        behaviors: collisionBehaviors, memberBody: memberBody, bodies: world.bodies)
        behaviorsWithActions = walk
        pendingImpulses = resolution.impulses
        pushesToDeactivate = resolution.firedPushes
        for behavior in resolution.drainedItemBehaviors { behavior.clearPendingVelocities() }
        needsResolve = false
        pushFlagsAtResolve = pushesInTree().map(\.isActive)
    }

    /// Throws if an item is named on its own while it is also a member of a named group, or is a
    /// member of two named groups.
    private func checkGroupMembership(_ items: [any DynamicItem]) throws(DynamicsError) {
        var named = Set<ObjectIdentifier>()
        for item in items { named.insert(ObjectIdentifier(item)) }
        var grouped = Set<ObjectIdentifier>()
        for case let group as DynamicItemGroup in items {
            for member in group.items {
                if named.contains(ObjectIdentifier(member)) { throw .itemBelongsToGroup }
                guard grouped.insert(ObjectIdentifier(member)).inserted else {
                    throw .invalidGroup(reason: "an item belongs to two groups in the same animator")
                }
            }
        }
    }

    private func makeBody(slot: Int, item: any DynamicItem, layout: BodyLayout, resolution: TreeResolution) throws(DynamicsError) -> Body {
        let existing = bodyIndex[ObjectIdentifier(item)].map { world.bodies[$0] }
        let properties = resolution.properties[slot]
        let mass = properties.density * layout.area / 10_000
        let inertia = properties.density * layout.secondMoment / 10_000
        // Tiny or huge sizes and densities can under- or overflow; 1/mass must stay finite.
        guard mass.isNormal, inertia.isNormal, (1 / mass).isNormal, (1 / inertia).isNormal else {
            throw .invalidParameter(behavior: "DynamicItemBehavior", parameter: "mass", value: mass)
        }
        let movable = !properties.isAnchored
        let rotates = movable && properties.allowsRotation
        var velocity = (existing?.velocity ?? .zero) + resolution.pendingVelocity[slot]
        var angularVelocity = (existing?.angularVelocity ?? 0) + resolution.pendingAngularVelocity[slot]
        if !movable { velocity = .zero }
        if !rotates { angularVelocity = 0 }
        return Body(
            position: existing?.position ?? .zero,
            angle: existing?.angle ?? 0,
            velocity: velocity,
            angularVelocity: angularVelocity,
            mass: mass,
            inertia: inertia,
            inverseMass: movable ? 1 / mass : 0,
            inverseInertia: rotates ? 1 / inertia : 0,
            acceleration: movable ? resolution.gravity[slot] + resolution.force[slot] * (PushBehavior.pointsPerUnit / mass) : .zero,
            angularAcceleration: rotates ? resolution.torque[slot] * PushBehavior.pointsPerUnit / inertia : 0,
            linearStep: ExponentialStep(rate: properties.resistance, step: configuration.substepDuration),
            angularStep: ExponentialStep(rate: properties.angularResistance, step: configuration.substepDuration),
            elasticity: properties.elasticity,
            friction: properties.friction,
            charge: properties.charge,
            fieldMask: resolution.fieldMask[slot],
            itemMask: resolution.itemMask[slot],
            boundaryMask: resolution.boundaryMask[slot],
            firstShape: 0, shapeCount: 0, firstMember: 0, memberCount: 0, extent: 0)
    }
}

extension BodyLayout {
    /// The center of mass of a single item in its current pose (points).
    func referenceCenterForCurrentState(of item: any DynamicItem) -> Point {
        item.center - members[0].offset.rotated(by: item.transform.rotationAngle)
    }
}
