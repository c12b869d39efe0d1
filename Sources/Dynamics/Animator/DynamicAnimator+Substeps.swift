/// Reading the physics between frames, from ``DynamicAnimator/substepObserver``.
extension DynamicAnimator {
    /// The center (points) the physics gives `item` now, or `nil` if it is not simulated (yet).
    /// Between frames it is `item.center`; inside ``substepObserver`` it is the center after the
    /// sub-step just run, which the item receives only when the frame ends. A group's center is
    /// its center of mass, as ``step(by:)`` writes it.
    public func simulatedCenter(of item: any DynamicItem) -> Point? {
        if let member = memberIndex[ObjectIdentifier(item)] {
            return pose(ofMember: member, in: world.bodies[Int(memberBody[member])]).center
        }
        return bodyIndex[ObjectIdentifier(item)].map { world.bodies[$0].position }
    }
}
