extension AttachmentBehavior {
    /// A distance attachment of `item` (at `offset` from its center, points, reference axes) to
    /// the anchor `anchor` (points). The length is their distance now.
    /// - Throws: an invalid item, a non-finite offset or anchor.
    public convenience init(item: any DynamicItem, offsetFromCenter offset: Vector = .zero,
                            attachedToAnchor anchor: Point) throws(DynamicsError) {
        try self.init(kind: .distance, items: [item], worldOffsets: [offset], anchor: anchor, axis: .zero)
    }

    /// A distance attachment between `item` (at `offset`) and `other` (at `otherOffset`); offsets
    /// in points from the centers, reference axes. The length is their distance now.
    /// - Throws: an invalid item, a non-finite offset, or ``DynamicsError/invalidAttachment(reason:)``
    ///   for an item attached to itself.
    public convenience init(item: any DynamicItem, offsetFromCenter offset: Vector = .zero,
                            attachedTo other: any DynamicItem, offsetFromCenter otherOffset: Vector = .zero) throws(DynamicsError) {
        try self.init(kind: .distance, items: [item, other], worldOffsets: [offset, otherOffset],
                      anchor: item.center + offset, axis: .zero)
    }

    /// A rope (``Kind/limit``) from `item` (at `offset`) to the anchor, as long as their distance now.
    public static func limit(item: any DynamicItem, offsetFromCenter offset: Vector = .zero,
                             attachedToAnchor anchor: Point) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .limit, items: [item], worldOffsets: [offset], anchor: anchor, axis: .zero)
    }

    /// A rope (``Kind/limit``) between two items' attachment points, as long as their distance now.
    public static func limit(item: any DynamicItem, offsetFromCenter offset: Vector = .zero,
                             attachedTo other: any DynamicItem,
                             offsetFromCenter otherOffset: Vector = .zero) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .limit, items: [item, other], worldOffsets: [offset, otherOffset],
                               anchor: item.center + offset, axis: .zero)
    }

    /// A weld (``Kind/fixed``) of `item` to `other` at `anchor` (points): no relative motion.
    public static func fixed(item: any DynamicItem, attachedTo other: any DynamicItem,
                             attachmentAnchor anchor: Point) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .fixed, items: [item, other],
                               worldOffsets: [anchor - item.center, anchor - other.center], anchor: anchor, axis: .zero)
    }

    /// A weld (``Kind/fixed``) of `item` to the reference space at `anchor` (points).
    public static func fixed(item: any DynamicItem, attachmentAnchor anchor: Point) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .fixed, items: [item], worldOffsets: [anchor - item.center], anchor: anchor, axis: .zero)
    }

    /// A pin (``Kind/pin``): `item` and `other` turn freely about their common point `anchor`.
    public static func pin(item: any DynamicItem, attachedTo other: any DynamicItem,
                           attachmentAnchor anchor: Point) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .pin, items: [item, other],
                               worldOffsets: [anchor - item.center, anchor - other.center], anchor: anchor, axis: .zero)
    }

    /// A pin (``Kind/pin``): `item` turns freely about `anchor` (points), fixed in space.
    public static func pin(item: any DynamicItem, attachmentAnchor anchor: Point) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .pin, items: [item], worldOffsets: [anchor - item.center], anchor: anchor, axis: .zero)
    }

    /// A sliding attachment (``Kind/sliding``): `item` moves relative to `other` only along the
    /// unit `axis` (reference axes now; it turns with `other`) through `anchor` (points).
    /// - Throws: ``DynamicsError/invalidParameter(behavior:parameter:value:)`` naming `axis` (with
    ///   its length) unless it is a finite unit vector.
    public static func sliding(item: any DynamicItem, attachedTo other: any DynamicItem,
                               attachmentAnchor anchor: Point, axis: Vector) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .sliding, items: [item, other],
                               worldOffsets: [anchor - item.center, anchor - other.center], anchor: anchor, axis: axis)
    }

    /// A sliding attachment (``Kind/sliding``): `item` moves only along the unit `axis`
    /// (reference axes) through `anchor` (points), without turning.
    /// - Throws: as ``sliding(item:attachedTo:attachmentAnchor:axis:)``.
    public static func sliding(item: any DynamicItem, attachmentAnchor anchor: Point,
                               axis: Vector) throws(DynamicsError) -> AttachmentBehavior {
        try AttachmentBehavior(kind: .sliding, items: [item], worldOffsets: [anchor - item.center], anchor: anchor, axis: axis)
    }
}
