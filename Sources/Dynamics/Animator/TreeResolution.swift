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
        return slot
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
