/// What an attachment constrains (SPEC: "Attachment").
public enum AttachmentKind: String, SceneKeyword {
    /// The attachment points stay `length` apart: a rigid rod at frequency 0, else a spring.
    case distance
    /// A rope: the attachment points at most `length` apart.
    case limit
    /// A weld at `anchor`: no relative motion.
    case fixed
    /// A revolute joint at `anchor`, with an optional angle `range` and a `frictionTorque`.
    case pin
    /// Relative translation only along the unit `axis` through `anchor`, within `range`.
    case sliding

    /// Whether the kind attaches at offsets from the centers (distance, limit) rather than at one
    /// common anchor point (fixed, pin, sliding).
    public var usesOffsets: Bool { self == .distance || self == .limit }
}

/// An attachment of one item to an anchor point or to a second item (SPEC: `AttachmentBehavior`).
///
/// JSON keys: `attachmentKind` ("distance"), `item` (required), `otherItem` (absent: attached to
/// the anchor), and by kind:
/// - distance and limit: `offset`, `otherOffset` (points from the centers, reference axes; zero),
///   `anchor` (required without `otherItem`, absent with it), `length` (points; default: the
///   distance at creation), `frequency` (Hz; 0 = rigid), `damping` (ratio);
/// - fixed, pin, sliding: `anchor` (required: the common point, reference coordinates),
///   `frequency` and `damping` (a spring softens their equality constraints);
/// - pin: `range` (radians of the first item's rotation relative to the second, or to space),
///   `frictionTorque` (≥ 0);
/// - sliding: `axis` (required, a unit vector), `range` (points along the axis; must contain 0).
public struct AttachmentSpec: Codable, Equatable, Sendable {
    /// What the attachment constrains.
    public var attachmentKind: AttachmentKind
    /// Identifier of the attached item or group.
    public var item: String
    /// Distance and limit: attachment point on ``item`` from its center, reference axes (points).
    public var offset: SceneVector
    /// Identifier of the second item or group, or `nil` to attach to ``anchor``.
    public var otherItem: String?
    /// Distance and limit: attachment point on ``otherItem`` from its center (points).
    public var otherOffset: SceneVector
    /// Distance and limit without a second item: the anchor; fixed, pin and sliding: the common
    /// attachment point (points, reference coordinates).
    public var anchor: ScenePoint?
    /// Rest length of a distance attachment, maximum length of a rope (points, ≥ 0); `nil`: the
    /// distance between the attachment points at creation.
    public var length: Double?
    /// Spring natural frequency (Hz, ≥ 0); 0 makes the attachment rigid.
    public var frequency: Double
    /// Spring damping ratio (≥ 0; 1 = critical).
    public var damping: Double
    /// Pin: torque resisting relative rotation (points × UIKit newtons, ≥ 0).
    public var frictionTorque: Double
    /// Pin (radians) and sliding (points): the allowed range; `nil` for none.
    public var range: SceneRange?
    /// Sliding: the unit axis of translation (reference axes at creation).
    public var axis: SceneVector?

    /// Creates an attachment; see the type's documentation for which fields each kind uses.
    public init(item: String, offset: SceneVector = .zero, otherItem: String? = nil, otherOffset: SceneVector = .zero,
                anchor: ScenePoint? = nil, length: Double? = nil, frequency: Double = 0, damping: Double = 0,
                attachmentKind: AttachmentKind = .distance, frictionTorque: Double = 0, range: SceneRange? = nil,
                axis: SceneVector? = nil) {
        self.attachmentKind = attachmentKind
        self.item = item
        self.offset = offset
        self.otherItem = otherItem
        self.otherOffset = otherOffset
        self.anchor = anchor
        self.length = length
        self.frequency = frequency
        self.damping = damping
        self.frictionTorque = frictionTorque
        self.range = range
        self.axis = axis
    }

    /// The identifiers of the attached items (one or two).
    public var itemIDs: [String] { [item] + (otherItem.map { [$0] } ?? []) }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case attachmentKind, item, offset, otherItem, otherOffset, anchor, length, frequency, damping, frictionTorque,
             range, axis
    }

    static let jsonKeys = CodingKeys.allCases.map(\.stringValue)

    /// Decodes the fields (the behavior checks the keys).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        attachmentKind = try container.decode(.attachmentKind, default: .distance)
        item = try container.decode(.item)
        offset = try container.decode(.offset, default: .zero)
        otherItem = try container.decodeIfPresent(String.self, forKey: .otherItem)
        otherOffset = try container.decode(.otherOffset, default: .zero)
        anchor = try container.decodeIfPresent(ScenePoint.self, forKey: .anchor)
        length = try container.decodeIfPresent(Double.self, forKey: .length)
        frequency = try container.decode(.frequency, default: 0)
        damping = try container.decode(.damping, default: 0)
        frictionTorque = try container.decode(.frictionTorque, default: 0)
        range = try container.decodeIfPresent(SceneRange.self, forKey: .range)
        axis = try container.decodeIfPresent(SceneVector.self, forKey: .axis)
    }

    /// Encodes the fields, leaving out defaults.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(attachmentKind, forKey: .attachmentKind)
        try container.encode(item, forKey: .item)
        try container.encode(offset, forKey: .offset, omittingDefault: .zero)
        try container.encodeIfPresent(otherItem, forKey: .otherItem)
        try container.encode(otherOffset, forKey: .otherOffset, omittingDefault: .zero)
        try container.encodeIfPresent(anchor, forKey: .anchor)
        try container.encodeIfPresent(length, forKey: .length)
        try container.encode(frequency, forKey: .frequency, omittingDefault: 0)
        try container.encode(damping, forKey: .damping, omittingDefault: 0)
        try container.encode(frictionTorque, forKey: .frictionTorque, omittingDefault: 0)
        try container.encodeIfPresent(range, forKey: .range)
        try container.encodeIfPresent(axis, forKey: .axis)
    }
}
