/// Applies a force (continuous mode) or an impulse (instantaneous mode) to its items.
///
/// Units: a force of magnitude F accelerates an item of mass m by `100·F/m` pt/s²; an impulse J
/// changes its velocity by `100·J/m` pt/s. A smaller item therefore moves faster. The force acts
/// at the item's center plus its `targetOffsetFromCenter` (reference axes), so an offset adds a
/// torque `offset × force`.
public final class PushBehavior: ItemBearingBehavior {
    /// How the push acts over time.
    public enum Mode: String, Sendable, Codable, CaseIterable {
        /// A constant force, applied every sub-step while `active`.
        case continuous
        /// One impulse, on the first step after the behavior is added or re-activated; then
        /// `active` becomes false.
        case instantaneous
    }

    /// Velocity change in pt/s per unit impulse on a unit mass; also pt/s² per unit force.
    public static let pointsPerUnit = 100.0

    /// The mode chosen at creation.
    public let mode: Mode
    private var direction = DirectedMagnitude(vector: .zero) {
        didSet { if direction != oldValue { setNeedsResolve() } }
    }
    private var offsets: [ObjectIdentifier: Vector] = [:]

    /// Whether the push acts. An instantaneous push turns itself off after firing; setting it
    /// to true again fires it once more on the next step.
    public var active: Bool {
        get { isActive }
        set {
            guard newValue != isActive else { return }
            isActive = newValue
            setNeedsResolve()
        }
    }

    /// The flag behind ``active``, set without telling the animator: a restore sets the flags
    /// its snapshot's tree was resolved with, and then the snapshot's own.
    var isActive = true

    /// Creates a push for `items` in `mode`, with magnitude 0.
    public init(items: [any DynamicItem] = [], mode: Mode) throws(DynamicsError) {
        self.mode = mode
        try super.init(items: items)
    }

    /// The force (or impulse) vector in UIKit newtons (or newton-seconds).
    public var pushDirection: Vector {
        get { direction.vector }
        set { direction.setVector(newValue) }
    }

    /// Direction in radians, clockwise on screen from the positive x axis.
    public var angle: Double {
        get { direction.angle }
        set { direction.setAngle(newValue) }
    }

    /// Strength in UIKit newtons (or newton-seconds); negative reverses the direction.
    public var magnitude: Double {
        get { direction.magnitude }
        set { direction.setMagnitude(newValue) }
    }

    /// Sets angle (radians) and magnitude together.
    public func setAngle(_ angle: Double, magnitude: Double) {
        direction = DirectedMagnitude(angle: angle, magnitude: magnitude)
    }

    /// Where on `item` the force acts, relative to its center in reference axes (points).
    public func targetOffsetFromCenter(for item: any DynamicItem) -> Vector {
        offsets[ObjectIdentifier(item)] ?? .zero
    }

    /// Sets where on `item` the force acts, relative to its center in reference axes (points).
    public func setTargetOffsetFromCenter(_ offset: Vector, for item: any DynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
        setNeedsResolve()
    }

    override func contribute(to resolution: inout TreeResolution) throws(DynamicsError) {
        guard isActive else { return }
        try direction.validate(behavior: "PushBehavior")
        let force = direction.vector
        for item in items {
            let offset = targetOffsetFromCenter(for: item)
            guard offset.isFinite else {
                throw .invalidParameter(behavior: "PushBehavior", parameter: "targetOffsetFromCenter",
                                        value: offset.dx.isFinite ? offset.dy : offset.dx)
            }
            let slot = resolution.slot(for: item)
            switch mode {
            case .continuous: resolution.addForce(force, at: offset, to: slot)
            case .instantaneous: resolution.addImpulse(force, at: offset, to: slot)
            }
        }
        if mode == .instantaneous { resolution.firedPushes.append(self) }
    }
}
