import Foundation

/// Integration: velocities before the solver, positions after it (the first and third steps of
/// the sub-step in `World.swift`).
extension World {
    /// Advances every velocity by the exact solution of `dv/dt = a − c·v` over the sub-step
    /// (fields evaluated once at its start), then drag fields implicitly (``DragStep``), and
    /// records the offset that makes a free body's move exact (see `ExponentialStep`).
    mutating func integrateVelocities() {
        let h = substep
        let maximumSpeed = settings.maximumLinearSpeed, maximumTurnRate = settings.maximumAngularSpeed
        bodies.withUnsafeMutableBufferPointer { bodies in
            for index in bodies.indices {
                var body = bodies[index]
                body.startPosition = body.position
                body.startAngle = body.angle
                // A body in contact moves by x₁ = x₀ + h·v₁ (semi-implicit Euler), so that contact
                // and relax passes agree on what a resting velocity is; a free body keeps the
                // exact offset, unless a force on it changes with its position (below).
                var exact = !body.isInContact
                var a = body.acceleration
                var dragFields: FieldMask = 0
                if body.fieldMask != 0 && body.inverseMass > 0 {
                    // Fields depend on position, velocity and time: evaluated once at the
                    // sub-step's start and held constant over it (first order in h).
                    let sample = FieldSample(position: body.position, velocity: body.velocity, mass: body.mass,
                                             charge: body.charge, time: time)
                    let response = fields.response(to: body.fieldMask, on: sample, over: h)
                    a += response.force * (PushBehavior.pointsPerUnit * body.inverseMass)
                    if response.dragFields != 0 {
                        dragFields = response.dragFields
                        exact = false
                    }
                    // Held at its start's value, a position-dependent force is exact for no
                    // motion, and the exact offset for a constant force then made a spring
                    // field's oscillation grow by (1 + θ²/2) in energy per sub-step (θ = ω·h): a
                    // 20×20 item in a spring field of strength 1 swung from 100 to 163 pt in 10 s.
                    // Moved by x₁ = x₀ + h·v₁ (symplectic Euler), its energy stays bounded.
                    if response.dependsOnPosition { exact = false }
                    if let velocity = response.velocityOverride { body.velocity = velocity }
                }
                if body.inverseMass > 0 {
                    let v0 = body.velocity, step = body.linearStep
                    var free = v0 * step.decay + a * step.phi1
                    if dragFields != 0 {
                        let position = body.position
                        free = DragStep.velocity(free, startVelocity: v0, inverseMass: body.inverseMass, over: h) { term in
                            fields.forEachDragTerm(in: dragFields, at: position, term)
                        }
                    }
                    let limited = SpeedLimit.clamp(free, to: maximumSpeed)
                    body.delta = exact && limited == free ? (v0 * step.phi1 + a * step.phi2) - free * h : .zero
                    body.velocity = limited
                } else {
                    body.delta = .zero
                }
                if body.inverseInertia > 0 {
                    let w0 = body.angularVelocity, a = body.angularAcceleration, step = body.angularStep
                    let free = w0 * step.decay + a * step.phi1
                    let limited = SpeedLimit.clamp(free, to: maximumTurnRate)
                    body.deltaAngle = exact && limited == free ? (w0 * step.phi1 + a * step.phi2) - free * h : 0
                    body.angularVelocity = limited
                } else {
                    body.deltaAngle = 0
                }
                bodies[index] = body
            }
        }
    }

    /// Moves every movable body by its offset plus `h·v`, within the speed limits.
    mutating func integratePositions() {
        let h = substep
        let maximumSpeed = settings.maximumLinearSpeed, maximumTurnRate = settings.maximumAngularSpeed
        bodies.withUnsafeMutableBufferPointer { bodies in
            for index in bodies.indices where !bodies[index].isStatic {
                var body = bodies[index]
                body.velocity = SpeedLimit.clamp(body.velocity, to: maximumSpeed)
                body.angularVelocity = SpeedLimit.clamp(body.angularVelocity, to: maximumTurnRate)
                body.position = body.startPosition + (body.delta + body.velocity * h)
                body.angle = body.startAngle + (body.deltaAngle + body.angularVelocity * h)
                body.delta = body.position - body.startPosition
                body.deltaAngle = body.angle - body.startAngle
                bodies[index] = body
            }
        }
    }
}
