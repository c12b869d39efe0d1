/// How far the viewer has tilted the device, as seen by a motion effect.
///
/// Each component is dimensionless and nominally in [-1, 1]: `+1` on `horizontal` means fully tilted
/// right, `+1` on `vertical` means fully tilted down (the top edge towards the viewer). Values outside
/// [-1, 1] are allowed when fed directly (effects then extrapolate); non-finite values are rejected.
public struct ViewerOffset: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal tilt, dimensionless; positive = tilted right.
    public let horizontal: Double
    /// Vertical tilt, dimensionless; positive = tilted down.
    public let vertical: Double

    /// Creates an offset. Both components are dimensionless.
    /// - Throws: ``MotionEffectError/nonFiniteOffset(component:)`` if a component is NaN or infinite.
    public init(horizontal: Double, vertical: Double) throws(MotionEffectError) {
        guard horizontal.isFinite else { throw .nonFiniteOffset(component: "horizontal") }
        guard vertical.isFinite else { throw .nonFiniteOffset(component: "vertical") }
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Internal initialiser for values already known to be finite.
    init(unchecked horizontal: Double, _ vertical: Double) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The neutral offset (device held level), (0, 0).
    public static let zero = ViewerOffset(unchecked: 0, 0)

    /// This offset with each component clamped to [-1, 1] (dimensionless).
    public var clamped: ViewerOffset {
        ViewerOffset(unchecked: min(max(horizontal, -1), 1), min(max(vertical, -1), 1))
    }

    /// A readable rendering, e.g. `(h: 0.5, v: -1.0)`.
    public var description: String { "(h: \(horizontal), v: \(vertical))" }
}
