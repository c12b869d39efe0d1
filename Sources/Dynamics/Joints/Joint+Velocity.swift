import Foundation

/// Velocity rows of a joint: what every kind shares, and the dispatch to each family's rows
/// (`Joint+DistanceRows.swift`, `Joint+PointRows.swift`, `Joint+SliderRows.swift`).
/// Conventions: point and distance impulses act on B at `armB` and oppositely on A at `armA`;
/// angular impulses turn B forwards and A backwards; slider impulses act on A (the mover) along the
/// row and oppositely on B (the axis owner), whose lever is `separation + armB` because the axis
/// turns with B (Box2D's prismatic joint, roles swapped).
extension Joint {
    /// Forgets the accumulated impulses.
    mutating func clearImpulses() {
        pointImpulse = .zero
        linearImpulse = 0
        angularImpulse = 0
        lowerImpulse = 0
        upperImpulse = 0
        frictionImpulse = 0
    }

    /// Takes the accumulated impulses of the joint this one replaces (the same behavior, when the
    /// tree was resolved again), so that a rebuilt joint warm-starts as the old one would have:
    /// a change elsewhere in the tree no longer cold-starts every joint.
    mutating func takeImpulses(of previous: Joint) {
        pointImpulse = previous.pointImpulse
        linearImpulse = previous.linearImpulse
        angularImpulse = previous.angularImpulse
        lowerImpulse = previous.lowerImpulse
        upperImpulse = previous.upperImpulse
        frictionImpulse = previous.frictionImpulse
    }

    /// The two bodies at the sub-step's start, as every kind's preparation reads them.
    struct Start {
        /// World-space arms to the attachment points, and the points (points).
        var rA: Vector, rB: Vector, pA: Vector, pB: Vector
        /// Inverse masses and inertias (B's 0 for the world).
        var mA: Double, mB: Double, iA: Double, iB: Double
        /// Accelerations of the attachment points under constant forces (pt/s²).
        var accelerationA: Vector, accelerationB: Vector
        /// B's angle (radians), nil for the world.
        var angleB: Double?
    }

    /// Acceleration (pt/s²) of the material point at `arm` of a body under its constant forces.
    @inline(__always)
    private static func acceleration(of body: Body, at arm: Vector) -> Vector {
        body.acceleration + Vector(dx: -body.angularAcceleration * arm.dy, dy: body.angularAcceleration * arm.dx)
    }

    /// Arms, errors, effective masses and loads from `a` and `b` (nil: the world) at the
    /// sub-step's start.
    mutating func prepare(_ a: Body, _ b: Body?) {
        let rA = localA.rotated(by: a.angle)
        let rB = b.map { localB.rotated(by: $0.angle) } ?? .zero
        let start = Start(rA: rA, rB: rB, pA: a.position.vectorFromOrigin + rA, pB: b.map { $0.position.vectorFromOrigin + rB } ?? localB,
                          mA: a.inverseMass, mB: b?.inverseMass ?? 0, iA: a.inverseInertia, iB: b?.inverseInertia ?? 0,
                          accelerationA: Self.acceleration(of: a, at: rA),
                          accelerationB: b.map { Self.acceleration(of: $0, at: rB) } ?? .zero, angleB: b?.angle)
        if kind == .point || kind == .pin || kind == .weld || kind == .snap {
            pointImpulse = pointImpulse.rotated(by: warmStartTurn(from: (armA, armB), to: (rA, rB), start))
        }
        armA = rA
        armB = rB
        extent = max(a.extent, b?.extent ?? 0)
        let relativeAngle = (b?.angle ?? 0) - a.angle - referenceAngle
        angularMass = start.iA + start.iB > 0 ? 1 / (start.iA + start.iB) : 0
        angularLoad = (b?.angularAcceleration ?? 0) - a.angularAcceleration
        switch kind {
        case .distance, .rope: prepareDistanceRows(start)
        case .point, .weld, .pin, .snap: preparePointRows(start, relativeAngle: relativeAngle)
        case .slider: prepareSliderRows(start, relativeAngle: relativeAngle)
        }
    }

    /// How far (radians) a point impulse carried over from the previous sub-step turns with the
    /// arms: each arm's turn since then, weighted by the share its body's rotation has in the
    /// attachment point's response (i·r² against m + i·r², both bodies together). A light body on
    /// a long arm swings the point by turning, and the force holding it (mostly along the arm)
    /// turns with it; a wheel pinned near its center turns without moving the point or the force.
    private func warmStartTurn(from old: (Vector, Vector), to new: (Vector, Vector), _ start: Start) -> Double {
        func turn(_ old: Vector, _ new: Vector) -> Double {
            old.lengthSquared > 0 && new.lengthSquared > 0 ? atan2(old.cross(new), old.dot(new)) : 0
        }
        let rotationA = start.iA * new.0.lengthSquared, rotationB = start.iB * new.1.lengthSquared
        let response = start.mA + start.mB + rotationA + rotationB
        guard response > 0 else { return 0 }
        return (rotationA * turn(old.0, new.0) + rotationB * turn(old.1, new.1)) / response
    }

