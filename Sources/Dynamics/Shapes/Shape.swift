/// One collision shape of a body: plain data addressed by index. Polygon vertices and normals
/// live in `ShapeGeometry`; a circle has none.
struct Shape {
    /// Index of the owning body.
    var body: Int32
    /// Index of the item (member) the shape belongs to, for collision events.
    var member: Int32
    /// Where the polygon's vectors start in `ShapeGeometry` (set by `ShapeGeometry.setShapes`).
    var firstVector: Int32
    /// Number of polygon vertices; 0 for a circle.
    var vertexCount: Int32
    /// Circle radius (points); 0 for polygons.
    var radius: Double
    /// Circle center relative to the body's center of mass, body frame (points).
    var localCenter: Vector
    /// Circle center in world coordinates, refreshed each sub-step (points).
    var worldCenter: Vector

    var isCircle: Bool { vertexCount == 0 }
}

/// A fixed boundary segment in world coordinates (points). A two-sided boundary stops items on
/// either side of the segment; a one-sided one is the whole half-plane to the left of start → end
/// (on screen, y down: outside a clockwise loop) and pushes items back to the right.
struct BoundarySegment {
    var start: Point
    var end: Point
    /// The collision behaviors (bit per behavior) whose boundary-colliding items it stops.
    var groupMask: UInt64
    /// Index into the animator's boundary identifiers (`nil` identifier for reference bounds).
    var identifier: Int32
    /// Whether the boundary is a half-plane (the edges of the reference bounds) rather than a segment.
    var isOneSided: Bool
}
