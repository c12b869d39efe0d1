import Foundation

/// The joint solver: sequential impulses with accumulated, warm-started impulses (Catto, "Iterative
/// Dynamics with Temporal Coherence", GDC 2005), solved in the same velocity iterations as the
/// contacts (joints first). Rigid rows are solved to zero relative velocity and their drift is
/// removed by a non-linear Gauss–Seidel pass on positions only (Box2D v2's joint position solver),
/// so correcting drift never adds velocity. Limits (rope, pin angle range, slider range) are
/// unilateral rows, speculative like contacts: across a gap they allow exactly the approach that
/// closes it. Spring rows use the exact two-step propagator of ``SpringStep``.
///
/// A body touched by an active joint is integrated as `x₁ = x₀ + h·v₁` (the flag it shares with
/// contacts), which is the integration the spring coefficients assume.
extension World {
    /// The largest position correction one joint makes per row-by-row position pass (points):
    /// drift is normally far smaller. The projection's steps are not bounded so (see
    /// ``JointProjection/step(_:_:order:tolerance:largestTurn:)``).
    static let maximumJointLinearCorrection = 20.0
    /// The largest angle correction one joint makes per position iteration (radians, 8°, as Box2D).
    static let maximumJointAngularCorrection = 8 * Double.pi / 180
    /// The largest error (points; angles at the joint's extent) the projection leaves alone: 0.003
    /// pt, a thirtieth of the default slop. Every link of a chain may keep an error this size, and
    /// a chain adds them up: at the slop (0.1 pt), a long whipping chain stretches several points
    /// before any one link passes it, and the step that takes that back moves the free end too far
    /// for the linear model (docs/decisions/0008).
    static let projectionTolerance = 0.003

    /// Arms, errors, effective masses and loads from positions at the sub-step's start; marks the
    /// bodies the joints touch and orders the joints for the projections (``JointOrder``).
    mutating func prepareJoints() {
        guard !joints.isEmpty else { return }
        bodies.withUnsafeMutableBufferPointer { bodies in
            joints.withUnsafeMutableBufferPointer { joints in
                for index in joints.indices {
                    var joint = joints[index]
                    joint.substepAnchorVelocity = joint.anchorVelocity
                    let a = bodies[Int(joint.bodyA)]
                    let hasB = joint.bodyB >= 0
                    let b = hasB ? bodies[Int(joint.bodyB)] : a
                    joint.isActive = !a.isStatic || (hasB && !b.isStatic)
                    guard joint.isActive else {
                        joint.clearImpulses()
                        joints[index] = joint
                        continue
                    }
                    if !a.isStatic { bodies[Int(joint.bodyA)].isInContact = true }
                    if hasB && !b.isStatic { bodies[Int(joint.bodyB)].isInContact = true }
                    joint.prepare(a, hasB ? b : nil)
                    joints[index] = joint
                }
                jointOrder.update(UnsafeBufferPointer(joints), bodies)
            }
        }
    }

    /// Applies last sub-step's accumulated impulses.
    mutating func warmStartJoints() {
        guard !joints.isEmpty else { return }
        bodies.withUnsafeMutableBufferPointer { bodies in
            joints.withUnsafeBufferPointer { joints in
                for joint in joints where joint.isActive {
                    var a = SolverBody(bodies, joint.bodyA), b = SolverBody(bodies, joint.bodyB)
                    joint.applyAccumulated(&a, &b, hasB: joint.bodyB >= 0)
                    a.storeVelocities(into: bodies, at: joint.bodyA)
                    b.storeVelocities(into: bodies, at: joint.bodyB)
                }
            }
        }
    }

    /// One Gauss–Seidel pass over every joint's rows. Returns the largest change of a row's
    /// velocity (pt/s; angular rows counted at the bodies' extent).
    mutating func solveJointVelocities() -> Double {
        guard !joints.isEmpty else { return 0 }
        let h = substep
        var largest = 0.0
        bodies.withUnsafeMutableBufferPointer { bodies in
            joints.withUnsafeMutableBufferPointer { joints in
                for index in joints.indices where joints[index].isActive {
                    let (bodyA, bodyB) = (joints[index].bodyA, joints[index].bodyB)
                    var a = SolverBody(bodies, bodyA), b = SolverBody(bodies, bodyB)
                    largest = max(largest, joints[index].solveVelocities(&a, &b, hasB: bodyB >= 0, substep: h))
                    a.storeVelocities(into: bodies, at: bodyA)
                    b.storeVelocities(into: bodies, at: bodyB)
                }
            }
        }
        return largest
    }

