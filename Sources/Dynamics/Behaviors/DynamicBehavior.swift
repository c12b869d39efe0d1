/// The base of every behavior: a node of the behavior tree.
///
/// A child behaves exactly as if it had been added at the top level of the animator, at its
/// position in a pre-order walk; flat and nested trees therefore give bit-identical results.
/// Subclass it to compose behaviors (add children) or to run code every step (`action`).
open class DynamicBehavior {
    /// The children, in the order added.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// The behavior this one is a child of, if any.
    public private(set) weak var parent: DynamicBehavior?
    /// The animator this behavior (or an ancestor) has been added to.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    /// Code run once per animator step, after the physics and the collision callbacks.
    /// It may add or remove behaviors and items; those changes take effect after the step.
    public var action: (() -> Void)?

    /// Creates a behavior with no children.
    public init() {}

    /// Adds `child` at the end of the children. Adding a child twice is ignored.
    /// - Throws: ``DynamicsError/behaviorAlreadyHasParent`` or ``DynamicsError/behaviorCycle``;
    ///   ``DynamicsError/behaviorBelongsToAnotherAnimator`` if `child` is in another animator.
    public func addChildBehavior(_ child: DynamicBehavior) throws(DynamicsError) {
        if child.parent === self { return }
        guard child.parent == nil else { throw .behaviorAlreadyHasParent }
        var ancestor: DynamicBehavior? = self
        while let node = ancestor {
            if node === child { throw .behaviorCycle }
            ancestor = node.parent
        }
        if let other = child.dynamicAnimator {
            guard other === dynamicAnimator else { throw .behaviorBelongsToAnotherAnimator }
            other.removeBehavior(child)
        }
        try dynamicAnimator?.validateItems(in: child)
        childBehaviors.append(child)
        child.parent = self
        if let animator = dynamicAnimator {
            child.move(to: animator)
            animator.behaviorTreeDidChange()
        }
    }

    /// Removes `child`; its influence stops at the next step.
    public func removeChildBehavior(_ child: DynamicBehavior) {
        guard let index = childBehaviors.firstIndex(where: { $0 === child }) else { return }
        childBehaviors.remove(at: index)
        child.parent = nil
        if let animator = dynamicAnimator {
            child.move(to: nil)
            animator.behaviorTreeDidChange()
        }
    }

    /// Removes every child at once (one change of the tree); their influence stops at the next
    /// step. Each child keeps its own children and can be added again anywhere.
    public func removeAllChildBehaviors() {
        guard !childBehaviors.isEmpty else { return }
        let removed = childBehaviors
        childBehaviors.removeAll()
        for child in removed {
            child.parent = nil
            if dynamicAnimator != nil { child.move(to: nil) }
        }
        dynamicAnimator?.behaviorTreeDidChange()
    }

    /// Called when the behavior (or an ancestor) is added to an animator (`animator` non-nil) or
    /// removed from one (`nil`). Overrides must call `super`.
    open func willMove(to animator: DynamicAnimator?) {}

    /// Items this behavior names directly (not its children's); empty for a plain behavior.
    var directItems: [any DynamicItem] { [] }

    /// Adds this behavior's influence to `resolution`; called in pre-order by the animator.
    func contribute(to resolution: inout TreeResolution) throws(DynamicsError) {}

    /// Sets the animator of this subtree, calling `willMove(to:)` on each node.
    func move(to animator: DynamicAnimator?) {
        willMove(to: animator)
        dynamicAnimator = animator
        for child in childBehaviors { child.move(to: animator) }
    }

    /// Tells the animator that something that affects the physics changed.
    func setNeedsResolve() {
        dynamicAnimator?.behaviorTreeDidChange()
    }

    /// Calls `body` on this behavior and every descendant, pre-order.
    func forEachInPreOrder(_ body: (DynamicBehavior) throws(DynamicsError) -> Void) throws(DynamicsError) {
        try body(self)
        for child in childBehaviors { try child.forEachInPreOrder(body) }
    }
}
