import Foundation

/// A 2-D affine transform `[a b; c d]` plus translation `(tx, ty)`, in the convention
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// The engine writes pure rotations into items; a rotation by θ radians (clockwise on screen)
/// is `a = cos θ, b = sin θ, c = −sin θ, d = cos θ`.
public struct AffineTransform: Hashable, Sendable, Codable {
    /// Matrix entries.
    public var a: Double, b: Double, c: Double, d: Double
    /// Translation in points.
    public var tx: Double, ty: Double

    /// Creates a transform from its entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A pure rotation by `angle` radians (clockwise on screen).
    public init(rotationAngle angle: Double) {
        let cosine = cos(angle), sine = sin(angle)
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The rotation angle in radians, `atan2(b, a)`; translation, scale and shear are ignored.
    public var rotationAngle: Double { atan2(b, a) }

    /// Whether every entry is finite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Applies the linear part of the transform to a vector.
    public func apply(to v: Vector) -> Vector {
        Vector(dx: a * v.dx + c * v.dy, dy: b * v.dx + d * v.dy)
    }
}