    /// One non-linear Gauss–Seidel pass on positions over the rigid rows and violated limits,
    /// leaving alone every error smaller than `tolerance` (points; angles at the joint's extent)
    /// and, if `skippingProjected`, the joints ``JointProjection`` corrects in full. Returns the
    /// largest error it found.
    @discardableResult
    mutating func correctJointPositions(tolerance: Double = 0, skippingProjected: Bool = false) -> Double {
        guard !joints.isEmpty else { return 0 }
        var largest = 0.0
        bodies.withUnsafeMutableBufferPointer { bodies in
            joints.withUnsafeBufferPointer { joints in
                for joint in joints where joint.isActive && (!skippingProjected || !joint.isProjected) {
                    var a = SolverBody(bodies, joint.bodyA), b = SolverBody(bodies, joint.bodyB)
                    largest = max(largest, joint.correctPositions(&a, &b, hasB: joint.bodyB >= 0, tolerance: tolerance))
                    a.storePose(into: bodies, at: joint.bodyA)
                    b.storePose(into: bodies, at: joint.bodyB)
                }
            }
        }
        return largest
    }

    /// After the velocity passes and before the positions move: when the passes left a rigid
    /// joint's row (``Joint/isProjected``) moving by more than the projection's tolerance over the
    /// sub-step, removes from the bodies' velocities every part that stretches a row, solving the
    /// rows at once (``JointProjection/projectVelocities(_:_:order:)``, which can only lower
    /// kinetic energy). Row by row, the passes hand a tension along a chain one link per pass and
    /// barely slow an item much heavier than its links, which then flies out and leaves the chain
    /// stretched for the position projection to pull back without its velocity.
    ///
    /// Only then: the projection holds each row's first-order rate at zero, where the passes hold
    /// the exact motion over the sub-step (the swing's curvature included), so a pendulum the
    /// passes solve keeps their velocities (projected every sub-step, the canonical rigid pendulum
    /// misses its period and amplitude tolerances). The projection does not solve the passes'
    /// exact condition itself (Newton steps on velocities): through a nearly singular system its
    /// second-order part becomes large velocities (docs/decisions/0012).
    mutating func projectJointVelocities() {
        guard !joints.isEmpty else { return }
        let h = substep
        let order = jointOrder.order
        let hasProjected = bodies.withUnsafeMutableBufferPointer { bodies in
            joints.withUnsafeBufferPointer { joints in
                jointProjection.leftUnsolved(joints, bodies, order: order, substep: h, tolerance: Self.projectionTolerance)
                    && jointProjection.projectVelocities(joints, bodies, order: order)
            }
        }
        // The projection's impulses are the rest of this sub-step's joint impulses: a rod's,
        // carried, starts the next sub-step's passes nearer the tension. Only the rods carry
        // theirs: carrying the pins' and welds' point impulses too stretched a pin chain
        // (docs/decisions/0012).
        if hasProjected {
            joints.withUnsafeMutableBufferPointer { joints in jointProjection.carryRodImpulses(into: joints) }
        }
    }

    /// The relax's part for joints: removes every velocity that stretches a rigid joint's row at
    /// the current poses (``JointProjection/projectVelocities(_:_:order:)``, RATTLE's velocity
    /// half, no bias), as Box2D v3 relaxes its joints beside its contacts. Kinetic energy can only
    /// drop. Returns whether it projected (nothing over the projection's budgets).
    @discardableResult
    mutating func relaxJointVelocities() -> Bool {
        guard !joints.isEmpty else { return false }
        let order = jointOrder.order
        return bodies.withUnsafeMutableBufferPointer { bodies in
            joints.withUnsafeBufferPointer { joints in jointProjection.projectVelocities(joints, bodies, order: order) }
        }
    }

