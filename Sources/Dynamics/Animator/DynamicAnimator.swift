/// Runs the physics of a behavior tree and writes the results into its items.
///
/// Time is advanced by the caller with ``step(by:)``. The physics runs fixed sub-steps
/// (``AnimatorConfiguration/substepDuration``, default 1/120 s) and carries the remainder to the
/// next call. Each step, in order: re-resolve the tree if it changed; instantaneous pushes fire;
/// physics sub-steps; items are written back; collision `began` then `ended` callbacks; every
/// behavior's `action`; changes requested during the step take effect at the next. When nothing
/// moves for a while, or there are no behaviors, the animator pauses; any change resumes it.
public final class DynamicAnimator {
    /// The rectangle that defines the coordinate system and the reference-bounds boundary;
    /// `nil` for an animator of raw items. Boundaries made from it follow its changes.
    public var referenceBounds: Rect? {
        didSet { if referenceBounds != oldValue { behaviorTreeDidChange() } }
    }
    /// Timing, rest and solver settings.
    public let configuration: AnimatorConfiguration
    /// Receives pause and resume notifications.
    public weak var delegate: (any DynamicAnimatorDelegate)?
    /// The top-level behaviors, in the order added.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// Whether the animator is simulating (false once paused at rest or with no behaviors).
    public internal(set) var isRunning = false
    /// Total time advanced through ``step(by:)`` (seconds), over-long frames counted as
    /// ``AnimatorConfiguration/longFrameReplacement``.
    public internal(set) var elapsedTime = 0.0
    /// Number of physics sub-steps run so far.
    public internal(set) var substepCount = 0
    /// Called after every physics sub-step that ``step(by:)`` runs, for tools that follow the
    /// physics more finely than frames; ``simulatedCenter(of:)`` reads where items are. Items
    /// receive their poses only when the frame ends. The observer must not change the animator,
    /// its behaviors or its items.
    public var substepObserver: ((DynamicAnimator) -> Void)?

    var world: World
    /// One entry per body: the item (or group) the behaviors named.
    var bodyItems: [any DynamicItem] = []
    var bodyIndex: [ObjectIdentifier: Int] = [:]
    /// One entry per member item, across all bodies (their poses in their bodies' frames are the
    /// world's ``World/memberPoses``).
    var memberItems: [any DynamicItem] = []
    /// The center and transform last written into each member item (or its pose when the tree
    /// was resolved): whether a step moved an item is decided against these, so the animator
    /// never reads an item after it joined (``DynamicItem``'s contract).
    var writtenPoses: [(center: Point, transform: AffineTransform)] = []
    var memberBody: [Int32] = []
    var memberIndex: [ObjectIdentifier: Int] = [:]
    /// Layouts of the items simulated, computed when each joined.
    var layouts: [ObjectIdentifier: BodyLayout] = [:]
    var resolvedProperties: [ItemProperties] = []
    var collisionBehaviors: [CollisionBehavior] = []
    var boundaryOwners: [(behavior: Int, identifier: String?)] = []
    var pendingImpulses: [TreeResolution.Impulse] = []
    var pushesToDeactivate: [PushBehavior] = []
    /// Each push's flag when the tree was last resolved, the tree's pushes in pre-order: what the
    /// world's structure was built with (a push fired since has turned itself off).
    var pushFlagsAtResolve: [Bool] = []
    var touches = TouchTracker()
    /// The world joint owned by each attachment or snap behavior, as of the last resolve.
    var jointIndex: [ObjectIdentifier: Int] = [:]
    /// Every behavior of the tree in pre-order, as of the last resolve: whose actions run each step.
    var behaviorsWithActions: [DynamicBehavior] = []
    var needsResolve = false
    /// Layout mode only: the owner to invalidate after each step (see `DynamicAnimator+Layout`).
    var layoutLink: LayoutLink?
    var timeRemainder = 0.0
    var restTime = 0.0

    /// Creates an animator.
    /// - Parameters:
    ///   - referenceBounds: the reference rectangle (points), or `nil` for raw items.
    ///   - configuration: timing, rest and solver settings.
    /// - Throws: ``DynamicsError/invalidReferenceBounds(_:)`` or an invalid configuration value.
    public init(referenceBounds: Rect? = nil, configuration: AnimatorConfiguration = .init()) throws(DynamicsError) {
        if let bounds = referenceBounds, !(bounds.isFinite && bounds.size.isPositiveAndFinite) {
            throw .invalidReferenceBounds(bounds)
        }
        try configuration.validate()
        self.referenceBounds = referenceBounds
        self.configuration = configuration
        self.world = World(settings: configuration.solverSettings)
    }

