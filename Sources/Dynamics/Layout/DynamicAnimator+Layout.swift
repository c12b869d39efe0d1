/// Layout mode: the animator drives ``LayoutAttributes`` for a ``DynamicLayout`` owner.
///
/// Behaviors are added as usual, with attributes as their items. Every simulated item takes part
/// in the physics whether or not it is visible, so off-screen cells can push visible ones; the
/// owner asks for what it shows with ``layoutAttributes(in:)`` (or ``items(in:)``) and
/// ``layoutAttributesForCell(at:)``. After each step that moved something the owner's
/// ``DynamicLayout/invalidateLayout(for:)`` is called. Once the layout is detached (by
/// ``detachLayout()`` or by being released) the animator pauses for good and does no more work.
extension DynamicAnimator {
    /// Creates an animator in layout mode, driving attributes for `layout` (held weakly).
    /// - Parameters:
    ///   - layout: the owner asked to invalidate its layout after each step that moved something.
    ///   - referenceBounds: the layout's content rectangle (points), giving the coordinate system
    ///     and the reference-bounds boundary, or `nil` for none.
    ///   - configuration: timing, rest and solver settings.
    /// - Throws: ``DynamicsError/invalidReferenceBounds(_:)`` or an invalid configuration value.
    public convenience init(layout: some DynamicLayout, referenceBounds: Rect? = nil,
                            configuration: AnimatorConfiguration = .init()) throws(DynamicsError) {
        try self.init(referenceBounds: referenceBounds, configuration: configuration)
        layoutLink = LayoutLink(owner: layout)
    }

    /// Whether the animator was created in layout mode (still true after the layout is detached).
    public var isInLayoutMode: Bool { layoutLink != nil }

    /// The layout this animator drives; `nil` if not in layout mode, detached or released.
    public var layout: (any DynamicLayout)? { layoutLink?.attachedOwner }

    /// Detaches the layout: the animator pauses (delegate `didPause` if it was running), calls
    /// the layout no more, and stays paused whatever changes (a detached animator does no work).
    /// A layout that is released is detached the same way, at the animator's next ``step(by:)``.
    /// Does nothing outside layout mode or if already detached.
    public func detachLayout() {
        guard layoutLink != nil, layoutLink?.isDetached == false else { return }
        layoutLink?.isDetached = true
        pause()
    }

    /// The attributes of the cell at `indexPath` among the items the animator simulates (group
    /// members included), or `nil` if none; the first in tree order if several share the path.
    /// Linear in the number of simulated items.
    public func layoutAttributesForCell(at indexPath: LayoutIndexPath) -> LayoutAttributes? {
        resolveForQuery()
        for item in memberItems {
            if let attributes = item as? LayoutAttributes, attributes.indexPath == indexPath { return attributes }
        }
        return nil
    }

    /// The simulated attributes whose transformed bounds meet `rect` (reference coordinates,
    /// points), e.g. the visible rectangle, ordered by index path. Answered from the broad phase
    /// like ``items(in:)``; members of a group are tested on their own boxes.
    public func layoutAttributes(in rect: Rect) -> [LayoutAttributes] {
        var found: [LayoutAttributes] = []
        for item in items(in: rect) {
            if let group = item as? DynamicItemGroup {
                for case let member as LayoutAttributes in group.items where member.boundingBox.intersects(rect) {
                    found.append(member)
                }
            } else if let attributes = item as? LayoutAttributes {
                found.append(attributes)
            }
        }
        return found.sorted { $0.indexPath < $1.indexPath }
    }

    /// Whether a paused animator may resume: always outside layout mode; in layout mode only
    /// while the layout is attached and alive.
    var layoutAllowsRunning: Bool {
        guard let link = layoutLink else { return true }
        return link.attachedOwner != nil
    }

    /// At the start of a step: a layout found released is detached, pausing the animator.
    func detachReleasedLayout() {
        guard let link = layoutLink, !link.isDetached, link.owner == nil else { return }
        detachLayout()
    }

    /// At the end of a step: asks the layout to invalidate if an item moved.
    func notifyLayout(itemsMoved: Bool) {
        guard itemsMoved, let owner = layoutLink?.attachedOwner else { return }
        owner.invalidateLayout(for: self)
    }
}
