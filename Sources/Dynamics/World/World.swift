import Foundation

/// The data-oriented core of the engine: bodies, shapes, boundaries and contacts in contiguous
/// arrays of plain structs, stepped in fixed sub-steps with no allocation in steady state.
///
/// ## Sub-step
/// 1. Shapes are moved to world space; the broad phase and narrow phase find contacts
///    (speculative: points up to the distance bodies can close in one sub-step), warm-started
///    from the previous sub-step.
/// 2. Velocities advance by the exact solution of `dv/dt = a − c·v` (constant acceleration `a`:
///    gravity and continuous pushes; damping rate `c`: resistance), and each body records the
///    offset that makes `x₁ = x₀ + offset + h·v` the exact free flight (see ``ExponentialStep``).
/// 3. Joints, then contacts, are solved on velocities in the same iterations (rigid rows to zero
///    velocity, springs by their exact propagator, contacts rigid-speculative), positions are
///    integrated (moving world anchors advance), joint drift and contact overlap are corrected on
///    positions only, then restitution is applied from the impact speed, which is computed
///    exactly for constant acceleration across the gap. Bodies with a contact or a joint move by
///    `x₁ = x₀ + h·v₁`.
///
/// A body that touches nothing therefore moves with no truncation error: only rounding, of order
/// `n·ε·|x|` after `n` sub-steps. Established engines use semi-implicit Euler, which drifts by
/// `½·g·h·t` under constant acceleration (8.3 pt after a 2 s fall at h = 1/120 s).
struct World {
    var bodies: [Body] = []
    var shapes: [Shape] = []
    /// Polygon vertices and outward normals in body frames, then in world space.
    var localVertices: [Vector] = []
    var localNormals: [Vector] = []
    var worldVertices: [Vector] = []
    var worldNormals: [Vector] = []
    var boundaries: [BoundarySegment] = []
    /// Each boundary as a two-vertex polygon (vertices and normals, two per boundary).
    var boundaryVertices: [Vector] = []
    var boundaryNormals: [Vector] = []
    /// The one-sided boundaries as half-planes, for the containment pass.
    var halfPlanes: [HalfPlane] = []
    /// The field behaviors acting on bodies, compiled.
    var fields = CompiledFieldSet()
    /// Simulated time (seconds), for fields that change with time.
    private(set) var time = 0.0
    var broadPhase = BroadPhase()
    var contacts: [Contact] = []
    /// The attachment and snap behaviors, compiled; rebuilt when the tree is resolved.
    var joints: [Joint] = []
    private var previousContacts: [Contact] = []
    /// Scratch for the islands: each body's parent in the union–find, and each root's shortest
    /// resting time (see `World+Islands.swift`).
    var islandParent: [Int32] = []
    var islandRestingTime: [Double] = []
    let settings: SolverSettings

    init(settings: SolverSettings) {
        self.settings = settings
    }

    /// Sub-step length in seconds.
    var substep: Double { settings.substep }

    /// Replaces the boundaries.
    mutating func setBoundaries(_ segments: [BoundarySegment]) {
        boundaries = segments
        boundaryVertices.removeAll(keepingCapacity: true)
        boundaryNormals.removeAll(keepingCapacity: true)
        halfPlanes.removeAll(keepingCapacity: true)
        for segment in segments {
            let a = segment.start.vectorFromOrigin, b = segment.end.vectorFromOrigin
            let edge = b - a, length = edge.length
            let normal = length > 0 ? Vector(dx: edge.dy, dy: -edge.dx) / length : Vector(dx: 0, dy: -1)
            boundaryVertices += [a, b]
            boundaryNormals += [normal, -normal]
            if segment.isOneSided { halfPlanes.append(HalfPlane(origin: a, inward: -normal, groupMask: segment.groupMask)) }
        }
    }

