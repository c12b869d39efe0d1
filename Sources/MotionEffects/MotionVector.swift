/// A two-component displacement or point, in points (screen units, x right, y down).
public struct MotionVector: Hashable, Sendable {
    /// Horizontal component, in points; positive = right.
    public var x: Double
    /// Vertical component, in points; positive = down.
    public var y: Double

    /// Creates a vector from components in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The zero vector (0, 0) points.
    public static let zero = MotionVector(x: 0, y: 0)
}
