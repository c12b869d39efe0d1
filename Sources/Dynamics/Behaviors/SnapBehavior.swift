import Foundation

/// Pulls an item's center to ``snapPoint`` and its rotation back to 0, and lets it settle there.
///
/// It is a spring-damper on the item's center (both axes, isotropic, so a pull from rest runs
/// straight at the point, never around it) and one on its angle (to 0 the short way round),
/// with natural frequency ``frequency`` and damping ratio
///
///     ζ = 0.25 + 0.75 · damping
///
/// so ``damping`` 1 is critical damping (no overshoot) and less damping overshoots more: from
/// rest, the first overshoot is `e^(−πζ/√(1−ζ²))` of the distance (34 % at 0.1, 8 % at the
/// default 0.5), monotone in ``damping``. The springs use the engine's exact spring propagator,
/// so the motion is the damped oscillator's, sampled without error. The item's
/// ``ItemProperties/resistance`` damps in addition.
public final class SnapBehavior: DynamicBehavior {
    /// The natural frequency of the snap's springs (Hz).
    public static let frequency = 2.0

    /// The damping ratio used for `damping` (dimensionless): `0.25 + 0.75·damping`.
    public static func dampingRatio(forDamping damping: Double) -> Double { 0.25 + 0.75 * damping }

    /// The item snapped.
    public let item: any DynamicItem

    /// Where the item's center goes (points, reference coordinates). It may be set at any
    /// time; the point then travels there at constant speed over the next step's sub-steps.
    public var snapPoint: Point {
        didSet { if snapPoint != oldValue { dynamicAnimator?.jointAnchorDidMove(self, to: snapPoint) } }
    }

    /// How strongly oscillation is suppressed, in [0, 1] (default 0.5; 1 = least oscillation).
    public var damping: Double = 0.5 {
        didSet { if damping != oldValue { setNeedsResolve() } }
    }

    /// Snaps `item` to `point` (points).
    /// - Throws: the item's validation error, or ``DynamicsError/invalidParameter(behavior:parameter:value:)``
    ///   for a non-finite point.
    public init(item: any DynamicItem, snapTo point: Point) throws(DynamicsError) {
        try item.validateForDynamics()
        guard point.isFinite else {
            throw .invalidParameter(behavior: "SnapBehavior", parameter: "snapPoint", value: point.x.isFinite ? point.y : point.x)
        }
        self.item = item
        self.snapPoint = point
        super.init()
    }

    override var directItems: [any DynamicItem] { [item] }

    override func contribute(to resolution: inout TreeResolution) throws(DynamicsError) {
        guard damping.isFinite, (0...1).contains(damping) else {
            throw .invalidParameter(behavior: "SnapBehavior", parameter: "damping", value: damping)
        }
        guard snapPoint.isFinite else {
            throw .invalidParameter(behavior: "SnapBehavior", parameter: "snapPoint",
                                    value: snapPoint.x.isFinite ? snapPoint.y : snapPoint.x)
        }
        resolution.joints.append(JointSpec(
            owner: self, kind: .snap, slotA: resolution.slot(for: item), slotB: -1,
            offsetA: .zero, offsetB: .zero, anchor: snapPoint, length: 0, referenceAngle: 0, axis: .zero,
            lowerLimit: -.infinity, upperLimit: .infinity, frictionTorque: 0,
            frequency: Self.frequency, dampingRatio: Self.dampingRatio(forDamping: damping)))
    }
}
