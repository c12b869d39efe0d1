/// Which members touch which members or boundaries, step to step, for collision callbacks.
/// Touches are kept sorted by key so that began/ended come from one linear merge.
struct TouchTracker {
    /// Two members, or a member and a boundary owner, in contact.
    struct Touch {
        /// Member index of the first item.
        var memberA: Int32
        /// Member index of the second item, or `−1 − owner` for a boundary (owner: index into the
        /// animator's boundary owners).
        var memberB: Int32
        /// The collision behaviors (bits) to notify.
        var mask: UInt64
        /// Where the contact is (points).
        var point: Point

        /// Boundary touches first, then item pairs, each member-major: the order in which the
        /// world's contacts come, so touches are collected already sorted.
        var key: UInt64 {
            memberB < 0
                ? (UInt64(UInt32(memberA)) << 31) | UInt64(UInt32(-1 - memberB))
                : (1 << 63) | (UInt64(UInt32(memberA)) << 31) | UInt64(UInt32(memberB))
        }
    }

    /// A touch by identity, to carry over a rebuild of the world.
    struct IdentityTouch {
        var itemA: ObjectIdentifier
        var itemB: ObjectIdentifier?
        var boundary: (behavior: ObjectIdentifier, identifier: String?)?
        var point: Point
    }

    private(set) var current: [Touch] = []
    private(set) var previous: [Touch] = []
    private(set) var began: [Touch] = []
    private(set) var ended: [Touch] = []
    /// One sub-step's touches, and the merge buffer.
    private var batch: [Touch] = []
    private var merged: [Touch] = []

    /// Keeps room for about `count` touches, so that steady-state steps do not allocate.
    mutating func reserve(_ count: Int) {
        for index in 0..<6 {
            switch index {
            case 0: current.reserveCapacity(count)
            case 1: previous.reserveCapacity(count)
            case 2: began.reserveCapacity(count)
            case 3: ended.reserveCapacity(count)
            case 4: batch.reserveCapacity(count)
            default: merged.reserveCapacity(count)
            }
        }
    }

    /// Starts a step: the touches found so far become the previous step's.
    mutating func beginStep() {
        swap(&current, &previous)
        current.removeAll(keepingCapacity: true)
    }

    /// Undoes ``beginStep()`` for a step that ran no sub-step.
    mutating func cancelStep() {
        swap(&current, &previous)
        began.removeAll(keepingCapacity: true)
        ended.removeAll(keepingCapacity: true)
    }

    /// Adds the touches of one sub-step's contacts, keeping ``current`` sorted and without
    /// duplicates by merging (linear: each sub-step's touches come sorted).
    mutating func accumulate(from world: World, touchingDistance: Double) {
        batch.removeAll(keepingCapacity: true)
        // Through a pointer, field by field: a contact is a few hundred bytes, of which only a
        // few fields are read here.
        world.contacts.withUnsafeBufferPointer { contacts in
            guard let first = contacts.baseAddress else { return }
            for index in contacts.indices {
                let contact = first + index
                var closest = contact.pointee.point0.currentSeparation
                if contact.pointee.pointCount > 1 { closest = min(closest, contact.pointee.point1.currentSeparation) }
                guard closest <= touchingDistance else { continue }
                let memberA = world.geometry.shapes[Int(contact.pointee.shapeA)].member
                let point = Point(x: contact.pointee.point0.point.dx, y: contact.pointee.point0.point.dy)
                if contact.pointee.bodyB >= 0 {
                    let memberB = world.geometry.shapes[Int(contact.pointee.shapeB)].member
                    let mask = world.bodies[Int(contact.pointee.bodyA)].itemMask & world.bodies[Int(contact.pointee.bodyB)].itemMask
                    batch.append(Touch(memberA: min(memberA, memberB), memberB: max(memberA, memberB), mask: mask, point: point))
                } else {
                    let boundary = world.boundaries[Int(contact.pointee.shapeB)]
                    batch.append(Touch(memberA: memberA, memberB: -1 - boundary.identifier, mask: boundary.groupMask, point: point))
                }
            }
        }
        // Sleeping bodies are static, so the world has no contact between two of them (or one and
        // an anchored body); they have not moved, so what touched when they fell asleep still does.
        for touch in previous where isHeldBySleep(touch, in: world) { batch.append(touch) }
        Self.sortAndDeduplicate(&batch)
        merged.removeAll(keepingCapacity: true)
        var i = 0, j = 0
        while i < current.count || j < batch.count {
            if j == batch.count || (i < current.count && current[i].key <= batch[j].key) {
                if i < current.count, j < batch.count, current[i].key == batch[j].key { j += 1 }
                merged.append(current[i])
                i += 1
            } else {
                merged.append(batch[j])
                j += 1
            }
        }
        swap(&current, &merged)
    }

