extension AttachmentBehavior {
    /// The largest accepted deviation of ``axis``'s length from 1 (a normalised vector is
    /// within a few ulps; this leaves room for hand-written decimals such as (0.6, 0.8)).
    static let axisTolerance = 1e-9

    /// Throws the first invalid parameter: a non-finite or negative length, frequency, damping or
    /// friction torque; a non-finite range bound or anchor; a sliding range without 0; an anchor
    /// moved on an item–item attachment.
    func validate() throws(DynamicsError) {
        func check(_ value: Double, _ name: String) throws(DynamicsError) {
            guard value.isFinite, value >= 0 else {
                throw .invalidParameter(behavior: "AttachmentBehavior", parameter: name, value: value)
            }
        }
        try check(length, "length")
        try check(frequency, "frequency")
        try check(damping, "damping")
        try check(frictionTorque, "frictionTorque")
        guard anchorPoint.isFinite else {
            throw .invalidParameter(behavior: "AttachmentBehavior", parameter: "anchorPoint",
                                    value: anchorPoint.x.isFinite ? anchorPoint.y : anchorPoint.x)
        }
        if anchorMovedOnItems {
            throw .invalidAttachment(reason: "anchorPoint of an item–item attachment cannot move")
        }
        if let range = attachmentRange {
            for bound in [range.lowerBound, range.upperBound] where !bound.isFinite {
                throw .invalidParameter(behavior: "AttachmentBehavior", parameter: "attachmentRange", value: bound)
            }
            if kind == .sliding && !range.contains(0) {
                throw .invalidParameter(behavior: "AttachmentBehavior", parameter: "attachmentRange",
                                        value: range.lowerBound > 0 ? range.lowerBound : range.upperBound)
            }
        }
    }

    /// Throws unless `axis` is a finite unit vector.
    static func validateAxis(_ axis: Vector) throws(DynamicsError) {
        let length = axis.length
        guard axis.isFinite, abs(length - 1) <= axisTolerance else {
            throw .invalidParameter(behavior: "AttachmentBehavior", parameter: "axis", value: length)
        }
    }
}
