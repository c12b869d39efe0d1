/// Everything an animator carries from one frame to the next, taken between frames: the world
/// (bodies with their velocities, sleep timers and last moves; contacts and last sub-step's
/// contacts with their warm-start impulses; joints with their accumulated impulses; islands;
/// the broad phase's order), the clocks, the touch state behind collision callbacks, the poses
/// last written to the items, and which pushes are active. Restoring it continues the run
/// bit-identically (Box2D, Rapier and Bullet have each shipped a restore that ran differently
/// because one such piece was left out: a warm-start cache, an island, a sleep timer).
///
/// A snapshot is a value: taking one copies nothing until the animator next changes its state
/// (the world's arrays are copy-on-write).
public struct AnimatorSnapshot {
    let world: World
    let elapsedTime: Double
    let substepCount: Int
    let isRunning: Bool
    let timeRemainder: Double
    let restTime: Double
    let touches: TouchTracker
    let writtenPoses: [(center: Point, transform: AffineTransform)]
    let pendingImpulses: [TreeResolution.Impulse]
    /// Indices, among the tree's pushes in pre-order, of the pushes fired and still to be
    /// turned off at the next step.
    let pushesToDeactivate: [Int]
    /// Each push's ``PushBehavior/active``, the tree's pushes in pre-order: firing an
    /// instantaneous push turns it off, which is simulation state, not the caller's.
    let pushesActive: [Bool]
    /// Each push's flag when the world was last resolved: what its structure was built with.
    let pushFlagsAtResolve: [Bool]
    let needsResolve: Bool

    /// The simulated time at which it was taken (seconds): sub-steps run × sub-step duration.
    public var simulatedTime: Double { Double(substepCount) * world.substep }
}

extension DynamicAnimator {
    /// The animator's whole simulation state now, between frames (see ``AnimatorSnapshot``).
    /// Taking it changes nothing: a tree changed since the last step is not resolved.
    public func snapshot() -> AnimatorSnapshot {
        let pushes = pushesInTree()
        return AnimatorSnapshot(world: world, elapsedTime: elapsedTime, substepCount: substepCount, isRunning: isRunning,
                                timeRemainder: timeRemainder, restTime: restTime, touches: touches, writtenPoses: writtenPoses,
                                pendingImpulses: pendingImpulses,
                                pushesToDeactivate: pushesToDeactivate.compactMap { fired in pushes.firstIndex { $0 === fired } },
                                pushesActive: pushes.map(\.active), pushFlagsAtResolve: pushFlagsAtResolve,
                                needsResolve: needsResolve)
    }

    /// Puts the animator back in the state `snapshot` holds, so that stepping it from here gives
    /// bit for bit what the animator the snapshot came from gave after it was taken.
    ///
    /// The behavior tree and its parameters are the caller's: this animator's tree must be the
    /// one the snapshot's animator had (the same animator rewound, or one built the same way with
    /// the same changes applied); its items are moved to the snapshot's poses. The tree is
    /// resolved first, and its structure checked against the snapshot's world.
    /// - Throws: ``DynamicsError/snapshotDoesNotFit(reason:)`` naming the first difference, or
    ///   the tree's own resolve error; nothing of the snapshot is applied then.
    public func restore(_ snapshot: AnimatorSnapshot) throws(DynamicsError) {
        if needsResolve { try resolve() }
        let pushes = pushesInTree()
        guard pushes.count == snapshot.pushesActive.count, pushes.count == snapshot.pushFlagsAtResolve.count else {
            throw .snapshotDoesNotFit(reason: structuralDifference(from: snapshot.world)
                ?? "\(snapshot.pushesActive.count) pushes in the snapshot, \(pushes.count) in this tree")
        }
        // The snapshot's world was built with the pushes' flags of its last resolve, and a push
        // fired since has turned itself off: an item that only it held leaves the world at the
        // next resolve, and is in it until then. So this tree is resolved with those flags, set
        // without telling the animator, before the structures are compared; a refused restore
        // puts the caller's flags and this animator's state back.
        let callersFlags = pushes.map(\.isActive)
        let before = callersFlags == snapshot.pushFlagsAtResolve ? nil : self.snapshot()
        func putBack() {
            guard let before else { return }
            for (push, flag) in zip(pushes, callersFlags) { push.isActive = flag }
            // The tree and flags `before` was resolved with: resolving them again cannot fail.
            try? resolve()
            take(before, pushes: pushes)
        }
        if before != nil {
            for (push, flag) in zip(pushes, snapshot.pushFlagsAtResolve) { push.isActive = flag }
            do { try resolve() } catch {
                putBack()
                throw error
            }
        }
        if let difference = structuralDifference(from: snapshot.world) {
            putBack()
            throw .snapshotDoesNotFit(reason: difference)
        }
        take(snapshot, pushes: pushes)
    }

