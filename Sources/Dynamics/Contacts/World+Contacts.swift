/// Finding contacts: the broad phase pairs bodies whose enlarged boxes overlap, the narrow phase
/// builds a manifold for every shape pair and every body near a boundary, and the new contacts
/// take the impulses of the previous sub-step's matching points (warm starting). Contacts are
/// speculative: points exist up to the distance the bodies can close within the sub-step.
extension World {
    /// Replaces the contacts with this sub-step's, sorted by key and warm-started, and marks the
    /// bodies that touch something.
    mutating func findContacts() {
        swap(&contacts, &previousContacts)
        contacts.removeAll(keepingCapacity: true)
        for index in bodies.indices { bodies[index].isInContact = false }
        let slop = settings.linearSlop
        // The soft step keeps slow pairs' manifolds on every other sub-step (see ManifoldReuse).
        let reusesManifolds = settings.contactSolver == .softStep && substepsRun % 2 == 1
        Self.withGeometry(&bodies, &geometry) { bodies, geometry in
            let bodies = UnsafeBufferPointer(bodies)
            broadPhase.findPairs(bodies)
            previousContacts.withUnsafeBufferPointer { previous in
                var reuse = ManifoldReuse(previous: previous, isAllowed: reusesManifolds,
                                          largestMove: ManifoldReuse.largestMoveInSlops * slop)
                Self.appendBoundaryContacts(bodies, boundaries, geometry, slop: slop, reusing: &reuse, to: &contacts)
                Self.appendPairContacts(broadPhase.pairs, bodies, geometry, slop: slop, reusing: &reuse, to: &contacts)
            }
        }
        sortContactsAndWarmStartFromPrevious()
        // Only touching contacts switch a body to x₁ = x₀ + h·v₁; a merely speculative one (a gap
        // beyond the slop) keeps the exact free flight, whose offset the solver accounts for.
        for contact in contacts {
            var closest = contact.point0.baseSeparation
            if contact.pointCount > 1 { closest = min(closest, contact.point1.baseSeparation) }
            guard closest <= slop else { continue }
            bodies[Int(contact.bodyA)].isInContact = true
            if contact.bodyB >= 0 { bodies[Int(contact.bodyB)].isInContact = true }
        }
    }

    /// Contacts between movable bodies and the boundaries they may reach, body-major and
    /// boundary-minor, so that they come out in key order. A one-sided boundary (an edge of the
    /// reference bounds) is a half-plane that pushes inward only.
    private static func appendBoundaryContacts(_ bodies: UnsafeBufferPointer<Body>, _ boundaries: [BoundarySegment],
                                               _ geometry: GeometryBuffers, slop: Double, reusing reuse: inout ManifoldReuse,
                                               to contacts: inout [Contact]) {
        for bodyIndex in bodies.indices {
            let body = bodies[bodyIndex]
            if body.boundaryMask == 0 || body.isStatic { continue }
            let reusable = reuse.allows(body)
            for (boundaryIndex, boundary) in boundaries.enumerated() where body.boundaryMask & boundary.groupMask != 0 {
                let segment = geometry.segment(boundaryIndex)
                let m = body.margin
                // A half-plane's inward normal is the segment's second normal.
                let inward = segment.normals[1]
                let start = segment.vertices[0], end = segment.vertices[1]
                if boundary.isOneSided {
                    // The body's box corner deepest along the inward normal.
                    let corner = Vector(dx: inward.dx > 0 ? body.boxMin.dx : body.boxMax.dx,
                                        dy: inward.dy > 0 ? body.boxMin.dy : body.boxMax.dy)
                    if inward.dot(corner - start) > m { continue }
                } else {
                    let low = Vector(dx: min(start.dx, end.dx), dy: min(start.dy, end.dy))
                    let high = Vector(dx: max(start.dx, end.dx), dy: max(start.dy, end.dy))
                    if body.boxMin.dx - m > high.dx || body.boxMax.dx + m < low.dx
                        || body.boxMin.dy - m > high.dy || body.boxMax.dy + m < low.dy { continue }
                }
                for s in Int(body.firstShape)..<Int(body.firstShape + body.shapeCount) {
                    let key = Contact.key(shapeA: Int32(s), shapeB: Int32(boundaryIndex), isBoundary: true)
                    if reusable, !geometry.shapes[s].isCircle, let manifold = reuse.manifold(for: key, body, nil, speculative: m) {
                        guard manifold.count > 0 else { continue }
                        appendContact(manifold, to: &contacts, key: key, bodyA: bodyIndex, bodyB: -1, shapeA: s, shapeB: boundaryIndex,
                                      friction: body.friction, restitution: body.elasticity)
                        continue
                    }
                    let shape = geometry.shapes[s]
                    var manifold: Manifold
                    switch (boundary.isOneSided, shape.isCircle) {
                    case (true, true):
                        manifold = NarrowPhase.halfPlaneCircle(origin: start, normal: inward, center: shape.worldCenter,
                                                               radius: shape.radius, speculative: m)
                    case (true, false):
                        manifold = NarrowPhase.halfPlanePolygon(origin: start, normal: inward, geometry.polygon(of: shape).vertices,
                                                                speculative: m)
                    case (false, true):
                        manifold = NarrowPhase.polygonCircle(segment.vertices, segment.normals, center: shape.worldCenter,
                                                             radius: shape.radius, speculative: m)
                    case (false, false):
                        let polygon = geometry.polygon(of: shape)
                        manifold = NarrowPhase.polygons(segment.vertices, segment.normals, polygon.vertices, polygon.normals,
                                                        speculative: m, slop: slop)
                    }
                    guard manifold.count > 0 else { continue }
                    manifold.normal = -manifold.normal
                    appendContact(manifold, to: &contacts, key: key, bodyA: bodyIndex, bodyB: -1, shapeA: s, shapeB: boundaryIndex,
                                  friction: body.friction, restitution: body.elasticity)
                }
            }
        }
    }

