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
    /// - Throws: the first member error, or ``MotionEffectError/mismatchedKinds(_:_:)`` when two members
    ///   drive one key path with different kinds.
    public override func keyPathsAndRelativeValues(
        forViewerOffset viewerOffset: ViewerOffset
    ) throws(MotionEffectError) -> [AnimatableKeyPath: MotionValue] {
        var sum: [AnimatableKeyPath: MotionValue] = [:]
        for effect in motionEffects {
            for (keyPath, value) in try effect.keyPathsAndRelativeValues(forViewerOffset: viewerOffset) {
                sum[keyPath] = try sum[keyPath].map { (v) throws(MotionEffectError) in try v.adding(value) } ?? value
            }
        }
        return sum
    }
}