    /// Puts the animator in the state `snapshot` holds, into a tree of the same structure whose
    /// pushes in pre-order are `pushes`: the pushes' flags are set without telling the animator,
    /// whose running state and rest timer are the snapshot's to say.
    private func take(_ snapshot: AnimatorSnapshot, pushes: [PushBehavior]) {
        for (push, active) in zip(pushes, snapshot.pushesActive) { push.isActive = active }
        pushFlagsAtResolve = snapshot.pushFlagsAtResolve
        world = snapshot.world
        elapsedTime = snapshot.elapsedTime
        substepCount = snapshot.substepCount
        isRunning = snapshot.isRunning
        timeRemainder = snapshot.timeRemainder
        restTime = snapshot.restTime
        touches = snapshot.touches
        pendingImpulses = snapshot.pendingImpulses
        pushesToDeactivate = snapshot.pushesToDeactivate.map { pushes[$0] }
        needsResolve = snapshot.needsResolve
        writtenPoses = snapshot.writtenPoses
        for (member, pose) in writtenPoses.enumerated() {
            memberItems[member].center = pose.center
            memberItems[member].transform = pose.transform
        }
        for (index, item) in bodyItems.enumerated() {
            let first = Int(world.bodies[index].firstMember)
            if world.bodies[index].memberCount != 1 || item !== memberItems[first] {
                item.center = world.bodies[index].position
                item.transform = AffineTransform(rotationAngle: world.bodies[index].angle)
            }
        }
    }

    /// The tree's push behaviors in pre-order.
    func pushesInTree() -> [PushBehavior] {
        var pushes: [PushBehavior] = []
        func walk(_ node: DynamicBehavior) {
            if let push = node as? PushBehavior { pushes.append(push) }
            for child in node.childBehaviors { walk(child) }
        }
        for behavior in behaviors { walk(behavior) }
        return pushes
    }

    /// How the world this animator's tree resolved to differs in structure from `other`, or
    /// `nil` if it does not: the counts of bodies, members, shapes, boundaries and joints, and
    /// each body's shapes and members.
    private func structuralDifference(from other: World) -> String? {
        let counts: [(String, Int, Int)] = [
            ("bodies", world.bodies.count, other.bodies.count),
            ("members", world.memberPoses.count, other.memberPoses.count),
            ("shapes", world.geometry.shapeCount, other.geometry.shapeCount),
            ("boundaries", world.boundaries.count, other.boundaries.count),
            ("joints", world.joints.count, other.joints.count),
        ]
        for (what, here, there) in counts where here != there {
            return "\(there) \(what) in the snapshot, \(here) in this tree"
        }
        for (index, (mine, theirs)) in zip(world.bodies, other.bodies).enumerated()
        where mine.shapeCount != theirs.shapeCount || mine.memberCount != theirs.memberCount {
            return "body \(index) has \(theirs.shapeCount) shapes and \(theirs.memberCount) members in the snapshot, \(mine.shapeCount) and \(mine.memberCount) here"
        }
        return nil
    }
}