    /// Forgets contacts (their warm-start impulses) after the bodies or shapes were rebuilt.
    mutating func resetContacts() {
        contacts.removeAll(keepingCapacity: true)
        previousContacts.removeAll(keepingCapacity: true)
        // Room for a dense pile (about three contacts and six candidate pairs per body), so that
        // steady-state sub-steps never grow these arrays.
        contacts.reserveCapacity(3 * bodies.count + 16)
        previousContacts.reserveCapacity(3 * bodies.count + 16)
        broadPhase.reserve(pairs: 6 * bodies.count + 16)
        islandParent.reserveCapacity(bodies.count)
        islandRestingTime.reserveCapacity(bodies.count)
        broadPhase.reset(bodyCount: bodies.count)
        worldVertices = localVertices
        worldNormals = localNormals
        refreshGeometry()
    }

    /// Re-sorts the broad phase for the bodies' current boxes (queries between steps).
    mutating func sortBroadPhase() {
        bodies.withUnsafeBufferPointer { broadPhase.sort($0) }
    }

    /// Advances every body by one sub-step.
    mutating func stepOnce() {
        refreshGeometry()
        findContacts()
        wakeBodiesDisturbedByMovingOnes()
        prepareJoints()
        prepareContacts()
        integrateVelocities()
        warmStartJoints()
        warmStartContacts()
        // Iterate until no joint row's or contact point's velocity changes by more than the
        // tolerance (warm starting makes that one or two passes at rest), within the bounds.
        for iteration in 0..<velocityIterationLimit {
            let change = max(solveJointVelocities(), solveContactVelocities())
            if iteration + 1 >= settings.minimumVelocityIterations && change <= settings.velocityTolerance { break }
        }
        integratePositions()
        advanceAnchors()
        for _ in 0..<settings.positionIterations {
            correctJointPositions()
            correctContactPositions()
        }
        keepCentersInsideHalfPlanes()
        applyRestitution()
        sleepRestingIslands()
        time += substep
    }

    /// The most velocity iterations this sub-step may take: the configured maximum, or more for a
    /// small system, as many as ``velocityRowBudget`` row solves allow, up to
    /// ``largestVelocityIterationCount``. Gauss–Seidel converges at about 1 − 1/ratio per pass on
    /// a stack of mass ratio `ratio`, so a heavy item on a light one needs far more passes than a
    /// pile of equal boxes can afford; a small system gets them at the cost of a few pile passes.
    var velocityIterationLimit: Int {
        let rows = contacts.count + joints.count
        guard rows > 0 else { return settings.maximumVelocityIterations }
        return max(settings.maximumVelocityIterations, min(Self.largestVelocityIterationCount, Self.velocityRowBudget / rows))
    }

    /// Contact and joint solves one sub-step's velocity iterations may spend beyond the configured
    /// maximum (64 rows at 12 iterations).
    static let velocityRowBudget = 768
    /// The most velocity iterations a sub-step takes, however small the system.
    static let largestVelocityIterationCount = 100

    /// The largest linear (pt/s) and angular (rad/s) speed over the movable bodies.
    func largestSpeeds() -> (linear: Double, angular: Double) {
        var linear = 0.0, angular = 0.0
        for body in bodies where !body.isStatic {
            linear = max(linear, body.velocity.lengthSquared)
            angular = max(angular, abs(body.angularVelocity))
        }
        return (linear.squareRoot(), angular)
    }

    // MARK: Geometry

