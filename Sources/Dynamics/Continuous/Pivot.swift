extension World {
    /// The common point of a rigid point joint (point, weld or pin) between two bodies, in each
    /// one's frame relative to its center of mass (points).
    struct Pivot {
        var onBody: Vector
        var onOther: Vector

        /// A's point as `onBody` and B's as `onOther`, if `joint` is a rigid point joint acting this
        /// sub-step between two bodies.
        init?(of joint: Joint) {
            guard joint.isActive, joint.spring.isRigid, joint.bodyA >= 0, joint.bodyB >= 0 else { return nil }
            switch joint.kind {
            case .point, .weld, .pin: (onBody, onOther) = (joint.localA, joint.localB)
            case .distance, .rope, .slider, .snap: return nil
            }
        }

        init(onBody: Vector, onOther: Vector) {
            self.onBody = onBody
            self.onOther = onOther
        }

        /// The pivot of the rigid point joint between bodies `body` and `other`, if `joints` has
        /// one acting this sub-step; the first one found where there are several.
        static func between(_ body: Int32, and other: Int32, in joints: UnsafeBufferPointer<Joint>) -> Pivot? {
            for joint in joints {
                guard let pivot = Pivot(of: joint) else { continue }
                if joint.bodyA == body && joint.bodyB == other { return pivot }
                if joint.bodyA == other && joint.bodyB == body { return Pivot(onBody: pivot.onOther, onOther: pivot.onBody) }
            }
            return nil
        }
    }
}
