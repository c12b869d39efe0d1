/// A location in reference coordinates, in points (x to the right, y downward).
public struct Point: Hashable, Sendable, Codable {
    /// Horizontal coordinate in points.
    public var x: Double
    /// Vertical coordinate in points (grows downward).
    public var y: Double

    /// Creates a point from its coordinates in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The displacement from the origin to this point.
    public var vectorFromOrigin: Vector { Vector(dx: x, dy: y) }

    /// Distance to `other` in points.
    public func distance(to other: Point) -> Double { (other - self).length }

    /// The point displaced by `v`.
    public static func + (p: Point, v: Vector) -> Point { Point(x: p.x + v.dx, y: p.y + v.dy) }
    /// The point displaced by `−v`.
    public static func - (p: Point, v: Vector) -> Point { Point(x: p.x - v.dx, y: p.y - v.dy) }
    /// The displacement from `b` to `a`.
    public static func - (a: Point, b: Point) -> Vector { Vector(dx: a.x - b.x, dy: a.y - b.y) }
    /// Displaces `p` by `v`.
    public static func += (p: inout Point, v: Vector) { p = p + v }
}
