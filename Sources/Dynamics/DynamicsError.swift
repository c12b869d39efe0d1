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
    /// The item's collision bounds type is `.path` but it has no path.
    case missingCollisionPath
    /// A collision path has fewer than 3 vertices or a non-finite vertex.
    case invalidPath(reason: String)
    /// A collision path is not convex (or crosses itself); `vertex` is where it turns the wrong way.
    case concavePath(vertex: Int)
    /// A collision path encloses (almost) no area.
    case degeneratePath
    /// An item group is empty, has a member twice, or a member is itself a group.
    case invalidGroup(reason: String)
    /// An item that belongs to a group was added to a behavior on its own.
    case itemBelongsToGroup
    /// More collision behaviors in one animator than the engine supports (64).
    case tooManyCollisionBehaviors(count: Int)
    /// More field behaviors in one animator than the engine supports (32).
    case tooManyFields(count: Int)
    /// An attachment is malformed: an item attached to itself, or an anchor moved on an
    /// item–item attachment (its anchor is fixed to the items).
    case invalidAttachment(reason: String)
    /// A boundary is invalid (non-finite point, fewer than 2 points, or a duplicate identifier).
    case invalidBoundary(identifier: String, reason: String)
    /// A layout index path has a negative section or item.
    case invalidIndexPath(section: Int, item: Int)
    /// A snapshot was restored into an animator whose behavior tree resolves to a different
    /// world (another number of bodies, shapes, members, boundaries, joints or pushes).
    case snapshotDoesNotFit(reason: String)
}
