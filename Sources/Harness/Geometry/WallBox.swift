/// An axis-aligned box (points): the inside of a collision behavior's reference-bounds boundary
/// (the bounds less the insets), or a placed shape's bounding box.
struct WallBox: Sendable, Equatable {
    var minX: Double, maxX: Double, minY: Double, maxY: Double
}
