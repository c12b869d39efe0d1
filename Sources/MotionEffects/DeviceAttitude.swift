/// Device orientation as two tilt angles, in radians.
///
/// `roll` drives the horizontal viewer offset (positive = tilted right) and `pitch` the vertical
/// one (positive = tilted down, top edge towards the viewer).
public struct DeviceAttitude: Hashable, Sendable {
    /// Rotation about the device's long axis, in radians; positive = tilted right.
    public var roll: Double
    /// Rotation about the device's short axis, in radians; positive = tilted down.
    public var pitch: Double

    /// Creates an attitude from angles in radians.
    public init(roll: Double, pitch: Double) {
        self.roll = roll
        self.pitch = pitch
    }

    /// The level attitude, (0, 0) radians.
    public static let level = DeviceAttitude(roll: 0, pitch: 0)

    /// `true` if both angles are finite.
    public var isFinite: Bool { roll.isFinite && pitch.isFinite }
}
