import Foundation

/// Velocity rows of a joint. Conventions: point and distance impulses act on B at `armB` and
/// oppositely on A at `armA`; angular impulses turn B forwards and A backwards; slider impulses act
/// on A (the mover) along the row and oppositely on B (the axis owner), whose lever is
/// `separation + armB` because the axis turns with B (Box2D's prismatic joint, roles swapped).
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
        let pA = a.position.vectorFromOrigin + rA
        let pB = b.map { $0.position.vectorFromOrigin + rB } ?? localB
        let mA = a.inverseMass, iA = a.inverseInertia
        let mB = b?.inverseMass ?? 0, iB = b?.inverseInertia ?? 0
        armA = rA
        armB = rB
        extent = max(a.extent, b?.extent ?? 0)
        let accelerationA = Self.acceleration(of: a, at: rA)
        let accelerationB = b.map { Self.acceleration(of: $0, at: rB) } ?? .zero
        let relativeAngle = (b?.angle ?? 0) - a.angle - referenceAngle
        angularMass = iA + iB > 0 ? 1 / (iA + iB) : 0
        angularLoad = (b?.angularAcceleration ?? 0) - a.angularAcceleration
        switch kind {
        case .distance, .rope:
            let d = pB - pA, distance = d.length
            // Coincident points keep the last direction (the row is then along it).
            if distance > 1e-12 { direction = d / distance }
            linearError = distance - length
            let rnA = rA.cross(direction), rnB = rB.cross(direction)
            let k = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            linearMass = k > 0 ? 1 / k : 0
            linearLoad = direction.dot(accelerationB - accelerationA)
            // A soft rope pulls only while taut; a rigid one is speculative (see the solver).
            linearRowActive = kind == .distance || spring.isRigid || linearError > 0
            if !linearRowActive { linearImpulse = 0 }
        case .point, .weld, .pin, .snap:
            pointError = pB - pA
            let k11 = mA + mB + iA * rA.dy * rA.dy + iB * rB.dy * rB.dy
            let k12 = -iA * rA.dx * rA.dy - iB * rB.dx * rB.dy
            let k22 = mA + mB + iA * rA.dx * rA.dx + iB * rB.dx * rB.dx
            let determinant = k11 * k22 - k12 * k12
            pointMass = determinant > 0 ? (k22 / determinant, -k12 / determinant, k11 / determinant) : (0, 0, 0)
            pointLoad = accelerationB - accelerationA
            // The snap turns the item back to 0 the short way round.
            angleError = kind == .snap ? remainder(relativeAngle, 2 * Double.pi) : relativeAngle
        case .slider:
            let u = b.map { axis.rotated(by: $0.angle) } ?? axis
            let p = Vector(dx: -u.dy, dy: u.dx)
            let d = pA - pB
            direction = u
            normal = p
            separation = d
            linearError = p.dot(d)
            translation = u.dot(d)
            let lever = d + rB
            normalArms = (lever.cross(p), rA.cross(p))
            axialArms = (lever.cross(u), rA.cross(u))
            let kn = mA + mB + iB * normalArms.b * normalArms.b + iA * normalArms.a * normalArms.a
            let ku = mA + mB + iB * axialArms.b * axialArms.b + iA * axialArms.a * axialArms.a
            linearMass = kn > 0 ? 1 / kn : 0
            axialMass = ku > 0 ? 1 / ku : 0
            linearLoad = p.dot(accelerationA - accelerationB)
            angleError = relativeAngle
        }
    }

    /// Applies the accumulated impulses (warm start).
    func applyAccumulated(_ a: inout Body, _ b: inout Body, hasB: Bool) {
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
    mutating func solveVelocities(_ a: inout Body, _ b: inout Body, hasB: Bool, substep h: Double) -> Double {
        var largest = 0.0
        let rA = armA, rB = armB
        let angularScale = (a.inverseInertia + (hasB ? b.inverseInertia : 0)) * extent
        @inline(__always) func spin() -> Double { (hasB ? b.angularVelocity : 0) - a.angularVelocity }
        @inline(__always) func turn(_ impulse: Double) {
            Self.applyAngular(impulse, &a, &b, hasB: hasB)
            largest = max(largest, abs(impulse) * angularScale)
        }
        // Relative velocity of the attachment points, B's minus A's (the world anchor may move).
        @inline(__always) func pointVelocity() -> Vector {
            (hasB ? b.velocity(at: rB) : anchorVelocity) - a.velocity(at: rA)
        }
        // A row's new impulse: rigid (to zero velocity) or a spring (``SpringStep``).
        @inline(__always) func equality(speed: Double, error: Double, load: Double, mass: Double, accumulated: Double) -> Double {
            spring.isRigid ? -mass * speed
                : -mass * (spring.massScale * speed + spring.bias(error: error, load: load)) - spring.impulseScale * accumulated
        }

        // Rigid rows measure the relative motion of the attachment points over the sub-step
        // exactly (the bodies' turns included) rather than to first order: the points' predicted
        // separation at the sub-step's end, minus the one at its start, over h. To first order
        // this is the rows' velocity; the second-order part (the chord of a turning arm, the
        // curvature of a swing) is what would otherwise become drift, removed on positions at a
        // loss of kinetic energy. Enforcing it is SHAKE's position condition (Ryckaert, Ciccotti
        // & Berendsen, J. Comput. Phys. 23, 1977) solved on velocities, which keeps a swinging
        // rod's energy to O(h²) instead of losing ~(h·v/L)² per sub-step.
        @inline(__always) func predictedSeparation() -> Vector {
            let endA = a.position.vectorFromOrigin + a.velocity * h + localA.rotated(by: a.angle + a.angularVelocity * h)
            let endB = hasB ? b.position.vectorFromOrigin + b.velocity * h + localB.rotated(by: b.angle + b.angularVelocity * h)
                : localB + anchorVelocity * h
            return endB - endA
        }

        switch kind {
        case .distance, .rope:
            guard linearRowActive, linearMass > 0 else { break }
            let old = linearImpulse
            if spring.isRigid {
                let start = linearError + length
                let predicted = predictedSeparation(), predictedLength = predicted.length
                // The impulse acts along the start direction, which moves the predicted length by
                // the cosine between the two directions (the Newton step is short by that factor,
                // which Gauss–Seidel tolerates). Past 90° the step pushes the wrong way and grows
                // with every iteration: a whipping chain's last links, turning by more than 60° in
                // one sub-step, blew up that way. There the row holds its first-order velocity
                // instead, which a Gauss–Seidel pass always contracts.
                let alignment = predictedLength > 0 ? predicted.dot(direction) / predictedLength : 0
                let change = alignment > 0.5 ? (predictedLength - start) / h : direction.dot(pointVelocity())
                if kind == .distance {
                    linearImpulse -= linearMass * change
                } else {
                    // At most the approach to `length` that closes the slack this sub-step; when
                    // taut (or over-stretched), no lengthening.
                    let allowance = max(0, -linearError) / h
                    linearImpulse = min(old - linearMass * (change - allowance), 0)
                }
            } else if kind == .distance {
                let speed = direction.dot(pointVelocity())
                linearImpulse += equality(speed: speed, error: linearError, load: linearLoad, mass: linearMass, accumulated: old)
            } else {
                let speed = direction.dot(pointVelocity())
                linearImpulse = min(old + equality(speed: speed, error: linearError, load: linearLoad, mass: linearMass, accumulated: old), 0)
            }
            let applied = linearImpulse - old
            Self.applyPoint(direction * applied, &a, &b, hasB: hasB, armA: rA, armB: rB)
            largest = max(largest, abs(applied) / linearMass)

        case .point, .weld, .pin, .snap:
            if kind == .pin, angularMass > 0 {
                if maximumFrictionImpulse > 0 {
                    let old = frictionImpulse
                    frictionImpulse = min(max(old - angularMass * spin(), -maximumFrictionImpulse), maximumFrictionImpulse)
                    turn(frictionImpulse - old)
                }
                if lowerLimit.isFinite {
                    let old = lowerImpulse
                    lowerImpulse = max(old - angularMass * (spin() + max(0, angleError - lowerLimit) / h), 0)
                    turn(lowerImpulse - old)
                }
                if upperLimit.isFinite {
                    let old = upperImpulse
                    upperImpulse = min(old - angularMass * (spin() - max(0, upperLimit - angleError) / h), 0)
                    turn(upperImpulse - old)
                }
            }
            if kind != .point && kind != .pin && angularMass > 0 {
                let delta = equality(speed: spin(), error: angleError, load: angularLoad, mass: angularMass, accumulated: angularImpulse)
                angularImpulse += delta
                turn(delta)
            }
            let m = pointMass
            guard m.m11 > 0 || m.m22 > 0 else { break }
            // The exact condition (see above) linearised with the start arms: where an arm turns by
            // more than 60° in one sub-step that linearisation no longer contracts (as for the
            // distance rows), and the row holds its first-order velocity instead.
            let armsTurnSlowly = max(abs(a.angularVelocity), hasB ? abs(b.angularVelocity) : 0) * h <= Double.pi / 3
            let target = spring.isRigid
                ? (armsTurnSlowly ? (predictedSeparation() - pointError) / h : pointVelocity())
                : pointVelocity() * spring.massScale + pointError * spring.stiffness - pointLoad * spring.loadFactor
            var delta = Vector(dx: -(m.m11 * target.dx + m.m12 * target.dy), dy: -(m.m12 * target.dx + m.m22 * target.dy))
            if !spring.isRigid { delta -= pointImpulse * spring.impulseScale }
            pointImpulse += delta
            Self.applyPoint(delta, &a, &b, hasB: hasB, armA: rA, armB: rB)
            let trace = a.inverseMass + a.inverseInertia * rA.lengthSquared
                + (hasB ? b.inverseMass + b.inverseInertia * rB.lengthSquared : 0)
            largest = max(largest, delta.length * trace)

        case .slider:
            @inline(__always) func speed(along axis: Vector, arms: (b: Double, a: Double)) -> Double {
                axis.dot(a.velocity - (hasB ? b.velocity : anchorVelocity)) + a.angularVelocity * arms.a
                    - (hasB ? b.angularVelocity * arms.b : 0)
            }
            if axialMass > 0 {
                if lowerLimit.isFinite {
                    let old = lowerImpulse
                    let gap = max(0, translation - lowerLimit) / h
                    lowerImpulse = max(old - axialMass * (speed(along: direction, arms: axialArms) + gap), 0)
                    Self.applySlider(lowerImpulse - old, along: direction, arms: axialArms, &a, &b, hasB: hasB)
                    largest = max(largest, abs(lowerImpulse - old) / axialMass)
                }
                if upperLimit.isFinite {
                    let old = upperImpulse
                    let gap = max(0, upperLimit - translation) / h
                    upperImpulse = min(old - axialMass * (speed(along: direction, arms: axialArms) - gap), 0)
                    Self.applySlider(upperImpulse - old, along: direction, arms: axialArms, &a, &b, hasB: hasB)
                    largest = max(largest, abs(upperImpulse - old) / axialMass)
                }
            }
            if angularMass > 0 {
                let delta = equality(speed: spin(), error: angleError, load: angularLoad, mass: angularMass, accumulated: angularImpulse)
                angularImpulse += delta
                turn(delta)
            }
            if linearMass > 0 {
                let delta = equality(speed: speed(along: normal, arms: normalArms), error: linearError, load: linearLoad,
                                     mass: linearMass, accumulated: linearImpulse)
                linearImpulse += delta
                Self.applySlider(delta, along: normal, arms: normalArms, &a, &b, hasB: hasB)
                largest = max(largest, abs(delta) / linearMass)
            }
        }
        return largest
    }

    // MARK: Impulse application

    @inline(__always)
    static func applyPoint(_ impulse: Vector, _ a: inout Body, _ b: inout Body, hasB: Bool, armA: Vector, armB: Vector) {
        a.apply(impulse: -impulse, at: armA)
        if hasB { b.apply(impulse: impulse, at: armB) }
    }

    @inline(__always)
    static func applyAngular(_ impulse: Double, _ a: inout Body, _ b: inout Body, hasB: Bool) {
        a.angularVelocity -= a.inverseInertia * impulse
        if hasB { b.angularVelocity += b.inverseInertia * impulse }
    }

    @inline(__always)
    static func applySlider(_ impulse: Double, along axis: Vector, arms: (b: Double, a: Double),
                            _ a: inout Body, _ b: inout Body, hasB: Bool) {
        a.velocity += axis * (impulse * a.inverseMass)
        a.angularVelocity += a.inverseInertia * impulse * arms.a
        if hasB {
            b.velocity -= axis * (impulse * b.inverseMass)
            b.angularVelocity -= b.inverseInertia * impulse * arms.b
        }
    }
}