    /// Applies the accumulated impulses (warm start).
    func applyAccumulated(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool) {
        switch kind {
        case .distance, .rope:
            Self.applyPoint(direction * linearImpulse, &a, &b, hasB: hasB, armA: armA, armB: armB)
        case .point, .weld, .pin, .snap:
            Self.applyPoint(pointImpulse, &a, &b, hasB: hasB, armA: armA, armB: armB)
            Self.applyAngular(angularImpulse + lowerImpulse + upperImpulse + frictionImpulse, &a, &b, hasB: hasB)
        case .slider:
            Self.applySlider(linearImpulse, along: normal, arms: normalArms, &a, &b, hasB: hasB)
            Self.applySlider(lowerImpulse + upperImpulse, along: direction, arms: axialArms, &a, &b, hasB: hasB)
            Self.applyAngular(angularImpulse, &a, &b, hasB: hasB)
        }
    }

    /// One pass over the joint's rows: friction and limits, then the angle row, then the point or
    /// linear rows. Returns the largest change of a row's velocity (pt/s; angular rows at `extent`).
    mutating func solveVelocities(_ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, substep h: Double) -> Double {
        switch kind {
        case .distance, .rope: solveDistanceRows(&a, &b, hasB: hasB, substep: h)
        case .point, .weld, .pin, .snap: solvePointRows(&a, &b, hasB: hasB, substep: h)
        case .slider: solveSliderRows(&a, &b, hasB: hasB, substep: h)
        }
    }

    // MARK: Shared by the rows

    /// Relative angular velocity, B's minus A's (rad/s; the world does not turn).
    @inline(__always)
    static func spin(_ a: SolverBody, _ b: SolverBody, hasB: Bool) -> Double {
        (hasB ? b.angularVelocity : 0) - a.angularVelocity
    }

    /// Relative velocity of the attachment points, B's minus A's (pt/s; the world anchor may move).
    @inline(__always)
    func pointVelocity(_ a: SolverBody, _ b: SolverBody, hasB: Bool) -> Vector {
        (hasB ? b.velocity(at: armB) : anchorVelocity) - a.velocity(at: armA)
    }

    /// A row's new impulse: rigid (to zero velocity) or a spring (``SpringStep``).
    @inline(__always)
    func equalityImpulse(speed: Double, error: Double, load: Double, mass: Double, accumulated: Double) -> Double {
        spring.isRigid ? -mass * speed
            : -mass * (spring.massScale * speed + spring.bias(error: error, load: load)) - spring.impulseScale * accumulated
    }

    /// Where B's attachment point will be relative to A's at the sub-step's end, if the bodies
    /// keep their velocities (points).
    ///
    /// Rigid rows measure the relative motion of the attachment points over the sub-step exactly
    /// (the bodies' turns included) rather than to first order: this predicted separation, minus
    /// the one at the start, over h. To first order that is the rows' velocity; the second-order
    /// part (the chord of a turning arm, the curvature of a swing) is what would otherwise become
    /// drift, removed on positions at a loss of kinetic energy. Enforcing it is SHAKE's position
    /// condition (Ryckaert, Ciccotti & Berendsen, J. Comput. Phys. 23, 1977) solved on velocities,
    /// which keeps a swinging rod's energy to O(h²) instead of losing ~(h·v/L)² per sub-step.
    @inline(__always)
    func predictedSeparation(_ a: SolverBody, _ b: SolverBody, hasB: Bool, substep h: Double) -> Vector {
        let endA = a.position.vectorFromOrigin + a.velocity * h + localA.rotated(by: a.angle + a.angularVelocity * h)
        let endB = hasB ? b.position.vectorFromOrigin + b.velocity * h + localB.rotated(by: b.angle + b.angularVelocity * h)
            : localB + anchorVelocity * h
        return endB - endA
    }

    // MARK: Impulse application

    /// Applies a point impulse (mass·pt/s) to B at `armB` and its opposite to A at `armA`.
    @inline(__always)
    static func applyPoint(_ impulse: Vector, _ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool, armA: Vector, armB: Vector) {
        a.apply(impulse: -impulse, at: armA)
        if hasB { b.apply(impulse: impulse, at: armB) }
    }

    /// Applies an angular impulse (mass·pt²/s) forwards to B and backwards to A.
    @inline(__always)
    static func applyAngular(_ impulse: Double, _ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool) {
        a.angularVelocity -= a.inverseInertia * impulse
        if hasB { b.angularVelocity += b.inverseInertia * impulse }
    }

    /// Applies a slider row's impulse (mass·pt/s) to A along `axis` and its opposite to B, each
    /// turning by its arm.
    @inline(__always)
    static func applySlider(_ impulse: Double, along axis: Vector, arms: (b: Double, a: Double),
                            _ a: inout SolverBody, _ b: inout SolverBody, hasB: Bool) {
        a.velocity += axis * (impulse * a.inverseMass)
        a.angularVelocity += a.inverseInertia * impulse * arms.a
        if hasB {
            b.velocity -= axis * (impulse * b.inverseMass)
            b.angularVelocity -= b.inverseInertia * impulse * arms.b
        }
    }
}
