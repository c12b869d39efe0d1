/// The owner of a layout-mode animator (a collection view layout, headless): it shows the
/// ``LayoutAttributes`` the animator drives and is asked to refresh them after each step.
///
/// The animator holds its layout weakly: releasing the layout detaches it (see
/// ``DynamicAnimator/detachLayout()``).
public protocol DynamicLayout: AnyObject {
    /// Called once at the end of every step that moved at least one item (after the behaviors'
    /// `action` closures), so the owner can re-read the attributes and redraw. Never called for a
    /// step that ran no physics sub-step, for a paused animator, or once the layout is detached.
    func invalidateLayout(for animator: DynamicAnimator)
}

/// An animator's link to its layout (layout mode only).
struct LayoutLink {
    /// The layout; `nil` once released.
    weak var owner: (any DynamicLayout)?
    /// Set by ``DynamicAnimator/detachLayout()`` or when the owner is found released.
    var isDetached = false

    /// The layout to notify, or `nil` if detached or released.
    var attachedOwner: (any DynamicLayout)? { isDetached ? nil : owner }
}