    /// After the shared position passes, brings the joints' errors within the projection's
    /// tolerance and the slop: the rows of every ``Joint/isProjected`` joint at once by Newton steps
    /// (``JointProjection``), the rest row by row after each,
    /// up to ``largestExtraJointPositionIterationCount`` steps, and on to
    /// ``largestProjectionStepCount`` while the last two each left at most ``steadyProgress`` of
    /// the squared errors; velocities that the moves left
    /// stretching a row are then projected out, and the projected rows' carried impulses dropped.
    /// A step that does not reduce the errors is replaced by a row-by-row pass over every joint; a
    /// system over the projection's budgets gets only row-by-row passes, as before the
    /// projection. Row-by-row passes stay within ``extraJointPositionIterationLimit``.
    mutating func projectJointPositions() {
        guard !joints.isEmpty else { return }
        let slop = settings.linearSlop
        var hasMoved = false
        defer {
            if hasMoved {
                let order = jointOrder.order
                bodies.withUnsafeMutableBufferPointer { bodies in
                    joints.withUnsafeBufferPointer { joints in _ = jointProjection.projectVelocities(joints, bodies, order: order) }
                }
                // The impulses the velocity passes accumulated no longer describe what held the
                // joints: the projection moved the bodies and changed their velocities. Carried
                // into the next sub-step's warm start they kick the bodies (a rod chain under two
                // stretched ropes gains many times its energy), so the projected joints start cold
                // (a pin's limits and friction keep theirs). The cost: a whipping chain stretches
                // more than warm, which projecting the velocities before the positions move
                // (`projectJointVelocities`) mostly takes back (docs/decisions/0012).
                for index in joints.indices where joints[index].isActive && joints[index].isProjected {
                    joints[index].clearProjectedImpulses()
                }
            }
        }
        // The Newton steps turn each body in its inertia plus the geometric stiffness of the
        // joints pulling on it (``Joint/addGeometricStiffness(to:substep:)``), and, once a step's
        // rigid solution is known, the stiffness of its point joints' pull in that solution
        // (``JointProjection``).
        let h = substep
        joints.withUnsafeBufferPointer { jointProjection.takeGeometricStiffness(of: $0, bodyCount: bodies.count, substep: h) }
        // Row-by-row passes stay within the joint-correction budget, as before the projection.
        var rowByRowPasses = 0
        // Whether the last step left at most `steadyProgress` of the squared errors, and whether
        // the one before it did too; a stall clears both.
        var lastStepWasSteady = true, lastTwoStepsWereSteady = true
        func rowByRowPass(skippingProjected: Bool) -> Double? {
            guard rowByRowPasses < extraJointPositionIterationLimit else { return nil }
            rowByRowPasses += 1
            return correctJointPositions(tolerance: slop, skippingProjected: skippingProjected)
        }
        for stepCount in 0..<Self.largestProjectionStepCount {
            guard stepCount < Self.largestExtraJointPositionIterationCount || lastTwoStepsWereSteady else { return }
            let outcome = bodies.withUnsafeMutableBufferPointer { bodies in
                joints.withUnsafeBufferPointer { joints in
                    jointProjection.step(joints, bodies, order: jointOrder.order, tolerance: Self.projectionTolerance,
                                         largestTurn: Self.maximumJointAngularCorrection)
                }
            }
            switch outcome {
            case .overBudget:
                while let largest = rowByRowPass(skippingProjected: false), largest > slop {}
                return
            case .stalled:
                (lastStepWasSteady, lastTwoStepsWereSteady) = (false, false)
                guard let largest = rowByRowPass(skippingProjected: false), largest > slop else { return }
            case .withinTolerance:
                guard let largest = rowByRowPass(skippingProjected: true), largest > slop else { return }
            case .moved(let remaining):
                hasMoved = true
                _ = rowByRowPass(skippingProjected: true)
                let isSteady = remaining <= Self.steadyProgress
                (lastStepWasSteady, lastTwoStepsWereSteady) = (isSteady, lastStepWasSteady && isSteady)
            }
        }
    }

    // MARK: Dragging

    /// Sets where the world anchor of joint `index` goes; it gets there over the next frame's
    /// sub-steps, moving at constant velocity, so that a drag carries velocity into the item. A
    /// joint that has not run yet is placed there at once, as a joint made with that anchor.
    mutating func moveAnchor(ofJoint index: Int, to point: Point) {
        wake(Int(joints[index].bodyA))
        if joints[index].bodyB >= 0 { wake(Int(joints[index].bodyB)) }
        guard joints[index].hasRun else {
            joints[index].localB = point.vectorFromOrigin
            joints[index].hasPendingTarget = false
            return
        }
        joints[index].anchorTarget = point.vectorFromOrigin
        joints[index].hasPendingTarget = true
    }

    /// Starts the pending anchor motions of a frame that will run `substeps` sub-steps.
    mutating func beginFrame(substeps: Int) {
        guard substeps > 0 else { return }
        let duration = Double(substeps) * substep
        for index in joints.indices where joints[index].hasPendingTarget {
            joints[index].hasPendingTarget = false
            joints[index].anchorVelocity = (joints[index].anchorTarget - joints[index].localB) / duration
            joints[index].anchorStepsLeft = Int32(substeps)
        }
    }

    /// Moves the moving world anchors by one sub-step; each lands exactly on its target. Marks
    /// every joint as having run.
    mutating func advanceAnchors() {
        let h = substep
        for index in joints.indices { joints[index].hasRun = true }
        for index in joints.indices where joints[index].anchorStepsLeft > 0 {
            joints[index].anchorStepsLeft -= 1
            if joints[index].anchorStepsLeft == 0 {
                joints[index].localB = joints[index].anchorTarget
                joints[index].anchorVelocity = .zero
            } else {
                joints[index].localB += joints[index].anchorVelocity * h
            }
        }
    }
}
