/// The shape an item collides with.
public enum CollisionBoundsType: String, Sendable, Codable, CaseIterable {
    /// The item's bounds, rotated with it (an oriented box). The default.
    case rectangle
    /// The ellipse inscribed in the bounds. A circle when the bounds are square (exact); otherwise
    /// a polygon within 0.25 pt of the true ellipse (see ``EllipseApproximation``). Mass and
    /// inertia come from the true ellipse.
    case ellipse
    /// The item's ``DynamicItem/collisionBoundingPath``: a convex polygon, origin at the center.
    case path
}
