/// Why the engine refused an input. Every case names what was wrong, so a caller can report it.
public enum DynamicsError: Error, Equatable, Sendable {
    /// An item's size is zero, negative or non-finite.
    case invalidItemSize(Size)
    /// An item's center is not finite.
    case nonFiniteItemCenter(Point)
    /// An item's transform has a non-finite entry.
    case nonFiniteItemTransform
    /// A behavior parameter is non-finite or outside its allowed range.
    case invalidParameter(behavior: String, parameter: String, value: Double)
    /// A time interval given to the animator is negative or non-finite (seconds).
    case invalidTimeInterval(Double)
    /// The behavior is already part of another animator (a behavior belongs to at most one).
    case behaviorBelongsToAnotherAnimator
    /// The behavior is already a child of another behavior.
    case behaviorAlreadyHasParent
    /// Adding the child would make a behavior its own ancestor.
    case behaviorCycle
    /// The reference bounds are non-finite or have a non-positive size.
    case invalidReferenceBounds(Rect)
}
