/// A linear RGBA color; each component is a dimensionless fraction, nominally in [0, 1].
///
/// Components are not clamped: relative colors (deltas) are legitimately negative.
public struct RGBAColor: Hashable, Sendable {
    /// Red fraction, dimensionless.
    public var red: Double
    /// Green fraction, dimensionless.
    public var green: Double
    /// Blue fraction, dimensionless.
    public var blue: Double
    /// Alpha (opacity) fraction, dimensionless.
    public var alpha: Double

    /// Creates a color from dimensionless component fractions.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The all-zero color (0, 0, 0, 0): the neutral element for adding relative colors.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Opaque white (1, 1, 1, 1).
    public static let white = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
}