    /// Ends a step: derives began and ended from the gathered touches.
    mutating func finishStep() {
        began.removeAll(keepingCapacity: true)
        ended.removeAll(keepingCapacity: true)
        var i = 0, j = 0
        while i < current.count || j < previous.count {
            if j == previous.count || (i < current.count && current[i].key < previous[j].key) {
                began.append(current[i])
                i += 1
            } else if i == current.count || previous[j].key < current[i].key {
                ended.append(previous[j])
                j += 1
            } else {
                i += 1
                j += 1
            }
        }
    }

    /// Whether neither side of `touch` moves and at least one sleeps.
    private func isHeldBySleep(_ touch: Touch, in world: World) -> Bool {
        // Field by field: a body is 320 bytes.
        let a = Int(world.geometry.shapes[Int(touch.memberA)].body)
        guard touch.memberB >= 0 else { return world.bodies[a].isSleeping }
        let b = Int(world.geometry.shapes[Int(touch.memberB)].body)
        return world.bodies[a].isStatic && world.bodies[b].isStatic && (world.bodies[a].isSleeping || world.bodies[b].isSleeping)
    }

    private static func sortAndDeduplicate(_ touches: inout [Touch]) {
        guard touches.count > 1 else { return }
        touches.withUnsafeMutableBufferPointer { $0.insertionSort(by: \.key) }
        var kept = 1
        for index in 1..<touches.count where touches[index].key != touches[kept - 1].key {
            touches[kept] = touches[index]
            kept += 1
        }
        touches.removeLast(touches.count - kept)
    }

    /// The current touches by identity, before the world is rebuilt.
    func identityTouches(memberItems: [any DynamicItem], owners: [(behavior: Int, identifier: String?)],
                         behaviors: [CollisionBehavior]) -> [IdentityTouch] {
        current.map { touch in
            let itemA = ObjectIdentifier(memberItems[Int(touch.memberA)])
            if touch.memberB >= 0 {
                return IdentityTouch(itemA: itemA, itemB: ObjectIdentifier(memberItems[Int(touch.memberB)]), boundary: nil, point: touch.point)
            }
            let owner = owners[Int(-1 - touch.memberB)]
            return IdentityTouch(itemA: itemA, itemB: nil,
                                 boundary: (ObjectIdentifier(behaviors[owner.behavior]), owner.identifier), point: touch.point)
        }
    }

    /// Re-indexes touches carried over a rebuild; touches whose items or boundaries left are
    /// dropped without callbacks.
    mutating func restore(_ touches: [IdentityTouch], memberIndex: [ObjectIdentifier: Int],
                          owners: [(behavior: Int, identifier: String?)], behaviors: [CollisionBehavior],
                          memberBody: [Int32], bodies: [Body]) {
        current.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        for touch in touches {
            guard let a = memberIndex[touch.itemA] else { continue }
            if let itemB = touch.itemB {
                guard let b = memberIndex[itemB] else { continue }
                let mask = bodies[Int(memberBody[a])].itemMask & bodies[Int(memberBody[b])].itemMask
                guard mask != 0 else { continue }
                current.append(Touch(memberA: Int32(min(a, b)), memberB: Int32(max(a, b)), mask: mask, point: touch.point))
            } else if let boundary = touch.boundary,
                      let owner = owners.indices.first(where: {
                          ObjectIdentifier(behaviors[owners[$0].behavior]) == boundary.behavior && owners[$0].identifier == boundary.identifier
                      }) {
                let bit = UInt64(1) << UInt64(owners[owner].behavior)
                guard bodies[Int(memberBody[a])].boundaryMask & bit != 0 else { continue }
                current.append(Touch(memberA: Int32(a), memberB: Int32(-1 - owner), mask: bit, point: touch.point))
            }
        }
        Self.sortAndDeduplicate(&current)
    }
}
