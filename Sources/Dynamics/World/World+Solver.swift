/// The contact solver: prepare, warm start, solve (with and without position bias) and
/// restitution, in the soft-step arrangement described on ``World``.
extension World {
    /// Unit tangent of a contact normal (the normal rotated a quarter turn).
    @inline(__always)
    static func tangent(of normal: Vector) -> Vector { Vector(dx: -normal.dy, dy: normal.dx) }

    /// Anchors, effective masses and impact speeds, from positions and velocities at the
    /// sub-step's start.
    mutating func prepareContacts() {
        let h = substep
        bodies.withUnsafeBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for index in contacts.indices {
                    var contact = contacts[index]
                    let a = bodies[Int(contact.bodyA)]
                    let b: Body? = contact.bodyB >= 0 ? bodies[Int(contact.bodyB)] : nil
                    let relativeAcceleration = contact.normal.dot((b?.acceleration ?? .zero) - a.acceleration)
                    func prepare(_ point: inout ContactPoint) {
                        point.anchorA = point.point - a.position.vectorFromOrigin
                        point.anchorB = b.map { point.point - $0.position.vectorFromOrigin } ?? .zero
                        let n = contact.normal, t = Self.tangent(of: n)
                        let (mB, iB) = (b?.inverseMass ?? 0, b?.inverseInertia ?? 0)
                        let rnA = point.anchorA.cross(n), rnB = point.anchorB.cross(n)
                        let kNormal = a.inverseMass + mB + a.inverseInertia * rnA * rnA + iB * rnB * rnB
                        point.normalMass = kNormal > 0 ? 1 / kNormal : 0
                        let rtA = point.anchorA.cross(t), rtB = point.anchorB.cross(t)
                        let kTangent = a.inverseMass + mB + a.inverseInertia * rtA * rtA + iB * rtB * rtB
                        point.tangentMass = kTangent > 0 ? 1 / kTangent : 0
                        point.maxNormalImpulse = 0
                        let vB = b?.velocity(at: point.anchorB) ?? .zero
                        let normalSpeed = n.dot(vB - a.velocity(at: point.anchorA))
                        // Impact speed: across a gap s under constant relative acceleration, the
                        // approach speed on arrival is exactly sqrt(v₀² − 2·a·s).
                        let s = point.baseSeparation
                        let square = normalSpeed * normalSpeed - 2 * relativeAcceleration * s
                        if s > 0 && square > 0 && (normalSpeed < 0 || relativeAcceleration < 0) {
                            point.impactVelocity = -square.squareRoot()
                        } else {
                            point.impactVelocity = normalSpeed + relativeAcceleration * h
                        }
                    }
                    prepare(&contact.point0)
                    if contact.pointCount > 1 { prepare(&contact.point1) }
                    contacts[index] = contact
                }
            }
        }
    }

    mutating func warmStartContacts() {
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeBufferPointer { contacts in
                for contact in contacts {
                    let t = Self.tangent(of: contact.normal)
                    for k in 0..<contact.pointCount {
                        let point = k == 0 ? contact.point0 : contact.point1
                        let impulse = contact.normal * point.normalImpulse + t * point.tangentImpulse
                        bodies[Int(contact.bodyA)].apply(impulse: -impulse, at: point.anchorA)
                        if contact.bodyB >= 0 { bodies[Int(contact.bodyB)].apply(impulse: impulse, at: point.anchorB) }
                    }
                }
            }
        }
    }

    /// One Gauss–Seidel pass over every contact: normal impulses (soft push-out of overlap when
    /// `useBias`, speculative for gaps), then Coulomb friction.
    mutating func solveContacts(useBias: Bool) {
        let inverseH = 1 / substep
        let softness = settings.contactSoftness, pushOut = settings.maximumPushOutSpeed, slop = settings.linearSlop
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for index in contacts.indices {
                    var contact = contacts[index]
                    var a = bodies[Int(contact.bodyA)]
                    let hasB = contact.bodyB >= 0
                    var b = hasB ? bodies[Int(contact.bodyB)] : a
                    let n = contact.normal
                    func solveNormal(_ point: inout ContactPoint) {
                        let dA = a.delta + Vector(dx: -a.deltaAngle * point.anchorA.dy, dy: a.deltaAngle * point.anchorA.dx)
                        let dB = hasB ? b.delta + Vector(dx: -b.deltaAngle * point.anchorB.dy, dy: b.deltaAngle * point.anchorB.dx) : .zero
                        let s = point.baseSeparation + n.dot(dB - dA)
                        point.currentSeparation = s
                        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                        if s > 0 {
                            bias = s * inverseH
                        } else if useBias {
                            bias = max(softness.biasRate * min(0, s + slop), -pushOut)
                            massScale = softness.massScale
                            impulseScale = softness.impulseScale
                        }
                        let vB = hasB ? b.velocity(at: point.anchorB) : .zero
                        let vn = n.dot(vB - a.velocity(at: point.anchorA))
                        let impulse = -point.normalMass * massScale * (vn + bias) - impulseScale * point.normalImpulse
                        let total = max(point.normalImpulse + impulse, 0)
                        let applied = total - point.normalImpulse
                        point.normalImpulse = total
                        point.maxNormalImpulse = max(point.maxNormalImpulse, applied)
                        a.apply(impulse: n * -applied, at: point.anchorA)
                        if hasB { b.apply(impulse: n * applied, at: point.anchorB) }
                    }
                    func solveFriction(_ point: inout ContactPoint) {
                        let t = Self.tangent(of: n)
                        let vB = hasB ? b.velocity(at: point.anchorB) : .zero
                        let vt = t.dot(vB - a.velocity(at: point.anchorA))
                        let limit = contact.friction * point.normalImpulse
                        let total = min(max(point.tangentImpulse - point.tangentMass * vt, -limit), limit)
                        let applied = total - point.tangentImpulse
                        point.tangentImpulse = total
                        a.apply(impulse: t * -applied, at: point.anchorA)
                        if hasB { b.apply(impulse: t * applied, at: point.anchorB) }
                    }
                    solveNormal(&contact.point0)
                    if contact.pointCount > 1 { solveNormal(&contact.point1) }
                    solveFriction(&contact.point0)
                    if contact.pointCount > 1 { solveFriction(&contact.point1) }
                    bodies[Int(contact.bodyA)] = a
                    if hasB { bodies[Int(contact.bodyB)] = b }
                    contacts[index] = contact
                }
            }
        }
    }

    /// Gives impacts faster than the threshold a rebound of `restitution × impact speed`.
    /// The impulses before this pass are what the next sub-step warm-starts from.
    mutating func applyRestitution() {
        let threshold = settings.restitutionThreshold
        bodies.withUnsafeMutableBufferPointer { bodies in
            contacts.withUnsafeMutableBufferPointer { contacts in
                for index in contacts.indices {
                    var contact = contacts[index]
                    contact.point0.warmStartImpulse = contact.point0.normalImpulse
                    contact.point1.warmStartImpulse = contact.point1.normalImpulse
                    defer { contacts[index] = contact }
                    guard contact.restitution > 0 else { continue }
                    var a = bodies[Int(contact.bodyA)]
                    let hasB = contact.bodyB >= 0
                    var b = hasB ? bodies[Int(contact.bodyB)] : a
                    let n = contact.normal
                    func restitute(_ point: inout ContactPoint) {
                        guard point.impactVelocity < -threshold, point.maxNormalImpulse > 0 else { return }
                        let vB = hasB ? b.velocity(at: point.anchorB) : .zero
                        let vn = n.dot(vB - a.velocity(at: point.anchorA))
                        let impulse = -point.normalMass * (vn + contact.restitution * point.impactVelocity)
                        let total = max(point.normalImpulse + impulse, 0)
                        let applied = total - point.normalImpulse
                        point.normalImpulse = total
                        a.apply(impulse: n * -applied, at: point.anchorA)
                        if hasB { b.apply(impulse: n * applied, at: point.anchorB) }
                    }
                    restitute(&contact.point0)
                    if contact.pointCount > 1 { restitute(&contact.point1) }
                    bodies[Int(contact.bodyA)] = a
                    if hasB { bodies[Int(contact.bodyB)] = b }
                }
            }
        }
    }
}