    /// Moves shapes to world space and refreshes each body's box and speculative margin.
    mutating func refreshGeometry() {
        let h = substep, slop = settings.linearSlop, touching = settings.touchingDistance
        bodies.withUnsafeMutableBufferPointer { bodies in
            shapes.withUnsafeMutableBufferPointer { shapes in
                localVertices.withUnsafeBufferPointer { local in
                    localNormals.withUnsafeBufferPointer { localNormals in
                        worldVertices.withUnsafeMutableBufferPointer { world in
                            worldNormals.withUnsafeMutableBufferPointer { worldNormals in
                                for index in bodies.indices {
                                    var body = bodies[index]
                                    let c = cos(body.angle), s = sin(body.angle)
                                    let p = body.position.vectorFromOrigin
                                    var low = Vector(dx: Double.infinity, dy: Double.infinity)
                                    var high = Vector(dx: -Double.infinity, dy: -Double.infinity)
                                    for shapeIndex in Int(body.firstShape)..<Int(body.firstShape + body.shapeCount) {
                                        var shape = shapes[shapeIndex]
                                        if shape.isCircle {
                                            let l = shape.localCenter
                                            shape.worldCenter = p + Vector(dx: c * l.dx - s * l.dy, dy: s * l.dx + c * l.dy)
                                            let r = shape.radius
                                            low = Vector(dx: min(low.dx, shape.worldCenter.dx - r), dy: min(low.dy, shape.worldCenter.dy - r))
                                            high = Vector(dx: max(high.dx, shape.worldCenter.dx + r), dy: max(high.dy, shape.worldCenter.dy + r))
                                            shapes[shapeIndex] = shape
                                            continue
                                        }
                                        for v in Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount) {
                                            let l = local[v], n = localNormals[v]
                                            let w = p + Vector(dx: c * l.dx - s * l.dy, dy: s * l.dx + c * l.dy)
                                            world[v] = w
                                            worldNormals[v] = Vector(dx: c * n.dx - s * n.dy, dy: s * n.dx + c * n.dy)
                                            low = Vector(dx: min(low.dx, w.dx), dy: min(low.dy, w.dy))
                                            high = Vector(dx: max(high.dx, w.dx), dy: max(high.dy, w.dy))
                                        }
                                    }
                                    body.boxMin = low
                                    body.boxMax = high
                                    // How far the body can move this sub-step, plus the touching
                                    // distance so that contacts exist for every touch reported.
                                    body.margin = body.isStatic ? 0
                                        : (body.velocity.length + abs(body.angularVelocity) * body.extent) * h
                                            + 0.5 * body.acceleration.length * h * h + 4 * slop + touching
                                    bodies[index] = body
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Integration

    private mutating func integrateVelocities() {
        let h = substep
        let maximumSpeed = settings.maximumLinearSpeed, maximumTurnRate = settings.maximumAngularSpeed
        bodies.withUnsafeMutableBufferPointer { bodies in
            for index in bodies.indices {
                var body = bodies[index]
                body.startPosition = body.position
                body.startAngle = body.angle
                // A body in contact moves by x₁ = x₀ + h·v₁ (semi-implicit Euler), so that contact
                // and relax passes agree on what a resting velocity is; a free body keeps the
                // exact offset.
                let exact = !body.isInContact
                var a = body.acceleration
                if body.fieldMask != 0 && body.inverseMass > 0 {
                    // Fields depend on position, velocity and time: evaluated once at the
                    // sub-step's start and held constant over it (first order in h).
                    let sample = FieldSample(position: body.position, velocity: body.velocity, mass: body.mass,
                                             charge: body.charge, time: time)
                    let response = fields.response(to: body.fieldMask, on: sample)
                    a += response.force * (PushBehavior.pointsPerUnit * body.inverseMass)
                    if let velocity = response.velocityOverride { body.velocity = velocity }
                }
                if body.inverseMass > 0 {
                    let v0 = body.velocity, step = body.linearStep
                    let free = v0 * step.decay + a * step.phi1
                    let limited = SpeedLimit.clamp(free, to: maximumSpeed)
                    body.delta = exact && limited == free ? (v0 * step.phi1 + a * step.phi2) - free * h : .zero
                    body.velocity = limited
                } else {
                    body.delta = .zero
                }
                if body.inverseInertia > 0 {
                    let w0 = body.angularVelocity, a = body.angularAcceleration, step = body.angularStep
                    let free = w0 * step.decay + a * step.phi1
                    let limited = SpeedLimit.clamp(free, to: maximumTurnRate)
                    body.deltaAngle = exact && limited == free ? (w0 * step.phi1 + a * step.phi2) - free * h : 0
                    body.angularVelocity = limited
                } else {
                    body.deltaAngle = 0
                }
                bodies[index] = body
            }
        }
    }

    private mutating func integratePositions() {
        let h = substep
        let maximumSpeed = settings.maximumLinearSpeed, maximumTurnRate = settings.maximumAngularSpeed
        bodies.withUnsafeMutableBufferPointer { bodies in
            for index in bodies.indices where !bodies[index].isStatic {
                var body = bodies[index]
                body.velocity = SpeedLimit.clamp(body.velocity, to: maximumSpeed)
                body.angularVelocity = SpeedLimit.clamp(body.angularVelocity, to: maximumTurnRate)
                body.position = body.startPosition + (body.delta + body.velocity * h)
                body.angle = body.startAngle + (body.deltaAngle + body.angularVelocity * h)
                body.delta = body.position - body.startPosition
                body.deltaAngle = body.angle - body.startAngle
                bodies[index] = body
            }
        }
    }

    // MARK: Contacts

    private mutating func findContacts() {
        swap(&contacts, &previousContacts)
        contacts.removeAll(keepingCapacity: true)
        for index in bodies.indices { bodies[index].isInContact = false }
        let slop = settings.linearSlop
        bodies.withUnsafeBufferPointer { bodies in
            broadPhase.findPairs(bodies)
            shapes.withUnsafeBufferPointer { shapes in
                worldVertices.withUnsafeBufferPointer { vertices in
                    worldNormals.withUnsafeBufferPointer { normals in
                        boundaryVertices.withUnsafeBufferPointer { boundaryVertices in
                            boundaryNormals.withUnsafeBufferPointer { boundaryNormals in
                                // Body-major, boundary-minor: contacts come out in key order.
                                for bodyIndex in bodies.indices {
                                    let body = bodies[bodyIndex]
                                    if body.boundaryMask == 0 || body.isStatic { continue }
                                    for (boundaryIndex, boundary) in boundaries.enumerated() {
                                        if body.boundaryMask & boundary.groupMask == 0 { continue }
                                        let segment = UnsafeBufferPointer(rebasing: boundaryVertices[(2 * boundaryIndex)..<(2 * boundaryIndex + 2)])
                                        let segmentNormals = UnsafeBufferPointer(rebasing: boundaryNormals[(2 * boundaryIndex)..<(2 * boundaryIndex + 2)])
                                        let m = body.margin
                                        // A half-plane's inward normal is the segment's second normal.
                                        let inward = segmentNormals[1]
                                        if boundary.isOneSided {
                                            // The body's box corner deepest along the inward normal.
                                            let corner = Vector(dx: inward.dx > 0 ? body.boxMin.dx : body.boxMax.dx,
                                                                dy: inward.dy > 0 ? body.boxMin.dy : body.boxMax.dy)
                                            if inward.dot(corner - segment[0]) > m { continue }
                                        } else {
                                            let low = Vector(dx: min(segment[0].dx, segment[1].dx), dy: min(segment[0].dy, segment[1].dy))
                                            let high = Vector(dx: max(segment[0].dx, segment[1].dx), dy: max(segment[0].dy, segment[1].dy))
                                            if body.boxMin.dx - m > high.dx || body.boxMax.dx + m < low.dx
                                                || body.boxMin.dy - m > high.dy || body.boxMax.dy + m < low.dy { continue }
                                        }
                                        for s in Int(body.firstShape)..<Int(body.firstShape + body.shapeCount) {
                                            let shape = shapes[s]
                                            let polygon = UnsafeBufferPointer(rebasing: vertices[Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount)])
                                            var manifold: Manifold
                                            switch (boundary.isOneSided, shape.isCircle) {
                                            case (true, true):
                                                manifold = NarrowPhase.halfPlaneCircle(origin: segment[0], normal: inward, center: shape.worldCenter,
                                                                                       radius: shape.radius, speculative: m)
                                            case (true, false):
                                                manifold = NarrowPhase.halfPlanePolygon(origin: segment[0], normal: inward, polygon, speculative: m)
                                            case (false, true):
                                                manifold = NarrowPhase.polygonCircle(segment, segmentNormals, center: shape.worldCenter,
                                                                                     radius: shape.radius, speculative: m)
                                            case (false, false):
                                                manifold = NarrowPhase.polygons(segment, segmentNormals, polygon,
                                                                                UnsafeBufferPointer(rebasing: normals[Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount)]),
                                                                                speculative: m, slop: slop)
                                            }
                                            guard manifold.count > 0 else { continue }
                                            manifold.normal = -manifold.normal
                                            Self.appendContact(manifold, to: &contacts, key: Contact.key(shapeA: Int32(s), shapeB: Int32(boundaryIndex), isBoundary: true),
                                                          bodyA: bodyIndex, bodyB: -1, shapeA: s, shapeB: boundaryIndex,
                                                          friction: body.friction, restitution: body.elasticity)
                                        }
                                    }
                                }
                            }
                        }
                        for pair in broadPhase.pairs {
                            let indexA = Int(pair >> 32), indexB = Int(pair & 0xffff_ffff)
                            let a = bodies[indexA], b = bodies[indexB]
                            let speculative = a.margin + b.margin
                            for sa in Int(a.firstShape)..<Int(a.firstShape + a.shapeCount) {
                                for sb in Int(b.firstShape)..<Int(b.firstShape + b.shapeCount) {
                                    let manifold = Self.collide(shapes[sa], shapes[sb], vertices, normals,
                                                                speculative: speculative, slop: slop)
                                    guard manifold.count > 0 else { continue }
                                    Self.appendContact(manifold, to: &contacts, key: Contact.key(shapeA: Int32(sa), shapeB: Int32(sb), isBoundary: false),
                                                  bodyA: indexA, bodyB: indexB, shapeA: sa, shapeB: sb,
                                                  friction: (a.friction * b.friction).squareRoot(),
                                                  restitution: max(a.elasticity, b.elasticity))
                                }
                            }
                        }
                    }
                }
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

    /// The manifold between two shapes; the normal points from `a` to `b`.
    private static func collide(_ a: Shape, _ b: Shape, _ vertices: UnsafeBufferPointer<Vector>,
                                _ normals: UnsafeBufferPointer<Vector>, speculative: Double, slop: Double) -> Manifold {
        func polygon(_ shape: Shape) -> (UnsafeBufferPointer<Vector>, UnsafeBufferPointer<Vector>) {
            let range = Int(shape.firstVertex)..<Int(shape.firstVertex + shape.vertexCount)
            return (UnsafeBufferPointer(rebasing: vertices[range]), UnsafeBufferPointer(rebasing: normals[range]))
        }
        switch (a.isCircle, b.isCircle) {
        case (true, true):
            return NarrowPhase.circles(centerA: a.worldCenter, radiusA: a.radius, centerB: b.worldCenter,
                                       radiusB: b.radius, speculative: speculative)
        case (false, true):
            let (pa, na) = polygon(a)
            return NarrowPhase.polygonCircle(pa, na, center: b.worldCenter, radius: b.radius, speculative: speculative)
        case (true, false):
            let (pb, nb) = polygon(b)
            var manifold = NarrowPhase.polygonCircle(pb, nb, center: a.worldCenter, radius: a.radius, speculative: speculative)
            manifold.normal = -manifold.normal
            return manifold
        case (false, false):
            let (pa, na) = polygon(a), (pb, nb) = polygon(b)
            return NarrowPhase.polygons(pa, na, pb, nb, speculative: speculative, slop: slop)
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
        contacts.withUnsafeMutableBufferPointer { $0.insertionSort(by: \.key) }
        var old = 0
        let oldCount = previousContacts.count
        for index in contacts.indices {
            let key = contacts[index].key
            while old < oldCount && previousContacts[old].key < key { old += 1 }
            guard old < oldCount, previousContacts[old].key == key else { continue }
            let previous = previousContacts[old]
            Self.warmStart(&contacts[index].point0, from: previous)
            Self.warmStart(&contacts[index].point1, from: previous)
        }
    }

    private static func warmStart(_ point: inout ContactPoint, from previous: Contact) {
        if previous.pointCount > 0 && previous.point0.id == point.id {
            point.normalImpulse = previous.point0.warmStartImpulse
            point.tangentImpulse = previous.point0.tangentImpulse
        } else if previous.pointCount > 1 && previous.point1.id == point.id {
            point.normalImpulse = previous.point1.warmStartImpulse
            point.tangentImpulse = previous.point1.tangentImpulse
        }
    }
}
