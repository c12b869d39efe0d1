/// Connects an item to a point of the reference space (an anchor) or to another item.
///
/// ## Attachment points
/// Each item is attached at an offset from its center (points), given in reference axes *as the
/// item is turned when the attachment is created*. From then on the offset is fixed in the item:
/// it turns with the item (UIKit's offsets are in the item's own frame; for an unrotated item the
/// two readings agree). Pin, fixed and sliding attachments take one `attachmentAnchor` instead,
/// which becomes an offset on each item the same way. For a group, offsets are from the group's
/// center (its center of mass).
///
/// ## Kinds
/// - ``Kind/distance``: the attachment points stay ``length`` apart (default: their distance at
///   creation). ``frequency`` 0 makes a rigid rod; above 0 a spring of that natural frequency (Hz)
///   with ``damping`` as damping ratio (1 = critical). A length of 0 holds the points together.
/// - ``Kind/limit``: a rope: at most ``length`` apart, slack when closer.
/// - ``Kind/fixed``: a weld: no relative motion (translation or rotation).
/// - ``Kind/pin``: a revolute joint about the anchor, with an optional ``attachmentRange`` of the
///   relative rotation since creation (radians) and a ``frictionTorque`` resisting relative spin.
/// - ``Kind/sliding``: relative translation only along ``axis`` (unit; reference axes at creation,
///   turning with the second item, fixed for an anchor), within ``attachmentRange`` (points from
///   the position at creation; must contain 0); no relative rotation.
///
/// A spring (``frequency`` > 0) softens the equality constraints of every kind (distance, the
/// weld's and pin's point and the weld's angle, the slider's off-axis offset and angle); limits
/// and ranges stay rigid. The frequency is that of the constraint's own coordinate against the
/// attached masses (an item on an anchor, attached at its center, oscillates at exactly
/// ``frequency`` along the attachment); item ``ItemProperties/resistance`` damps in addition.
/// Frequencies above 1/(6·sub-step) (20 Hz by default) act as that frequency (see `SpringStep`).
///
/// Attached items still collide with each other when they share a collision behavior.
public final class AttachmentBehavior: DynamicBehavior {
    /// What an attachment constrains.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A rod (rigid) or spring between two points.
        case distance
        /// A rope: the points at most ``AttachmentBehavior/length`` apart.
        case limit
        /// A weld: no relative motion.
        case fixed
        /// A revolute joint about an anchor.
        case pin
        /// A prismatic joint: translation along an axis only.
        case sliding
    }

    /// The kind chosen at creation.
    public let kind: Kind
    /// The attached items: one (attached to ``anchorPoint``) or two.
    public let items: [any DynamicItem]
    /// Attachment points relative to the items' centers in each item's own frame (points).
    let localOffsets: [Vector]
    /// Relative angle (second item, or 0 for an anchor, minus the first) at creation (radians).
    let referenceAngle: Double
    /// The sliding axis in the second item's frame, or in reference axes for an anchor.
    let localAxis: Vector

    /// Whether the first item is attached to ``anchorPoint`` rather than to a second item.
    public var isAttachedToAnchor: Bool { items.count == 1 }

    /// The anchor (points, reference coordinates). For an item–anchor attachment it may be moved
    /// at any time, for example to drag the item: the anchor travels there at constant speed
    /// over the next step's sub-steps, so the drag carries velocity into the item. For an
    /// item–item attachment it is the anchor given at creation and may not be moved: while it
    /// differs from that anchor, steps throw ``DynamicsError/invalidAttachment(reason:)``.
    public var anchorPoint: Point {
        didSet {
            guard anchorPoint != oldValue else { return }
            if isAttachedToAnchor {
                dynamicAnimator?.jointAnchorDidMove(self, to: anchorPoint)
            } else {
                anchorMovedOnItems = anchorPoint != creationAnchor
                setNeedsResolve()
            }
        }
    }
    private(set) var anchorMovedOnItems = false
    /// The anchor given at creation; an item–item attachment is valid again once it is restored.
    private let creationAnchor: Point

    /// Rest length of ``Kind/distance`` and maximum length of ``Kind/limit`` (points, ≥ 0);
    /// defaults to the distance between the attachment points at creation. Other kinds ignore it.
    public var length: Double {
        didSet { if length != oldValue { setNeedsResolve() } }
    }
    /// Natural frequency of the spring (Hz, ≥ 0); 0 (the default) makes the attachment rigid.
    public var frequency: Double = 0 {
        didSet { if frequency != oldValue { setNeedsResolve() } }
    }
    /// Damping ratio of the spring (dimensionless, ≥ 0; 1 = critical, the default 0 = undamped).
    public var damping: Double = 0 {
        didSet { if damping != oldValue { setNeedsResolve() } }
    }
    /// ``Kind/pin``: torque resisting relative rotation (points × UIKit newtons, ≥ 0; default 0).
    /// A torque τ removes up to 100·τ·Δt of angular momentum (mass·pt²/s) per time Δt, the
    /// units of ``PushBehavior``'s torques.
    public var frictionTorque: Double = 0 {
        didSet { if frictionTorque != oldValue { setNeedsResolve() } }
    }
    /// ``Kind/pin``: allowed rotation of the first item relative to the second (or to the
    /// reference space) since creation (radians, clockwise positive);
    /// ``Kind/sliding``: allowed translation along ``axis`` from the position at creation
    /// (points; must contain 0). `nil` (the default): unlimited. Bounds must be finite.
    public var attachmentRange: ClosedRange<Double>? {
        didSet { if attachmentRange != oldValue { setNeedsResolve() } }
    }
    /// ``Kind/sliding``: the unit axis of translation, reference axes at creation; zero otherwise.
    public let axis: Vector

    /// The designated initializer: validates and records everything the kinds share.
    init(kind: Kind, items: [any DynamicItem], worldOffsets: [Vector], anchor: Point, axis: Vector) throws(DynamicsError) {
        for item in items { try item.validateForDynamics() }
        if items.count == 2 && items[0] === items[1] {
            throw .invalidAttachment(reason: "an item cannot be attached to itself")
        }
        for offset in worldOffsets where !offset.isFinite {
            throw .invalidParameter(behavior: "AttachmentBehavior", parameter: "offsetFromCenter",
                                    value: offset.dx.isFinite ? offset.dy : offset.dx)
        }
        guard anchor.isFinite else {
            throw .invalidParameter(behavior: "AttachmentBehavior", parameter: "anchorPoint", value: anchor.x.isFinite ? anchor.y : anchor.x)
        }
        self.kind = kind
        self.items = items
        let angles = items.map(\.transform.rotationAngle)
        localOffsets = zip(worldOffsets, angles).map { $0.rotated(by: -$1) }
        referenceAngle = (items.count == 2 ? angles[1] : 0) - angles[0]
        localAxis = items.count == 2 ? axis.rotated(by: -angles[1]) : axis
        self.axis = axis
        self.anchorPoint = anchor
        self.creationAnchor = anchor
        let pointA = items[0].center + worldOffsets[0]
        let pointB = items.count == 2 ? items[1].center + worldOffsets[1] : anchor
        self.length = pointA.distance(to: pointB)
        super.init()
        if kind == .sliding { try Self.validateAxis(axis) }
    }

    override var directItems: [any DynamicItem] { items }

    override func contribute(to resolution: inout TreeResolution) throws(DynamicsError) {
        try validate()
        let slotA = resolution.slot(for: items[0])
        let slotB = isAttachedToAnchor ? -1 : resolution.slot(for: items[1])
        // At length 0 a rod or a rope holds the two points together: a point joint (a single row
        // along an arbitrary direction let the points part across it, and the velocity across the
        // row grew without bound while position correction held the points together).
        let jointKind: JointKind = switch kind {
        case .distance: length == 0 ? .point : .distance
        case .limit: length == 0 ? .point : .rope
        case .fixed: .weld
        case .pin: .pin
        case .sliding: .slider
        }
        let given = attachmentRange ?? -Double.infinity...Double.infinity
        // The joint measures angles as second − first; the pin's range is the first item's
        // rotation relative to the second (or to the reference space), so it is mirrored.
        let range = kind == .pin ? -given.upperBound ... -given.lowerBound : given
        resolution.joints.append(JointSpec(
            owner: self, kind: jointKind, slotA: slotA, slotB: slotB,
            offsetA: localOffsets[0], offsetB: isAttachedToAnchor ? .zero : localOffsets[1], anchor: anchorPoint,
            length: length, referenceAngle: referenceAngle, axis: localAxis,
            lowerLimit: range.lowerBound, upperLimit: range.upperBound, frictionTorque: frictionTorque,
            frequency: frequency, dampingRatio: damping))
    }
}
