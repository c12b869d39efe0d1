/// Linearly interpolates one key path between two relative values along one tilt axis.
///
/// With `o` the chosen offset component: `t = o × 0.5 + 0.5` and
/// `value = minimumRelativeValue + t × (maximumRelativeValue − minimumRelativeValue)`, so offset −1
/// gives the minimum, +1 the maximum and 0 the midpoint. There is no clamping: offsets outside
/// [-1, 1] extrapolate.
public final class InterpolatingMotionEffect: MotionEffect {
    /// Which viewer-offset component drives the interpolation.
    public enum TiltAxis: Hashable, Sendable {
        /// Uses ``ViewerOffset/horizontal``.
        case tiltAlongHorizontalAxis
        /// Uses ``ViewerOffset/vertical``.
        case tiltAlongVerticalAxis
    }

    /// The driven key path.
    public let keyPath: AnimatableKeyPath
    /// The driving tilt axis.
    public let type: TiltAxis
    /// Relative value at offset −1, in the key path's units. Defaults to the key path kind's zero.
    public var minimumRelativeValue: MotionValue
    /// Relative value at offset +1, in the key path's units. Defaults to the key path kind's zero.
    public var maximumRelativeValue: MotionValue

    /// Creates an effect whose minimum and maximum relative values are both zero (set them afterwards).
    public init(keyPath: AnimatableKeyPath, type: TiltAxis) {
        self.keyPath = keyPath
        self.type = type
        minimumRelativeValue = keyPath.valueKind.zero
        maximumRelativeValue = keyPath.valueKind.zero
    }

    /// Creates an effect with the given relative values at offsets −1 and +1 (key-path units).
    public convenience init(
        keyPath: AnimatableKeyPath, type: TiltAxis,
        minimumRelativeValue: MotionValue, maximumRelativeValue: MotionValue
    ) {
        self.init(keyPath: keyPath, type: type)
        self.minimumRelativeValue = minimumRelativeValue
        self.maximumRelativeValue = maximumRelativeValue
    }

    /// The interpolated relative value for an offset component `o` (dimensionless), see the type docs.
    /// - Throws: ``MotionEffectError/mismatchedKinds(_:_:)`` if minimum and maximum differ in kind,
    ///   ``MotionEffectError/nonFiniteParameter(name:)`` if either is not finite.
    public func relativeValue(atOffset o: Double) throws(MotionEffectError) -> MotionValue {
        guard minimumRelativeValue.isFinite else { throw .nonFiniteParameter(name: "minimumRelativeValue") }
        guard maximumRelativeValue.isFinite else { throw .nonFiniteParameter(name: "maximumRelativeValue") }
        let t = o * 0.5 + 0.5
        return try minimumRelativeValue.interpolated(to: maximumRelativeValue, fraction: t)
    }

    /// `[keyPath: relativeValue(atOffset: component for type)]`.
    public override func keyPathsAndRelativeValues(
        forViewerOffset viewerOffset: ViewerOffset
    ) throws(MotionEffectError) -> [AnimatableKeyPath: MotionValue] {
        let o = type == .tiltAlongHorizontalAxis ? viewerOffset.horizontal : viewerOffset.vertical
        return [keyPath: try relativeValue(atOffset: o)]
    }
}
