/// The inside of a collision behavior's reference-bounds boundary (points): the bounds less the
/// insets.
struct WallBox: Sendable, Equatable {
    var minX: Double, maxX: Double, minY: Double, maxY: Double
}