    /// Simulated physics time: sub-steps run × sub-step duration (seconds). Unlike
    /// ``elapsedTime`` it excludes paused time and the carried remainder.
    public var simulatedTime: Double { Double(substepCount) * configuration.substepDuration }

    // MARK: Behaviors

    /// Adds a top-level behavior; adding one already present is ignored.
    /// - Throws: ``DynamicsError/behaviorBelongsToAnotherAnimator`` if it is in another animator
    ///   (directly or through a parent), or an item's validation error.
    public func addBehavior(_ behavior: DynamicBehavior) throws(DynamicsError) {
        if behaviors.contains(where: { $0 === behavior }) { return }
        guard behavior.parent == nil else { throw .behaviorAlreadyHasParent }
        if let other = behavior.dynamicAnimator, other !== self { throw .behaviorBelongsToAnotherAnimator }
        try validateItems(in: behavior)
        behaviors.append(behavior)
        behavior.move(to: self)
        behaviorTreeDidChange()
    }

    /// Removes a top-level behavior; its influence stops at the next step.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let index = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: index)
        behavior.move(to: nil)
        behaviorTreeDidChange()
    }

    /// Removes every behavior.
    public func removeAllBehaviors() {
        for behavior in behaviors { removeBehavior(behavior) }
    }

    // MARK: Items
    //
    // Queries resolve a changed tree first. If it cannot be resolved (an invalid parameter or
    // item), they answer from the last valid state, and the next ``step(by:)`` throws the error.

    /// Every item (or group) the animator simulates, in order of first appearance in the tree.
    public var items: [any DynamicItem] {
        resolveForQuery()
        return bodyItems
    }

    /// The items whose axis-aligned bounding boxes meet `rect` (reference coordinates), answered
    /// from the broad phase's sorted order. A group is returned as the group.
    public func items(in rect: Rect) -> [any DynamicItem] {
        resolveForQuery()
        world.refreshGeometry()
        world.updateBroadPhase()
        var found: [Int] = []
        // In the order of the fat boxes' left edges: a body's box lies in its fat box.
        for entry in world.broadPhase.order {
            if entry.minX > rect.maxX { break }
            if world.bodies[Int(entry.body)].boundingBox.intersects(rect) { found.append(Int(entry.body)) }
        }
        return found.sorted().map { bodyItems[$0] }
    }

    /// Re-reads `item`'s `center` and `transform` (velocities are kept) and resumes. For a group
    /// member, the whole group is placed so that the member has that pose. An item the animator
    /// does not simulate (yet) is ignored: its state is read when it joins.
    /// - Throws: the item's validation error; the engine's state is then unchanged.
    public func updateItem(usingCurrentState item: any DynamicItem) throws(DynamicsError) {
        try item.validateForDynamics()
        guard bodyIndex[ObjectIdentifier(item)] != nil || memberIndex[ObjectIdentifier(item)] != nil else { return }
        if let index = body(of: item) { world.wake(index) }
        if let index = bodyIndex[ObjectIdentifier(item)], let member = memberIndex[ObjectIdentifier(item)] {
            place(body: index, member: member, from: item)
        } else if let index = bodyIndex[ObjectIdentifier(item)] {
            world.bodies[index].position = item.center
            world.bodies[index].angle = item.transform.rotationAngle
        } else if let member = memberIndex[ObjectIdentifier(item)] {
            place(body: Int(memberBody[member]), member: member, from: item)
        }
        world.refreshGeometry()
        behaviorTreeDidChange()
    }

    /// The velocity of `item`'s center of mass (pt/s), or `nil` if not simulated (yet).
    ///
    /// It means one thing for every body: the velocity at the end of the last sub-step, the one
    /// the next sub-step starts from. For a body that touches nothing it is the exact free-flight
    /// velocity at that instant. For a body held by a contact or a joint it is the velocity after
    /// the sub-step's impulses, a rebound included; such a body moved by `h·v` with the velocity
    /// before the rebound (restitution acts at the sub-step's end), and position corrections
    /// move it without changing its velocity, so its last displacement over `h` may differ.
    public func linearVelocity(for item: any DynamicItem) -> Vector? {
        body(of: item).map { world.bodies[$0].velocity }
    }

    /// The angular velocity of `item` (rad/s), or `nil` if not simulated (yet); at the end of the
    /// last sub-step, as ``linearVelocity(for:)``.
    public func angularVelocity(for item: any DynamicItem) -> Double? {
        body(of: item).map { world.bodies[$0].angularVelocity }
    }

    /// The resolved properties of `item` (after the override walk), or `nil` if not simulated.
    public func resolvedProperties(for item: any DynamicItem) -> ItemProperties? {
        resolveForQuery()
        return bodyIndex[ObjectIdentifier(item)].map { resolvedProperties[$0] }
    }

    // MARK: Time

    /// Advances the animator by `duration` seconds (a frame). A frame longer than
    /// ``AnimatorConfiguration/maximumFrameDuration`` counts as
    /// ``AnimatorConfiguration/longFrameReplacement``. A paused animator does no work.
    /// - Throws: ``DynamicsError/invalidTimeInterval(_:)`` for a negative or non-finite duration,
    ///   or the first invalid behavior parameter or item found while resolving the tree; the
    ///   state is then unchanged.
    public func step(by duration: Double) throws(DynamicsError) {
        guard duration.isFinite, duration >= 0 else { throw .invalidTimeInterval(duration) }
        let frame = duration > configuration.maximumFrameDuration ? configuration.longFrameReplacement : duration
        detachReleasedLayout()
        guard isRunning else {
            elapsedTime += frame
            return
        }
        if needsResolve { try resolve() }
        elapsedTime += frame
        applyPendingImpulses()
        timeRemainder += frame
        let substep = configuration.substepDuration
        world.beginFrame(substeps: substepCount(forRemainder: timeRemainder))
        // A remainder within 1e-9 sub-steps of a whole one counts as whole, so that frames such as
        // 1/60 s run exactly two 1/120 s sub-steps despite rounding in the carried sum.
        let tracksTouches = !collisionBehaviors.isEmpty
        var substepsRun = 0
        if tracksTouches { touches.beginStep() }
        while timeRemainder >= substep * (1 - 1e-9) {
            world.stepOnce()
            if tracksTouches { touches.accumulate(from: world, touchingDistance: configuration.touchingDistance) }
            substepCount += 1
            substepsRun += 1
            timeRemainder = max(0, timeRemainder - substep)
            substepObserver?(self)
        }
        world.refreshGeometry()
        let itemsMoved = writeBack()
        if tracksTouches { reportContacts(afterSubsteps: substepsRun) }
        for behavior in behaviorsWithActions {
            behavior.action?()
        }
        notifyLayout(itemsMoved: itemsMoved)
        updateRest(after: frame)
    }

    // MARK: Internals used by behaviors

    /// Marks the tree as changed and resumes a paused animator.
    func behaviorTreeDidChange() {
        needsResolve = true
        resume()
    }

    /// Validates every item of `behavior`'s subtree.
    func validateItems(in behavior: DynamicBehavior) throws(DynamicsError) {
        try behavior.forEachInPreOrder { node throws(DynamicsError) in
            for item in node.directItems { try item.validateForDynamics() }
        }
    }

    /// Adds velocity to `item`'s body; false if the item has no body yet.
    func addLinearVelocity(_ velocity: Vector, toBodyOf item: any DynamicItem) -> Bool {
        guard let index = body(of: item) else { return false }
        world.wake(index)
        if world.bodies[index].inverseMass > 0 { world.bodies[index].velocity += velocity }
        resume()
        return true
    }

    /// Adds angular velocity to `item`'s body; false if the item has no body yet.
    func addAngularVelocity(_ velocity: Double, toBodyOf item: any DynamicItem) -> Bool {
        guard let index = body(of: item) else { return false }
        world.wake(index)
        if world.bodies[index].inverseInertia > 0 { world.bodies[index].angularVelocity += velocity }
        resume()
        return true
    }

    // MARK: Private

    /// Whether `item`'s body sleeps in a resting island (see `World+Islands.swift`).
    func isAsleep(_ item: any DynamicItem) -> Bool {
        body(of: item).map { world.bodies[$0].isSleeping } ?? false
    }

    private func body(of item: any DynamicItem) -> Int? {
        if let index = bodyIndex[ObjectIdentifier(item)] { return index }
        return memberIndex[ObjectIdentifier(item)].map { Int(memberBody[$0]) }
    }

    /// Resumes a paused animator (delegate `willResume`) and restarts the rest timer.
    func resume() {
        restTime = 0
        guard !isRunning, layoutAllowsRunning else { return }
        isRunning = true
        delegate?.dynamicAnimatorWillResume(self)
    }

    /// Pauses a running animator (delegate `didPause`); does nothing if already paused.
    func pause() {
        guard isRunning else { return }
        isRunning = false
        timeRemainder = 0
        restTime = 0
        delegate?.dynamicAnimatorDidPause(self)
    }

    private func updateRest(after frame: Double) {
        guard !behaviors.isEmpty else {
            pause()
            return
        }
        let speeds = world.largestSpeeds()
        if speeds.linear < configuration.restLinearSpeed && speeds.angular < configuration.restAngularSpeed {
            restTime += frame
            // Summed frame durations carry rounding (30 × 1/60 falls short of 0.5 by an ulp);
            // a nanosecond of slack makes whole-frame rest periods count as intended.
            if restTime >= configuration.restDuration - 1e-9 { pause() }
        } else {
            restTime = 0
        }
    }

    func resolveForQuery() {
        if needsResolve { try? resolve() }
    }

    private func applyPendingImpulses() {
        for impulse in pendingImpulses {
            world.wake(impulse.slot)
            var body = world.bodies[impulse.slot]
            guard body.inverseMass > 0 else { continue }
            body.velocity += impulse.impulse * (PushBehavior.pointsPerUnit * body.inverseMass)
            body.angularVelocity += impulse.offset.cross(impulse.impulse) * PushBehavior.pointsPerUnit * body.inverseInertia
            world.bodies[impulse.slot] = body
        }
        pendingImpulses.removeAll()
        let fired = pushesToDeactivate
        pushesToDeactivate.removeAll()
        for push in fired { push.active = false }
    }

    /// Writes the bodies' poses into their items; returns whether any member item's pose changed.
    /// Reads only a body's pose, with one sine and cosine for an item alone and no type check
    /// (docs/decisions/0005).
    private func writeBack() -> Bool {
        var moved = false
        for bodyNumber in bodyItems.indices {
            // Field by field: a body is 320 bytes.
            let position = world.bodies[bodyNumber].position, angle = world.bodies[bodyNumber].angle
            let first = Int(world.bodies[bodyNumber].firstMember), count = Int(world.bodies[bodyNumber].memberCount)
            for member in first..<(first + count) {
                let (center, transform) = pose(ofMember: member, position: position, angle: angle)
                if !moved {
                    moved = writtenPoses[member].center != center || writtenPoses[member].transform != transform
                }
                writtenPoses[member] = (center, transform)
                let item = memberItems[member]
                item.center = center
                item.transform = transform
            }
            // A group's body also has the group's pose; an item's body has only the item (an
            // identity check rather than a type check per body per frame).
            let item = bodyItems[bodyNumber]
            if count != 1 || item !== memberItems[first] {
                item.center = position
                item.transform = AffineTransform(rotationAngle: angle)
            }
        }
        return moved
    }

    /// The center and transform of member `member` of `body` in the body's current pose.
    func pose(ofMember member: Int, in body: Body) -> (center: Point, transform: AffineTransform) {
        pose(ofMember: member, position: body.position, angle: body.angle)
    }

    /// The center and transform of member `member` of a body at `position` turned by `angle`
    /// (radians). A member at the body's center with its angle, an item alone, is the body's
    /// pose, without turning its zero offset (which gives the same values).
    private func pose(ofMember member: Int, position: Point, angle: Double) -> (center: Point, transform: AffineTransform) {
        let pose = world.memberPoses[member]
        if pose.offset == .zero && pose.angle == 0 { return (position, AffineTransform(rotationAngle: angle)) }
        return (position + pose.offset.rotated(by: angle), AffineTransform(rotationAngle: angle + pose.angle))
    }

    /// Places `body` so that its member `member` has `item`'s current pose.
    func place(body index: Int, member: Int, from item: any DynamicItem) {
        let pose = world.memberPoses[member]
        let angle = item.transform.rotationAngle - pose.angle
        world.bodies[index].angle = angle
        world.bodies[index].position = item.center - pose.offset.rotated(by: angle)
    }
}
