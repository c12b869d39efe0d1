/// A set of effects evaluated together on one and the same viewer-offset sample.
///
/// The group's relative values are the per-key-path sums of its members' relative values
/// (members that drive the same key path add up, in member order).
public final class MotionEffectGroup: MotionEffect {
    /// The member effects, evaluated in this order.
    public var motionEffects: [MotionEffect]

    /// Creates a group of the given effects.
    public init(_ motionEffects: [MotionEffect] = []) {
        self.motionEffects = motionEffects
    }

    /// Evaluates every member on `viewerOffset` and sums values per key path (key-path units).
    /// - Throws: the first member error, ``MotionEffectError/mismatchedKinds(_:_:)`` when two members
    ///   drive one key path with different kinds, or ``MotionEffectError/groupCycle`` when a group
    ///   contains itself (directly or through nested groups).
    public override func keyPathsAndRelativeValues(
        forViewerOffset viewerOffset: ViewerOffset
    ) throws(MotionEffectError) -> [AnimatableKeyPath: MotionValue] {
        try evaluate(viewerOffset, enclosing: [])
    }

    private func evaluate(_ viewerOffset: ViewerOffset, enclosing: [ObjectIdentifier]) throws(MotionEffectError)
        -> [AnimatableKeyPath: MotionValue] {
        guard !enclosing.contains(ObjectIdentifier(self)) else { throw .groupCycle }
        let path = enclosing + [ObjectIdentifier(self)]
        var sum: [AnimatableKeyPath: MotionValue] = [:]
        for effect in motionEffects {
            let values: [AnimatableKeyPath: MotionValue]
            if let group = effect as? MotionEffectGroup {
                values = try group.evaluate(viewerOffset, enclosing: path)
            } else {
                values = try effect.keyPathsAndRelativeValues(forViewerOffset: viewerOffset)
            }
            // Key paths in declaration order, so an error does not depend on hashing.
            for keyPath in AnimatableKeyPath.allCases {
                guard let value = values[keyPath] else { continue }
                sum[keyPath] = try sum[keyPath].map { (v) throws(MotionEffectError) in try v.adding(value) } ?? value
            }
        }
        return sum
    }
}
