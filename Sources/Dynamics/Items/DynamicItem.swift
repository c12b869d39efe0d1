/// Something the animator moves: a view in UIKit, a plain object here.
///
/// The animator reads `center`, `bounds` and `transform` once, when the item joins it, and from
/// then on owns the state: after every step it writes `center` and `transform` (a pure rotation).
/// Changes made by others are ignored until ``DynamicAnimator/updateItem(usingCurrentState:)``.
public protocol DynamicItem: AnyObject {
    /// Position of the item's center in reference coordinates (points).
    var center: Point { get set }
    /// The item's bounds; only the size matters (points).
    var bounds: Rect { get }
    /// The item's transform; the animator writes pure rotations (radians, clockwise on screen).
    var transform: AffineTransform { get set }
    /// The shape the item collides with (default `.rectangle`).
    var collisionBoundsType: CollisionBoundsType { get }
    /// For `.path`: the vertices of a convex polygon in points, relative to the item's center,
    /// in either winding. Ignored for other bounds types.
    var collisionBoundingPath: [Point]? { get }
}

extension DynamicItem {
    /// Rectangle, the default.
    public var collisionBoundsType: CollisionBoundsType { .rectangle }
    /// No path, the default.
    public var collisionBoundingPath: [Point]? { nil }
}

extension DynamicItem {
    /// Checks the item's state the engine relies on, throwing the first problem found.
    public func validateForDynamics() throws(DynamicsError) {
        guard bounds.size.isPositiveAndFinite else { throw .invalidItemSize(bounds.size) }
        guard center.isFinite else { throw .nonFiniteItemCenter(center) }
        guard transform.isFinite else { throw .nonFiniteItemTransform }
        if collisionBoundsType == .path {
            guard let path = collisionBoundingPath else { throw .missingCollisionPath }
            _ = try ConvexPolygon(validating: path.map(\.vectorFromOrigin))
        }
    }
}
