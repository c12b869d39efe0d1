extension DynamicAnimator {
    /// Compiles the walk's joint specs against the new bodies (slot = body index) and records
    /// which joint each behavior owns.
    func makeJoints(_ specs: [JointSpec], items: [any DynamicItem], layouts: [ObjectIdentifier: BodyLayout]) {
        let h = configuration.substepDuration
        // Each item's center in its body's frame: a single item's member offset; a group's
        // center is its body's center of mass.
        let centers = items.map { item in
            item is DynamicItemGroup ? Vector.zero : (layouts[ObjectIdentifier(item)]?.members.first?.offset ?? .zero)
        }
        var joints: [Joint] = []
        joints.reserveCapacity(specs.count)
        var owners: [ObjectIdentifier: Int] = [:]
        for spec in specs {
            owners[ObjectIdentifier(spec.owner)] = joints.count
            var joint = Joint(
                kind: spec.kind, bodyA: Int32(spec.slotA), bodyB: Int32(spec.slotB),
                localA: centers[spec.slotA] + spec.offsetA,
                localB: spec.slotB >= 0 ? centers[spec.slotB] + spec.offsetB : spec.anchor.vectorFromOrigin,
                length: spec.length, referenceAngle: spec.referenceAngle, axis: spec.axis,
                lowerLimit: spec.lowerLimit, upperLimit: spec.upperLimit,
                maximumFrictionImpulse: PushBehavior.pointsPerUnit * spec.frictionTorque * h,
                spring: spec.frequency > 0
                    ? SpringStep(hertz: spec.frequency, dampingRatio: spec.dampingRatio, substep: h) : .rigid)
            if let index = jointIndex[ObjectIdentifier(spec.owner)], world.joints.indices.contains(index),
               case let previous = world.joints[index], previous.kind == joint.kind, previous.hasRun {
                joint.hasRun = true
                joint.takeImpulses(of: previous)
                if spec.slotB < 0 && previous.bodyB < 0 { continueAnchorMotion(of: &joint, from: previous) }
            }
            joints.append(joint)
        }
        world.joints = joints
        jointIndex = owners
    }

    /// A world anchor that moved while the tree was waiting to be resolved goes to its new place
    /// over the next frame, as it does when nothing else changed: the rebuilt joint starts where
    /// its predecessor's anchor is and heads for the new anchor. (Placed there at once, the
    /// anchor jumped, and a run whose tree changed before the move differed from one whose tree
    /// did not.) Only for a predecessor that ran: before any sub-step there is nothing to drag.
    private func continueAnchorMotion(of joint: inout Joint, from previous: Joint) {
        let target = joint.localB
        joint.localB = previous.localB
        if target != previous.localB {
            joint.anchorTarget = target
            joint.hasPendingTarget = true
        }
    }

    /// An attachment's anchor or a snap point moved: updates the world's joint directly when the
    /// tree is otherwise unchanged (no re-resolve), and resumes a paused animator.
    func jointAnchorDidMove(_ behavior: DynamicBehavior, to point: Point) {
        if !needsResolve, point.isFinite, let index = jointIndex[ObjectIdentifier(behavior)] {
            world.moveAnchor(ofJoint: index, to: point)
            resume()
        } else {
            // Not simulated yet, or invalid: the next resolve reads (and validates) the point.
            behaviorTreeDidChange()
        }
    }

    /// How many sub-steps a frame that leaves `remainder` seconds to simulate runs (the same
    /// arithmetic as the step loop).
    func substepCount(forRemainder remainder: Double) -> Int {
        let substep = configuration.substepDuration
        var remainder = remainder, count = 0
        while remainder >= substep * (1 - 1e-9) {
            count += 1
            remainder = max(0, remainder - substep)
        }
        return count
    }
}
