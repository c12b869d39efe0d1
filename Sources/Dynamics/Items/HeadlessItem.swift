/// A concrete dynamic item with no drawing: the stand-in for a view in tests, scenes and tools.
public final class HeadlessItem: DynamicItem {
    /// Position of the center in reference coordinates (points).
    public var center: Point
    /// Bounds; the size is what the engine uses (points).
    public var bounds: Rect
    /// Transform (the engine writes pure rotations).
    public var transform: AffineTransform
    /// Free-form label for diagnostics and reports.
    public var name: String
    /// The collision shape.
    public var collisionBoundsType: CollisionBoundsType
    /// The convex collision polygon for `.path` (points, relative to the center).
    public var collisionBoundingPath: [Point]?

    /// Creates an item of `size` (points) centred at `center`, rotated by `angle` radians, with
    /// the given collision shape.
    public init(name: String = "", center: Point, size: Size, angle: Double = 0,
                collisionBoundsType: CollisionBoundsType = .rectangle, collisionBoundingPath: [Point]? = nil) {
        self.name = name
        self.collisionBoundsType = collisionBoundsType
        self.collisionBoundingPath = collisionBoundingPath
        self.center = center
        self.bounds = Rect(origin: .zero, size: size)
        self.transform = AffineTransform(rotationAngle: angle)
    }
}
