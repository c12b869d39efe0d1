/// Reading the physics between frames, from ``DynamicAnimator/substepObserver``.
extension DynamicAnimator {
    /// The center (points) the physics gives `item` now, or `nil` if it is not simulated (yet).
    /// Between frames it is `item.center`; inside ``substepObserver`` it is the center after the
    /// sub-step just run, which the item receives only when the frame ends. A group's center is
    /// its center of mass, as ``step(by:)`` writes it.
    public func simulatedCenter(of item: any DynamicItem) -> Point? {
        simulatedState(of: item)?.center
    }

    /// What the physics gives `item` now, or `nil` if it is not simulated (yet): its center
    /// (points) and rotation (radians), and the velocity of that center (pt/s) and its angular
    /// velocity (rad/s). Between frames the pose is the item's own; inside ``substepObserver`` it
    /// is the state after the sub-step just run.
    ///
    /// The velocity is the center's, the point the pose names: for an item whose center is not
    /// its body's center of mass (a member of a group, or a path whose centroid is off its
    /// origin) that is the body's velocity plus ω × (center − center of mass), so that a spinning
    /// item's velocity agrees with how its center moves. A group's center is its center of mass.
    public func simulatedState(of item: any DynamicItem)
        -> (center: Point, angle: Double, velocity: Vector, angularVelocity: Double)? {
        let index: Int, center: Point, angle: Double
        if let member = memberIndex[ObjectIdentifier(item)] {
            index = Int(memberBody[member])
            let pose = pose(ofMember: member, in: world.bodies[index])
            (center, angle) = (pose.center, pose.transform.rotationAngle)
        } else if let body = bodyIndex[ObjectIdentifier(item)] {
            index = body
            (center, angle) = (world.bodies[body].position, world.bodies[body].angle)
        } else {
            return nil
        }
        let body = world.bodies[index]
        let arm = center - body.position
        let velocity = body.velocity + Vector(dx: -arm.dy, dy: arm.dx) * body.angularVelocity
        return (center, angle, velocity, body.angularVelocity)
    }
}
