import Dynamics

/// Seed 000's "drag many items" behavior: one ``RectangleAttachmentBehavior`` per item, all
/// around the same touch point, moved together as the finger moves.
public final class DragBehavior: DynamicBehavior {
    private let attachments: [RectangleAttachmentBehavior]

    /// Attaches every item of `items` to the rectangle around `point` (points).
    /// - Throws: an invalid item or point.
    public init(items: [any DynamicItem], point: Point) throws(DynamicsError) {
        attachments = try items.map { item throws(DynamicsError) in try RectangleAttachmentBehavior(item: item, point: point) }
        super.init()
        for attachment in attachments { try addChildBehavior(attachment) }
    }

    /// Moves the touch point to `point` (points).
    public func updateDragLocation(_ point: Point) {
        for attachment in attachments { attachment.updateAttachmentLocation(point) }
    }
}
