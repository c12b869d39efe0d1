import Foundation

/// A location in a scene's reference coordinates, in points (x to the right, y downward).
///
/// The harness's own value: scenes never use an engine's geometry types, so another engine can
/// run a scene without linking this project's engine. JSON: `{"x": 10, "y": 20}`.
public struct ScenePoint: Codable, Hashable, Sendable {
    /// Horizontal coordinate (points).
    public var x: Double
    /// Vertical coordinate (points, grows downward).
    public var y: Double

    /// Creates a point (points).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = ScenePoint(x: 0, y: 0)

    /// Whether both coordinates are finite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// Distance to `other` (points).
    public func distance(to other: ScenePoint) -> Double { (other - self).length }

    /// The point displaced by `v`.
    public static func + (p: ScenePoint, v: SceneVector) -> ScenePoint { ScenePoint(x: p.x + v.dx, y: p.y + v.dy) }
    /// The point displaced by `−v`.
    public static func - (p: ScenePoint, v: SceneVector) -> ScenePoint { ScenePoint(x: p.x - v.dx, y: p.y - v.dy) }
    /// The displacement from `b` to `a`.
    public static func - (a: ScenePoint, b: ScenePoint) -> SceneVector { SceneVector(dx: a.x - b.x, dy: a.y - b.y) }
}

/// A displacement, velocity, force or direction in a scene (x to the right, y downward); the unit
/// depends on use and is stated where it is used. JSON: `{"dx": 1, "dy": 0}`.
public struct SceneVector: Codable, Hashable, Sendable {
    /// Horizontal component.
    public var dx: Double
    /// Vertical component (positive downward).
    public var dy: Double

    /// Creates a vector.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates the vector of `length` along `angle` (radians, clockwise on screen from +x).
    public init(angle: Double, length: Double) {
        self.init(dx: length * cos(angle), dy: length * sin(angle))
    }

    /// The zero vector.
    public static let zero = SceneVector(dx: 0, dy: 0)

    /// Euclidean length.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }
    /// Whether both components are finite.
    public var isFinite: Bool { dx.isFinite && dy.isFinite }
    /// Dot product.
    public func dot(_ other: SceneVector) -> Double { dx * other.dx + dy * other.dy }
    /// The z component of the 3-D cross product; positive when `other` is clockwise on screen.
    public func cross(_ other: SceneVector) -> Double { dx * other.dy - dy * other.dx }
    /// The vector turned by `angle` radians (clockwise on screen).
    public func rotated(by angle: Double) -> SceneVector {
        let c = cos(angle), s = sin(angle)
        return SceneVector(dx: c * dx - s * dy, dy: s * dx + c * dy)
    }

    /// Component-wise sum.
    public static func + (a: SceneVector, b: SceneVector) -> SceneVector { SceneVector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    /// Component-wise difference.
    public static func - (a: SceneVector, b: SceneVector) -> SceneVector { SceneVector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    /// The opposite vector.
    public static prefix func - (a: SceneVector) -> SceneVector { SceneVector(dx: -a.dx, dy: -a.dy) }
    /// The vector scaled by `s`.
    public static func * (a: SceneVector, s: Double) -> SceneVector { SceneVector(dx: a.dx * s, dy: a.dy * s) }
    /// The vector divided by `s`.
    public static func / (a: SceneVector, s: Double) -> SceneVector { SceneVector(dx: a.dx / s, dy: a.dy / s) }
}

/// A width and height in points. JSON: `{"width": 20, "height": 10}`.
public struct SceneSize: Codable, Hashable, Sendable {
    /// Width (points).
    public var width: Double
    /// Height (points).
    public var height: Double

    /// Creates a size (points).
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Width × height (square points).
    public var area: Double { width * height }
}

/// An axis-aligned rectangle (points). JSON: `{"origin": {...}, "size": {...}}`.
public struct SceneRect: Codable, Hashable, Sendable {
    /// The top-left corner (points).
    public var origin: ScenePoint
    /// The size (points).
    public var size: SceneSize

    /// Creates a rectangle from its top-left corner and size (points).
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = ScenePoint(x: x, y: y)
        size = SceneSize(width: width, height: height)
    }

    /// Smallest x (points).
    public var minX: Double { origin.x }
    /// Smallest y (points).
    public var minY: Double { origin.y }
    /// Largest x (points).
    public var maxX: Double { origin.x + size.width }
    /// Largest y (points).
    public var maxY: Double { origin.y + size.height }
}

/// Distances by which the reference bounds are inset to form a boundary (points).
/// JSON: `{"top": 0, "left": 0, "bottom": 0, "right": 0}`; omitted edges are 0.
public struct SceneInsets: Codable, Hashable, Sendable {
    /// Inset of each edge (points).
    public var top: Double, left: Double, bottom: Double, right: Double

    /// Creates insets (points).
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case top, left, bottom, right }

    /// Decodes insets; omitted edges are 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        top = try container.decodeIfPresent(Double.self, forKey: .top) ?? 0
        left = try container.decodeIfPresent(Double.self, forKey: .left) ?? 0
        bottom = try container.decodeIfPresent(Double.self, forKey: .bottom) ?? 0
        right = try container.decodeIfPresent(Double.self, forKey: .right) ?? 0
    }
}

/// A closed interval of a scene parameter: angles (radians) for a pin, distances along the axis
/// (points) for a sliding attachment. JSON: `{"lower": -1, "upper": 1}`.
public struct SceneRange: Codable, Hashable, Sendable {
    /// Lower bound.
    public var lower: Double
    /// Upper bound.
    public var upper: Double

    /// Creates a range.
    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }
}

extension ScenePoint {
    private enum CodingKeys: String, CodingKey, CaseIterable { case x, y }

    /// Decodes `{"x", "y"}`, refusing other keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(x: try container.decode(.x), y: try container.decode(.y))
    }
}

extension SceneVector {
    private enum CodingKeys: String, CodingKey, CaseIterable { case dx, dy }

    /// Decodes `{"dx", "dy"}`, refusing other keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(dx: try container.decode(.dx), dy: try container.decode(.dy))
    }
}

extension SceneSize {
    private enum CodingKeys: String, CodingKey, CaseIterable { case width, height }

    /// Decodes `{"width", "height"}`, refusing other keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(width: try container.decode(.width), height: try container.decode(.height))
    }
}

extension SceneRect {
    private enum CodingKeys: String, CodingKey, CaseIterable { case origin, size }

    /// Decodes `{"origin", "size"}`, refusing other keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let origin: ScenePoint = try container.decode(.origin)
        let size: SceneSize = try container.decode(.size)
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }
}

extension SceneRange {
    private enum CodingKeys: String, CodingKey, CaseIterable { case lower, upper }

    /// Decodes `{"lower", "upper"}`, refusing other keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(lower: try container.decode(.lower), upper: try container.decode(.upper))
    }
}
