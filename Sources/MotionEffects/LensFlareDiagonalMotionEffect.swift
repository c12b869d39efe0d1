import Foundation

/// Seed 004's lens-flare diagonal effect: a point slides along a line rotated by `angle`.
///
/// Only the horizontal offset `x` is used. The distance along the line is interpolated like an
/// ``InterpolatingMotionEffect`` from `−travel` (x = −1) to `+travel` (x = +1), i.e. `s = travel × x`,
/// and the point `(s, 0)` is rotated by `angle` in screen coordinates (y down, positive angle
/// clockwise on screen): `center.x += s × cos(angle)`, `center.y += s × sin(angle)`.
/// The default angle π/4 (45°) moves the point from top-left to bottom-right as the device tilts right.
public final class LensFlareDiagonalMotionEffect: MotionEffect {
    /// Distance along the line at offset ±1, in points.
    public let travel: Double
    /// Rotation of the line from the +x axis, in radians (positive = clockwise on screen).
    public let angle: Double

    /// Creates the effect; `travel` in points, `angle` in radians (default 45°).
    /// - Throws: ``MotionEffectError/nonFiniteParameter(name:)`` for a non-finite parameter.
    public init(travel: Double, angle: Double = .pi / 4) throws(MotionEffectError) {
        guard travel.isFinite else { throw .nonFiniteParameter(name: "travel") }
        guard angle.isFinite else { throw .nonFiniteParameter(name: "angle") }
        self.travel = travel
        self.angle = angle
    }

    /// `[.centerX: s·cos(angle), .centerY: s·sin(angle)]` with `s = travel × horizontal`, in points.
    public override func keyPathsAndRelativeValues(
        forViewerOffset viewerOffset: ViewerOffset
    ) throws(MotionEffectError) -> [AnimatableKeyPath: MotionValue] {
        let s = travel * viewerOffset.horizontal
        return [.centerX: .scalar(s * cos(angle)), .centerY: .scalar(s * sin(angle))]
    }
}
