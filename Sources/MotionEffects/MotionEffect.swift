/// Base class of all motion effects: maps a ``ViewerOffset`` to relative values per key path.
///
/// Subclass and override ``keyPathsAndRelativeValues(forViewerOffset:)`` to make a custom effect.
/// The returned relative values are *added* to the target's base values by ``MotionTarget``; they
/// must have the key path's ``AnimatableKeyPath/valueKind`` and be finite. Effects are classes
/// because identity matters: ``MotionTarget/removeMotionEffect(_:)`` removes this very instance.
open class MotionEffect {
    /// Creates an effect that contributes nothing.
    public init() {}

    /// The relative value to add to each key path for the given viewer offset
    /// (offset dimensionless; values in the units of their key path). The base class returns `[:]`.
    /// - Throws: ``MotionEffectError`` if the effect's configuration cannot produce a value.
    open func keyPathsAndRelativeValues(
        forViewerOffset viewerOffset: ViewerOffset
    ) throws(MotionEffectError) -> [AnimatableKeyPath: MotionValue] {
        [:]
    }
}