    /// Contacts between the shapes of each candidate pair of bodies, in pair order; pair friction
    /// is the geometric mean, pair elasticity the larger.
    private static func appendPairContacts(_ pairs: [UInt64], _ bodies: UnsafeBufferPointer<Body>, _ geometry: GeometryBuffers,
                                           slop: Double, reusing reuse: inout ManifoldReuse, to contacts: inout [Contact]) {
        for pair in pairs {
            let indexA = Int(pair >> 32), indexB = Int(pair & 0xffff_ffff)
            let a = bodies[indexA], b = bodies[indexB]
            let speculative = a.margin + b.margin
            let reusable = reuse.allows(a) && reuse.allows(b)
            for sa in Int(a.firstShape)..<Int(a.firstShape + a.shapeCount) {
                for sb in Int(b.firstShape)..<Int(b.firstShape + b.shapeCount) {
                    let key = Contact.key(shapeA: Int32(sa), shapeB: Int32(sb), isBoundary: false)
                    let kept = reusable && !geometry.shapes[sa].isCircle && !geometry.shapes[sb].isCircle
                        ? reuse.manifold(for: key, a, b, speculative: speculative) : nil
                    let manifold = kept ?? collide(geometry.shapes[sa], geometry.shapes[sb], geometry, speculative: speculative, slop: slop)
                    guard manifold.count > 0 else { continue }
                    appendContact(manifold, to: &contacts, key: key,
                                  bodyA: indexA, bodyB: indexB, shapeA: sa, shapeB: sb,
                                  friction: (a.friction * b.friction).squareRoot(),
                                  restitution: max(a.elasticity, b.elasticity))
                }
            }
        }
    }

    /// The manifold between two shapes; the normal points from `a` to `b`.
    private static func collide(_ a: Shape, _ b: Shape, _ geometry: GeometryBuffers, speculative: Double, slop: Double) -> Manifold {
        switch (a.isCircle, b.isCircle) {
        case (true, true):
            return NarrowPhase.circles(centerA: a.worldCenter, radiusA: a.radius, centerB: b.worldCenter,
                                       radiusB: b.radius, speculative: speculative)
        case (false, true):
            let pa = geometry.polygon(of: a)
            return NarrowPhase.polygonCircle(pa.vertices, pa.normals, center: b.worldCenter, radius: b.radius, speculative: speculative)
        case (true, false):
            let pb = geometry.polygon(of: b)
            var manifold = NarrowPhase.polygonCircle(pb.vertices, pb.normals, center: a.worldCenter, radius: a.radius, speculative: speculative)
            manifold.normal = -manifold.normal
            return manifold
        case (false, false):
            let pa = geometry.polygon(of: a), pb = geometry.polygon(of: b)
            return NarrowPhase.polygons(pa.vertices, pa.normals, pb.vertices, pb.normals, speculative: speculative, slop: slop)
        }
    }

    private static func appendContact(_ manifold: Manifold, to contacts: inout [Contact], key: UInt64, bodyA: Int, bodyB: Int, shapeA: Int,
                                        shapeB: Int, friction: Double, restitution: Double) {
        var contact = Contact(key: key, bodyA: Int32(bodyA), bodyB: Int32(bodyB), shapeA: Int32(shapeA),
                              shapeB: Int32(shapeB), normal: manifold.normal, friction: friction,
                              restitution: restitution, pointCount: manifold.count)
        contact.point0.point = manifold.point0
        contact.point0.baseSeparation = manifold.separation0
        contact.point0.id = manifold.id0
        contact.point1.point = manifold.point1
        contact.point1.baseSeparation = manifold.separation1
        contact.point1.id = manifold.id1
        contacts.append(contact)
    }

    /// Sorts the new contacts by key (insertion sort: nearly sorted already) and copies the
    /// impulses of matching points from the previous sub-step's contacts.
    private mutating func sortContactsAndWarmStartFromPrevious() {
        contacts.withUnsafeMutableBufferPointer { contacts in
            contacts.insertionSort(by: \.key)
            previousContacts.withUnsafeBufferPointer { previousContacts in
                guard let first = previousContacts.baseAddress else { return }
                var old = 0
                for index in contacts.indices {
                    let key = contacts[index].key
                    while old < previousContacts.count && previousContacts[old].key < key { old += 1 }
                    guard old < previousContacts.count, previousContacts[old].key == key else { continue }
                    // Through the buffer: a contact is a few hundred bytes, not worth a copy.
                    let previous = first + old
                    Self.warmStart(&contacts[index].point0, from: previous)
                    Self.warmStart(&contacts[index].point1, from: previous)
                }
            }
        }
    }

    private static func warmStart(_ point: inout ContactPoint, from previous: UnsafePointer<Contact>) {
        if previous.pointee.pointCount > 0 && previous.pointee.point0.id == point.id {
            point.normalImpulse = previous.pointee.point0.warmStartImpulse
            point.tangentImpulse = previous.pointee.point0.tangentImpulse
        } else if previous.pointee.pointCount > 1 && previous.pointee.point1.id == point.id {
            point.normalImpulse = previous.pointee.point1.warmStartImpulse
            point.tangentImpulse = previous.pointee.point1.tangentImpulse
        }
    }
}
