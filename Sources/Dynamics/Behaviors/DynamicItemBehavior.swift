/// Sets physical properties of its items and lets callers add velocity.
///
/// Each property it sets explicitly overrides earlier behaviors in the tree's pre-order walk
/// (last write wins, property by property); properties it never sets leave earlier values or the
/// defaults of ``ItemProperties`` alone. Position in the tree decides, not recency.
public final class DynamicItemBehavior: ItemBearingBehavior {
    private var overrides = ItemPropertyOverrides() {
        didSet { if overrides != oldValue { setNeedsResolve() } }
    }
    private var pendingLinearVelocity: [ObjectIdentifier: Vector] = [:]
    private var pendingAngularVelocity: [ObjectIdentifier: Double] = [:]

    /// Creates an item behavior for `items` that sets no property yet.
    public override init(items: [any DynamicItem] = []) throws(DynamicsError) {
        try super.init(items: items)
    }

    /// Restitution in [0, 1] (1: no energy lost in a bounce); default 0.2. A value outside [0, 1]
    /// is refused with ``DynamicsError/invalidParameter(behavior:parameter:value:)`` when the animator
    /// resolves the tree: above 1 a bounce would create energy.
    public var elasticity: Double {
        get { overrides.elasticity ?? ItemProperties.defaults.elasticity }
        set { overrides.elasticity = newValue }
    }
    /// Friction coefficient (≥ 0); default 0.2.
    public var friction: Double {
        get { overrides.friction ?? ItemProperties.defaults.friction }
        set { overrides.friction = newValue }
    }
    /// Mass per area (> 0); default 1 (a 100×100 item has mass 1).
    public var density: Double {
        get { overrides.density ?? ItemProperties.defaults.density }
        set { overrides.density = newValue }
    }
    /// Linear damping rate in 1/s (≥ 0); default 0.1.
    public var resistance: Double {
        get { overrides.resistance ?? ItemProperties.defaults.resistance }
        set { overrides.resistance = newValue }
    }
    /// Angular damping rate in 1/s (≥ 0); default 0.1.
    public var angularResistance: Double {
        get { overrides.angularResistance ?? ItemProperties.defaults.angularResistance }
        set { overrides.angularResistance = newValue }
    }
    /// Whether items may rotate; default true.
    public var allowsRotation: Bool {
        get { overrides.allowsRotation ?? ItemProperties.defaults.allowsRotation }
        set { overrides.allowsRotation = newValue }
    }
    /// Whether items are fixed in place (they still collide); default false.
    public var isAnchored: Bool {
        get { overrides.isAnchored ?? ItemProperties.defaults.isAnchored }
        set { overrides.isAnchored = newValue }
    }
    /// Electric charge for electric and magnetic fields; default 0.
    public var charge: Double {
        get { overrides.charge ?? ItemProperties.defaults.charge }
        set { overrides.charge = newValue }
    }

    /// Adds `velocity` (pt/s) to `item`. Before the item has joined an animator, additions
    /// accumulate and apply when it joins.
    /// - Throws: ``DynamicsError/invalidParameter(behavior:parameter:value:)`` for a non-finite
    ///   velocity; nothing changes then.
    public func addLinearVelocity(_ velocity: Vector, for item: any DynamicItem) throws(DynamicsError) {
        guard velocity.isFinite else {
            throw .invalidParameter(behavior: "DynamicItemBehavior", parameter: "linearVelocity",
                                    value: velocity.dx.isFinite ? velocity.dy : velocity.dx)
        }
        if let animator = dynamicAnimator, animator.addLinearVelocity(velocity, toBodyOf: item) { return }
        pendingLinearVelocity[ObjectIdentifier(item), default: .zero] += velocity
        setNeedsResolve()
    }

    /// The current velocity of `item` (pt/s), or the pending additions if it has not joined yet.
    public func linearVelocity(for item: any DynamicItem) -> Vector {
        dynamicAnimator?.linearVelocity(for: item) ?? pendingLinearVelocity[ObjectIdentifier(item)] ?? .zero
    }

    /// Adds `velocity` (rad/s, clockwise positive) to `item`. Before the item has joined an
    /// animator, additions accumulate and apply when it joins.
    /// - Throws: ``DynamicsError/invalidParameter(behavior:parameter:value:)`` for a non-finite
    ///   velocity; nothing changes then.
    public func addAngularVelocity(_ velocity: Double, for item: any DynamicItem) throws(DynamicsError) {
        guard velocity.isFinite else {
            throw .invalidParameter(behavior: "DynamicItemBehavior", parameter: "angularVelocity", value: velocity)
        }
        if let animator = dynamicAnimator, animator.addAngularVelocity(velocity, toBodyOf: item) { return }
        pendingAngularVelocity[ObjectIdentifier(item), default: 0] += velocity
        setNeedsResolve()
    }

    /// The current angular velocity of `item` (rad/s), or the pending additions before it joins.
    public func angularVelocity(for item: any DynamicItem) -> Double {
        dynamicAnimator?.angularVelocity(for: item) ?? pendingAngularVelocity[ObjectIdentifier(item)] ?? 0
    }

    override func contribute(to resolution: inout TreeResolution) throws(DynamicsError) {
        try overrides.validate()
        for item in items {
            let slot = resolution.slot(for: item)
            overrides.apply(to: &resolution.properties[slot])
            let key = ObjectIdentifier(item)
            if let velocity = pendingLinearVelocity[key] { resolution.pendingVelocity[slot] += velocity }
            if let velocity = pendingAngularVelocity[key] { resolution.pendingAngularVelocity[slot] += velocity }
        }
        if !pendingLinearVelocity.isEmpty || !pendingAngularVelocity.isEmpty {
            resolution.drainedItemBehaviors.append(self)
        }
    }

    /// Forgets pending velocities once the animator has applied them.
    func clearPendingVelocities() {
        pendingLinearVelocity.removeAll()
        pendingAngularVelocity.removeAll()
    }
}
