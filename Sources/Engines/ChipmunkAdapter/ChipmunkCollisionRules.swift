import CChipmunk
import Harness

/// SPEC's collision rules on Chipmunk's default collision handler: which pairs collide (items with
/// items only when they share a collision behavior whose mode includes items; an item with a
/// boundary only when the boundary's behavior includes the item and boundaries), the contact
/// material (elasticity max(a, b) and friction √(a·b) between items, the item's own values against
/// a boundary), the restitution threshold, and the contacts reported to the trace.
final class ChipmunkCollisionRules {
    /// One bit per collision behavior in a 64-bit mask.
    static let maximumBehaviors = 64
    /// Impacts slower than this do not bounce (pt/s): SPEC's restitution threshold, the engine's default.
    static let restitutionThreshold = 100.0

    /// A boundary shape: its identifier (`""` for the reference bounds) and its behavior's bit.
    struct Boundary {
        var identifier: String
        var behaviorBit: UInt64
    }

    /// Per item: the behaviors through which it collides with items, and with boundaries.
    private(set) var itemMasks: [UInt64]
    private(set) var boundaryMasks: [UInt64]
    /// Per item: elasticity and friction.
    private let materials: [(elasticity: Double, friction: Double)]
    private let itemIDs: [String]
    private(set) var boundaries: [Boundary] = []
    /// The time stamped on contacts reported now (seconds).
    var time = 0.0
    private(set) var events: [ContactEvent] = []

    init(itemIDs: [String], materials: [(elasticity: Double, friction: Double)]) {
        self.itemIDs = itemIDs
        self.materials = materials
        itemMasks = Array(repeating: 0, count: itemIDs.count)
        boundaryMasks = Array(repeating: 0, count: itemIDs.count)
    }

    /// Registers collision behavior number `index` over the items at `members`.
    func addBehavior(index: Int, mode: CollisionMode, members: [Int]) {
        let bit = UInt64(1) << UInt64(index)
        for member in members {
            if mode != .boundaries { itemMasks[member] |= bit }
            if mode != .items { boundaryMasks[member] |= bit }
        }
    }

    /// Registers a boundary shape of collision behavior `index` and returns its tag for the shape's user data.
    func addBoundary(identifier: String, behaviorIndex: Int) -> Int {
        boundaries.append(Boundary(identifier: identifier, behaviorBit: UInt64(1) << UInt64(behaviorIndex)))
        return -boundaries.count
    }

    /// The tag stored in an item shape's user data.
    static func tag(ofItem index: Int) -> Int { index + 1 }

    /// Whether the shapes tagged `a` and `b` collide.
    func collide(_ a: Int, _ b: Int) -> Bool {
        switch (a > 0, b > 0) {
        case (true, true): itemMasks[a - 1] & itemMasks[b - 1] != 0
        case (true, false): boundaryMasks[a - 1] & boundaries[-b - 1].behaviorBit != 0
        case (false, true): boundaryMasks[b - 1] & boundaries[-a - 1].behaviorBit != 0
        case (false, false): false
        }
    }

    /// Elasticity and friction of the pair.
    func material(_ a: Int, _ b: Int) -> (elasticity: Double, friction: Double) {
        switch (a > 0, b > 0) {
        case (true, true):
            let first = materials[a - 1], second = materials[b - 1]
            return (max(first.elasticity, second.elasticity), (first.friction * second.friction).squareRoot())
        case (true, false): return materials[a - 1]
        default: return materials[b - 1]
        }
    }

    func recordBegan(_ a: Int, _ b: Int, at point: ScenePoint) {
        events.append(event(.began, a, b, point: point))
    }

    func recordEnded(_ a: Int, _ b: Int) {
        events.append(event(.ended, a, b, point: nil))
    }

    private func event(_ phase: ContactEvent.Phase, _ a: Int, _ b: Int, point: ScenePoint?) -> ContactEvent {
        let (item, other) = a > 0 ? (a, b) : (b, a)
        if other > 0 {
            return ContactEvent(time: time, phase: phase, item: itemIDs[item - 1], otherItem: itemIDs[other - 1], point: point)
        }
        return ContactEvent(time: time, phase: phase, item: itemIDs[item - 1], boundary: boundaries[-other - 1].identifier, point: point)
    }

    /// Installs the rules as `space`'s default collision handler; `self` must outlive the space's stepping.
    func install(on space: OpaquePointer) {
        let handler = cpSpaceAddDefaultCollisionHandler(space)!
        handler.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        handler.pointee.beginFunc = { arbiter, _, data in
            guard let arbiter, let data else { return cpBool(cpFalse) }
            let rules = Unmanaged<ChipmunkCollisionRules>.fromOpaque(data).takeUnretainedValue()
            let (a, b) = ChipmunkCollisionRules.tags(arbiter)
            guard rules.collide(a, b) else { return cpBool(cpFalse) }
            let first = cpArbiterGetPointA(arbiter, 0), second = cpArbiterGetPointB(arbiter, 0)
            rules.recordBegan(a, b, at: ScenePoint(x: (first.x + second.x) / 2, y: (first.y + second.y) / 2))
            return cpBool(cpTrue)
        }
        handler.pointee.preSolveFunc = { arbiter, _, data in
            guard let arbiter, let data else { return cpBool(cpTrue) }
            let rules = Unmanaged<ChipmunkCollisionRules>.fromOpaque(data).takeUnretainedValue()
            let (a, b) = ChipmunkCollisionRules.tags(arbiter)
            let material = rules.material(a, b)
            cpArbiterSetFriction(arbiter, material.friction)
            cpArbiterSetRestitution(arbiter, ChipmunkCollisionRules.approachSpeed(arbiter) < ChipmunkCollisionRules.restitutionThreshold ? 0 : material.elasticity)
            return cpBool(cpTrue)
        }
        handler.pointee.separateFunc = { arbiter, _, data in
            guard let arbiter, let data else { return }
            let rules = Unmanaged<ChipmunkCollisionRules>.fromOpaque(data).takeUnretainedValue()
            let (a, b) = ChipmunkCollisionRules.tags(arbiter)
            // Chipmunk calls separate for pairs whose begin returned false too.
            if rules.collide(a, b) { rules.recordEnded(a, b) }
        }
    }

    private static func tags(_ arbiter: OpaquePointer) -> (Int, Int) {
        var first: OpaquePointer?, second: OpaquePointer?
        cpArbiterGetShapes(arbiter, &first, &second)
        return (Int(bitPattern: cpShapeGetUserData(first)), Int(bitPattern: cpShapeGetUserData(second)))
    }

    /// The largest speed at which the two bodies approach along the contact normal over the
    /// arbiter's contact points (pt/s).
    private static func approachSpeed(_ arbiter: OpaquePointer) -> Double {
        var first: OpaquePointer?, second: OpaquePointer?
        cpArbiterGetBodies(arbiter, &first, &second)
        let normal = cpArbiterGetNormal(arbiter)
        var fastest = 0.0
        for index in 0..<cpArbiterGetCount(arbiter) {
            let point = cpArbiterGetPointA(arbiter, index)
            let va = cpBodyGetVelocityAtWorldPoint(first, point), vb = cpBodyGetVelocityAtWorldPoint(second, point)
            // The normal points from the first shape to the second: they approach when (vb − va)·n < 0.
            fastest = max(fastest, -((vb.x - va.x) * normal.x + (vb.y - va.y) * normal.y))
        }
        return fastest
    }
}
