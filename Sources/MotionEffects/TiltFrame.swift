/// One display frame of a ``TiltSensorSimulation``: every stage of the sensor path at `time`.
public struct TiltFrame: Hashable, Sendable {
    /// Frame time, seconds from the start.
    public var time: Double
    /// Raw attitude of the most recent sensor sample at or before `time` (sample-and-hold), radians.
    public var attitude: DeviceAttitude
    /// That attitude divided by the maximum tilt angle (dimensionless, not clamped).
    public var normalizedTilt: ViewerOffset
    /// Low-pass filtered normalised tilt at `time` (dimensionless, not clamped).
    public var smoothed: ViewerOffset
    /// `smoothed` clamped to [-1, 1]: the offset handed to the effects (dimensionless).
    public var offset: ViewerOffset
}
