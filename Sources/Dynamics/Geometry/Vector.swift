import Foundation

/// A displacement, velocity, acceleration or force in the plane (x to the right, y downward).
///
/// The unit depends on use: points for displacements, pt/s for velocities, pt/s² for
/// accelerations, UIKit newtons for push forces.
public struct Vector: Hashable, Sendable, Codable {
    /// Horizontal component (positive to the right).
    public var dx: Double
    /// Vertical component (positive downward).
    public var dy: Double

    /// Creates a vector from its components.
    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    /// The zero vector.
    public static let zero = Vector(dx: 0, dy: 0)

    /// Creates the vector of the given length pointing along `angle` (radians, clockwise on screen
    /// from the positive x axis).
    public init(angle: Double, length: Double) {
        self.init(dx: length * cos(angle), dy: length * sin(angle))
    }

    /// Euclidean length.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// Squared Euclidean length.
    public var lengthSquared: Double { dx * dx + dy * dy }

    /// Direction in radians (clockwise on screen from the positive x axis), `atan2(dy, dx)`.
    public var angle: Double { atan2(dy, dx) }

    /// Whether both components are finite.
    public var isFinite: Bool { dx.isFinite && dy.isFinite }

    /// Dot product.
    public func dot(_ other: Vector) -> Double { dx * other.dx + dy * other.dy }

    /// The z component of the 3-D cross product (`self × other`); positive means `other` is
    /// clockwise from `self` on screen.
    public func cross(_ other: Vector) -> Double { dx * other.dy - dy * other.dx }

    /// The vector rotated by `angle` radians (clockwise on screen).
    public func rotated(by angle: Double) -> Vector {
        let c = cos(angle), s = sin(angle)
        return Vector(dx: c * dx - s * dy, dy: s * dx + c * dy)
    }

    /// Component-wise sum.
    public static func + (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx + b.dx, dy: a.dy + b.dy) }
    /// Component-wise difference.
    public static func - (a: Vector, b: Vector) -> Vector { Vector(dx: a.dx - b.dx, dy: a.dy - b.dy) }
    /// The opposite vector.
    public static prefix func - (a: Vector) -> Vector { Vector(dx: -a.dx, dy: -a.dy) }
    /// The vector scaled by `s`.
    public static func * (a: Vector, s: Double) -> Vector { Vector(dx: a.dx * s, dy: a.dy * s) }
    /// The vector scaled by `s`.
    public static func * (s: Double, a: Vector) -> Vector { Vector(dx: a.dx * s, dy: a.dy * s) }
    /// The vector divided by `s`.
    public static func / (a: Vector, s: Double) -> Vector { Vector(dx: a.dx / s, dy: a.dy / s) }
    /// Adds `b` to `a`.
    public static func += (a: inout Vector, b: Vector) { a = a + b }
    /// Subtracts `b` from `a`.
    public static func -= (a: inout Vector, b: Vector) { a = a - b }
}
