/// A property of a ``MotionTarget`` that motion effects can drive.
///
/// Each key path has a fixed value kind and unit, listed per case.
public enum AnimatableKeyPath: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Horizontal position of the center, scalar in points (positive = right).
    case centerX = "center.x"
    /// Vertical position of the center, scalar in points (positive = down).
    case centerY = "center.y"
    /// Opacity, scalar dimensionless fraction (1 = opaque).
    case opacity
    /// Fill color, RGBA color with dimensionless components.
    case fillColor
    /// Shadow displacement, vector in points.
    case shadowOffset

    /// The kind of value this key path holds.
    public var valueKind: MotionValue.Kind {
        switch self {
        case .centerX, .centerY, .opacity: .scalar
        case .shadowOffset: .vector
        case .fillColor: .color
        }
    }

    /// The default base value a new ``MotionTarget`` gets for this key path
    /// (center (0, 0) points, opacity 1, white fill, zero shadow offset).
    public var defaultBaseValue: MotionValue {
        switch self {
        case .centerX, .centerY: .scalar(0)
        case .opacity: .scalar(1)
        case .fillColor: .color(.white)
        case .shadowOffset: .vector(.zero)
        }
    }

    /// The dotted key-path name, e.g. `"center.x"`.
    public var description: String { rawValue }
}
