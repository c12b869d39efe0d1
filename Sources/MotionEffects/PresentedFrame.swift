/// The presented values of a ``MotionTarget`` at one display frame of a simulation.
public struct PresentedFrame: Hashable, Sendable {
    /// Frame time, seconds from the start.
    public var time: Double
    /// The clamped viewer offset applied at this frame (dimensionless).
    public var offset: ViewerOffset
    /// Presented value per key path (base + effects), each in its key path's units.
    public var values: [AnimatableKeyPath: MotionValue]
}
