/// A value that a motion effect can drive: a scalar, a 2-D vector or an RGBA color.
///
/// Units are those of the key path it is applied to (see ``AnimatableKeyPath``). Values combine
/// component-wise; combining two different kinds is a ``MotionEffectError/mismatchedKinds(_:_:)``.
public enum MotionValue: Hashable, Sendable {
    /// A single number (e.g. a coordinate in points, or an opacity fraction).
    case scalar(Double)
    /// A point or displacement in points.
    case vector(MotionVector)
    /// A color with dimensionless components.
    case color(RGBAColor)

    /// The kind of a ``MotionValue``, without its payload.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// ``MotionValue/scalar(_:)``.
        case scalar
        /// ``MotionValue/vector(_:)``.
        case vector
        /// ``MotionValue/color(_:)``.
        case color

        /// The additive identity of this kind (0, (0, 0) or (0, 0, 0, 0)).
        public var zero: MotionValue {
            switch self {
            case .scalar: .scalar(0)
            case .vector: .vector(.zero)
            case .color: .color(.clear)
            }
        }
    }

    /// The kind of this value.
    public var kind: Kind {
        switch self {
        case .scalar: .scalar
        case .vector: .vector
        case .color: .color
        }
    }

    /// The components in a fixed order: `[v]`, `[x, y]` or `[red, green, blue, alpha]`, in this value's units.
    public var components: [Double] {
        switch self {
        case .scalar(let v): [v]
        case .vector(let v): [v.x, v.y]
        case .color(let c): [c.red, c.green, c.blue, c.alpha]
        }
    }

    /// `true` if every component is finite (not NaN, not infinite).
    public var isFinite: Bool { components.allSatisfy(\.isFinite) }

    /// The component-wise sum `self + other` (same units as the operands).
    /// - Throws: ``MotionEffectError/mismatchedKinds(_:_:)`` if the kinds differ.
    public func adding(_ other: MotionValue) throws(MotionEffectError) -> MotionValue {
        try combined(with: other) { $0 + $1 }
    }

    /// The component-wise difference `self − other` (same units as the operands).
    /// - Throws: ``MotionEffectError/mismatchedKinds(_:_:)`` if the kinds differ.
    public func subtracting(_ other: MotionValue) throws(MotionEffectError) -> MotionValue {
        try combined(with: other) { $0 - $1 }
    }

    /// Linear interpolation `self + fraction × (end − self)`, component-wise, without clamping.
    /// `fraction` is dimensionless; 0 gives `self`, 1 gives `end`, values outside [0, 1] extrapolate.
    /// - Throws: ``MotionEffectError/mismatchedKinds(_:_:)`` if the kinds differ.
    public func interpolated(to end: MotionValue, fraction: Double) throws(MotionEffectError) -> MotionValue {
        try combined(with: end) { a, b in a + fraction * (b - a) }
    }

    private func combined(
        with other: MotionValue, _ op: (Double, Double) -> Double
    ) throws(MotionEffectError) -> MotionValue {
        switch (self, other) {
        case (.scalar(let a), .scalar(let b)):
            return .scalar(op(a, b))
        case (.vector(let a), .vector(let b)):
            return .vector(MotionVector(x: op(a.x, b.x), y: op(a.y, b.y)))
        case (.color(let a), .color(let b)):
            return .color(
                RGBAColor(
                    red: op(a.red, b.red), green: op(a.green, b.green),
                    blue: op(a.blue, b.blue), alpha: op(a.alpha, b.alpha)))
        default:
            throw .mismatchedKinds(kind, other.kind)
        }
    }
}
