/// The geometric stiffness of a loaded point joint or taut rope, which the position projection
/// takes as added rotational inertia (Tournier, Nesme, Gilles & Faure, "Stable Constrained
/// Dynamics", ACM Trans. Graph. 34(4), 2015).
extension Joint {
    /// Adds to `addedInertia` (mass·pt², one entry per body) the stiffness of this joint's pull on
    /// each body's rotation, taken implicitly over a sub-step of `h` seconds.
    ///
    /// A joint pulling a body with force F at arm r turns with the body: a turn dθ turns F's torque
    /// back by (F·r)·dθ. Implicitly over the sub-step that is h²·(F·r) of rotational inertia, with
    /// F = P/h for the sub-step's impulse P (a rope's along its line). Only a pull outwards along
    /// the arm stiffens (a push would soften, and is left out as Tournier et al. leave out negative
    /// stiffness). Rods, whose stiffness also couples the two bodies' translations, and the other
    /// kinds add nothing.
    ///
    /// A light link between heavy ones is where this matters. Under a tension T it stiffens by
    /// h²·T·|r|, far above its own inertia: with it, the projection turns the link only as far as
    /// the tension lets it and moves the heavy item instead. Without it, the mass-weighted steps
    /// swept the light links through tenths of a radian each, alternating in sign, and a pinned
    /// chain under an item 850 times heavier stayed 2 to 4 pt apart. A light pin chain holding an
    /// item 160 times heavier by a rope kept its last pin 3.4 pt apart while the rope's pull was
    /// left out and its link got no stiffness at all; it holds with both.
    func addGeometricStiffness(to addedInertia: inout [Double], substep h: Double) {
        guard isActive && spring.isRigid else { return }
        let impulse: Vector
        switch kind {
        case .point, .weld, .pin: impulse = pointImpulse
        case .rope: impulse = direction * linearImpulse
        case .distance, .slider, .snap: return
        }
        addedInertia[Int(bodyA)] += h * max(0, -impulse.dot(armA))
        if bodyB >= 0 { addedInertia[Int(bodyB)] += h * max(0, impulse.dot(armB)) }
    }
}
