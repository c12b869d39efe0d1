import Dynamics

/// Seed 000's "attached to a rectangle" behavior: four spring attachments from an item's center to
/// the corners of a rectangle the item's size, so that the item keeps its offset from a touch point
/// as the point moves, springily, without turning.
///
/// The seed elides where the corners are (`topRight = ...`). Here the rectangle is the item's own
/// frame, carried along with the point: with the corners around the touch point itself, an item far
/// from it hangs on four nearly parallel springs and swings sideways, undamped, like a pendulum.
public final class RectangleAttachmentBehavior: DynamicBehavior {
    /// Each corner spring's frequency (Hz) and damping ratio.
    public static let frequency = 3.0, damping = 0.8

    private let corners: [AttachmentBehavior]
    private let offset: Vector, size: Size

    /// Attaches `item` to the corners of its frame, to be moved with the touch point `point`
    /// (points).
    /// - Throws: an invalid item or point.
    public init(item: any DynamicItem, point: Point) throws(DynamicsError) {
        offset = item.center - point
        size = item.bounds.size
        corners = try Self.cornerPoints(around: item.center, size: size).map { corner throws(DynamicsError) in
            let spring = try AttachmentBehavior(item: item, attachedToAnchor: corner)
            spring.frequency = Self.frequency
            spring.damping = Self.damping
            return spring
        }
        super.init()
        for corner in corners { try addChildBehavior(corner) }
    }

    /// Moves the rectangle with the touch point, now at `point` (points).
    public func updateAttachmentLocation(_ point: Point) {
        for (spring, corner) in zip(corners, Self.cornerPoints(around: point + offset, size: size)) { spring.anchorPoint = corner }
    }

    private static func cornerPoints(around point: Point, size: Size) -> [Point] {
        let halfWidth = size.width / 2, halfHeight = size.height / 2
        return [Point(x: point.x - halfWidth, y: point.y - halfHeight), Point(x: point.x + halfWidth, y: point.y - halfHeight),
                Point(x: point.x + halfWidth, y: point.y + halfHeight), Point(x: point.x - halfWidth, y: point.y + halfHeight)]
    }
}
