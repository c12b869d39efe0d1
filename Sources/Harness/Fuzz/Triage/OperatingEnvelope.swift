import Foundation

/// The scenes inside which an engine must hold every invariant, in SPEC's terms: what UIKit
/// Dynamics users do (densities 0.01–100, items of 2 pt and up, speeds up to 5000 pt/s at the
/// usual sub-steps). Inside it a failure is a bug; outside it an engine must still stay finite,
/// contained, unembedded and without energy gain, and only accuracy may degrade. The fuzz
/// report counts the two apart. The engine's README states the same numbers.
public struct OperatingEnvelope: Codable, Equatable, Sendable {
    /// The largest mass ratio between two bodies that collide or are joined: densities 0.01–100
    /// give 10⁴ between items of one size.
    public var largestMassRatio = 1e4
    /// The thinnest item (points): SPEC's users make items of 2 pt and up.
    public var thinnestItem = 2.0
    /// The fastest any item moves (pt/s, its center's speed plus its spin times its radius), as
    /// the scene gives it and as reached before the failure.
    public var fastestSpeed = 5000.0
    /// The farthest an item moves in one sub-step, in its own thicknesses: a 2 pt item at
    /// 5000 pt/s moves 21 of them per 1/120 s sub-step.
    public var farthestTravelPerSubstep = 25.0
    /// The sub-steps (seconds): from 1/480 s to 1/60 s (the default is 1/120 s).
    public var shortestSubstep = 1.0 / 480, longestSubstep = 1.0 / 60
    /// The stiffest spring, as its frequency times the sub-step: 60 Hz at 1/120 s.
    public var stiffestSpring = 0.5
    /// The largest coordinate or size (points), as the scene gives them: where the run takes an
    /// item is judged by containment, not here.
    public var largestExtent = 1e5
    /// The largest constant acceleration on an item (pt/s²): the gravity behaviors, linear-gravity
    /// fields and continuous pushes on it together (the speed an instantaneous push gives counts
    /// as a speed). 10⁴ pt/s² is ten times SPEC's gravity, the most a UI asks for; it keeps the
    /// fixed 5 pt overlap bound of ``EmbeddedCheck`` meaningful, since soft contacts at Box2D v3's
    /// 30 Hz sag by a/ω² = 0.28 pt per item's weight they carry at that acceleration.
    public var largestAcceleration = 1e4
    /// The most a magnetic field may turn an item's velocity in one sub-step (radians): π, the
    /// turn per sub-step of the stiffest spring (ω·h = 2π × 0.5). Past it the item circles in
    /// less than two sub-steps, the step's path is no longer the field's, and the turn's
    /// dependence on where the item is (through the falloff) amplifies round-off by tens per
    /// sub-step: a 3 pt item turned 490 rad per sub-step strayed 0.09 pt from its own path
    /// turned by 90° within eight sub-steps (fuzz scene 20261127/1841).
    public var largestMagneticTurn = Double.pi
    /// The most of its bounds' inside a crowd may fill at the start (``CrowdFill``): 0.8, below
    /// the 0.82 at which disordered packings of disks jam, past which no push-out reaches an
    /// arrangement with every item clear.
    public var densestCrowd = 0.8
    // Items must also start where they fit among their walls (``StartingFit``): not a number
    // to tune, so not a field; ``EnvelopeReading`` applies it to every envelope.

    /// The envelope this project's engine promises (README), and the one every engine is judged
    /// by, so that failure rates compare.
    public static let standard = OperatingEnvelope()

    /// Creates the standard envelope.
    public init() {}

    /// What of the run lies outside the envelope, one phrase each (empty when inside). Speeds
    /// come from the scene's inputs and, with a trace, from its samples up to `time` (the whole
    /// run when `time` is nil), sub-steps included when the trace has them: a failure that sends
    /// an item to 10¹⁶ pt/s happened inside the envelope if every item was slower before it.
    public func excursions(of scene: Scene, trace: Trace?, before time: Double?) -> [String] {
        EnvelopeReading(scene, trace: trace, envelope: self).excursions(before: time)
    }
}
