/// A width and height in points.
public struct Size: Hashable, Sendable, Codable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size.
    public static let zero = Size(width: 0, height: 0)

    /// Area in square points.
    public var area: Double { width * height }

    /// Whether both dimensions are finite and strictly positive (a valid item size).
    public var isPositiveAndFinite: Bool {
        width.isFinite && height.isFinite && width > 0 && height > 0
    }
}
