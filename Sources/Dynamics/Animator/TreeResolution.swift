/// What one pre-order walk of the behavior tree resolves: the items in the animator, in order
/// of first appearance, and per item its summed forces, pending impulses and properties.
struct TreeResolution {
    /// A one-off impulse from an instantaneous push.
    struct Impulse {
        var slot: Int
        /// Impulse in UIKit newton-seconds.
        var impulse: Vector
        /// Point of application relative to the center, reference axes (points).
        var offset: Vector
    }

    private(set) var items: [any DynamicItem] = []
    private var slots: [ObjectIdentifier: Int] = [:]
    /// Summed gravity acceleration per slot (pt/s²).
    private(set) var gravity: [Vector] = []
    /// Summed continuous push force per slot (UIKit newtons).
    private(set) var force: [Vector] = []
    /// Summed torque of continuous pushes per slot (points × UIKit newtons).
    private(set) var torque: [Double] = []
    /// Resolved properties per slot (override order applied).
    var properties: [ItemProperties] = []
    /// Velocity to add on joining, per slot (pt/s).
    var pendingVelocity: [Vector] = []
    /// Angular velocity to add on joining, per slot (rad/s).
    var pendingAngularVelocity: [Double] = []
    /// Impulses of instantaneous pushes that fire on the next step.
    private(set) var impulses: [Impulse] = []
    /// The instantaneous pushes that fire on the next step (they deactivate after).
    var firedPushes: [PushBehavior] = []
    /// Item behaviors whose pending velocities this resolution consumed.
    var drainedItemBehaviors: [DynamicItemBehavior] = []
    /// The animator's reference bounds, for boundaries made from them.
    var referenceBounds: Rect?
    /// Collision behaviors in walk order; each one's index is its bit in the collision masks.
    private(set) var collisionBehaviors: [CollisionBehavior] = []
    /// Per slot: collision behaviors (bits) in which the item collides with items / boundaries.
    private(set) var itemMask: [UInt64] = []
    private(set) var boundaryMask: [UInt64] = []
    /// Boundary segments, and one entry per (collision behavior, identifier) they belong to.
    private(set) var boundaries: [BoundarySegment] = []
    private(set) var boundaryOwners: [(behavior: Int, identifier: String?)] = []

    /// The joints of attachment and snap behaviors, in walk order.
    var joints: [JointSpec] = []

    /// The field behaviors, compiled, in walk order.
    var fields = CompiledFieldSet()
    /// Per slot: the fields (bits) that act on the item.
    private(set) var fieldMask: [FieldMask] = []

    /// The most collision behaviors one animator supports: one bit each in a 64-bit mask.
    static let maximumCollisionBehaviors = 64

    /// The slot of `item`, adding it (with default properties) on first sight.
    mutating func slot(for item: any DynamicItem) -> Int {
        let key = ObjectIdentifier(item)
        if let slot = slots[key] { return slot }
        let slot = items.count
        slots[key] = slot
        items.append(item)
        gravity.append(.zero)
        force.append(.zero)
        torque.append(0)
        properties.append(.defaults)
        pendingVelocity.append(.zero)
        pendingAngularVelocity.append(0)
        itemMask.append(0)
        boundaryMask.append(0)
        fieldMask.append(0)
        return slot
    }

    mutating func addField(_ index: Int, to slot: Int) {
        fieldMask[slot] |= 1 << FieldMask(index)
    }

    /// Registers a collision behavior and returns its bit index.
    mutating func register(_ behavior: CollisionBehavior) throws(DynamicsError) -> Int {
        guard collisionBehaviors.count < Self.maximumCollisionBehaviors else {
            throw .tooManyCollisionBehaviors(count: collisionBehaviors.count + 1)
        }
        collisionBehaviors.append(behavior)
        return collisionBehaviors.count - 1
    }

    mutating func addCollision(bit: Int, items: Bool, boundaries: Bool, to slot: Int) {
        if items { itemMask[slot] |= 1 << UInt64(bit) }
        if boundaries { boundaryMask[slot] |= 1 << UInt64(bit) }
    }

    /// Adds the segments between consecutive `points` (and back to the first when closed); a
    /// one-sided boundary's points run clockwise on screen around the region it keeps items in.
    mutating func addBoundary(identifier: String?, points: [Point], isClosed: Bool, isOneSided: Bool, bit: Int) {
        let owner = boundaryOwners.count
        boundaryOwners.append((bit, identifier))
        let count = isClosed ? points.count : points.count - 1
        for index in 0..<count {
            boundaries.append(BoundarySegment(start: points[index], end: points[(index + 1) % points.count],
                                              groupMask: 1 << UInt64(bit), identifier: Int32(owner),
                                              isOneSided: isOneSided))
        }
    }

    mutating func addGravity(_ acceleration: Vector, to slot: Int) {
        gravity[slot] += acceleration
    }

    mutating func addForce(_ value: Vector, at offset: Vector, to slot: Int) {
        force[slot] += value
        torque[slot] += offset.cross(value)
    }

    mutating func addImpulse(_ value: Vector, at offset: Vector, to slot: Int) {
        impulses.append(Impulse(slot: slot, impulse: value, offset: offset))
    }
}
