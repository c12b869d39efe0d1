extension DynamicAnimator {
    /// Sends this step's collision callbacks: every `began`, then every `ended`, to each
    /// collision behavior that the touching pair shares. Touches are gathered over all of the
    /// step's sub-steps, so a contact lasting one sub-step is still reported; a step that ran no
    /// sub-step changes nothing.
    func reportContacts(afterSubsteps substeps: Int) {
        guard substeps > 0 else {
            touches.cancelStep()
            return
        }
        touches.finishStep()
        for touch in touches.began { notify(touch, began: true) }
        for touch in touches.ended { notify(touch, began: false) }
    }

    private func notify(_ touch: TouchTracker.Touch, began: Bool) {
        let itemA = memberItems[Int(touch.memberA)]
        for bit in 0..<collisionBehaviors.count where touch.mask & (1 << UInt64(bit)) != 0 {
            let behavior = collisionBehaviors[bit]
            guard let delegate = behavior.collisionDelegate else { continue }
            if touch.memberB >= 0 {
                let itemB = memberItems[Int(touch.memberB)]
                if began {
                    delegate.collisionBehavior(behavior, beganContactFor: itemA, with: itemB, at: touch.point)
                } else {
                    delegate.collisionBehavior(behavior, endedContactFor: itemA, with: itemB)
                }
            } else {
                let identifier = boundaryOwners[Int(-1 - touch.memberB)].identifier
                if began {
                    delegate.collisionBehavior(behavior, beganContactFor: itemA, withBoundaryIdentifier: identifier, at: touch.point)
                } else {
                    delegate.collisionBehavior(behavior, endedContactFor: itemA, withBoundaryIdentifier: identifier)
                }
            }
        }
    }
}
