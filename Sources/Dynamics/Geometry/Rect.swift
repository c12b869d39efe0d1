/// An axis-aligned rectangle in points: an origin (top-left corner, y downward) and a size.
public struct Rect: Hashable, Sendable, Codable {
    /// The top-left corner.
    public var origin: Point
    /// Width and height.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from coordinates in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Creates the rectangle of `size` centred on `center`.
    public init(center: Point, size: Size) {
        self.init(x: center.x - size.width / 2, y: center.y - size.height / 2,
                  width: size.width, height: size.height)
    }

    /// Smallest x.
    public var minX: Double { origin.x }
    /// Smallest y (top edge).
    public var minY: Double { origin.y }
    /// Largest x.
    public var maxX: Double { origin.x + size.width }
    /// Largest y (bottom edge).
    public var maxY: Double { origin.y + size.height }
    /// Width in points.
    public var width: Double { size.width }
    /// Height in points.
    public var height: Double { size.height }
    /// The centre point.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Whether all coordinates are finite.
    public var isFinite: Bool {
        origin.isFinite && size.width.isFinite && size.height.isFinite
    }

    /// Whether the two closed rectangles share at least one point.
    public func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// Whether `point` lies inside or on the edge.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }
}
