/// Errors raised while evaluating motion effects or configuring a ``MotionTarget``.
public enum MotionEffectError: Error, Equatable, Sendable {
    /// A viewer-offset component was NaN or infinite. `component` is `"horizontal"` or `"vertical"`.
    case nonFiniteOffset(component: String)
    /// Two motion values of different kinds were combined (added or interpolated).
    case mismatchedKinds(MotionValue.Kind, MotionValue.Kind)
    /// A value for `keyPath` had kind `found`, but the key path animates values of kind `expected`.
    case wrongKind(keyPath: AnimatableKeyPath, expected: MotionValue.Kind, found: MotionValue.Kind)
    /// A value for `keyPath` (a base value, a relative value, or their sum) had a NaN or infinite component.
    case nonFiniteValue(keyPath: AnimatableKeyPath)
    /// An effect parameter named `name` was NaN or infinite.
    case nonFiniteParameter(name: String)
    /// A motion-effect group contains itself, directly or through nested groups.
    case groupCycle
}
