/// Timing and rest-detection settings of a ``DynamicAnimator``.
public struct AnimatorConfiguration: Equatable, Sendable, Codable {
    /// Fixed physics sub-step in seconds (default 1/120).
    public var substepDuration: Double = 1.0 / 120
    /// A frame longer than this (seconds) is treated as ``longFrameReplacement`` (default 0.5).
    public var maximumFrameDuration: Double = 0.5
    /// What an over-long frame counts as, in seconds (default 1/60).
    public var longFrameReplacement: Double = 1.0 / 60
    /// Items slower than this (pt/s) count as resting (default 1).
    public var restLinearSpeed: Double = 1
    /// Items turning slower than this (rad/s) count as resting (default 2°/s).
    public var restAngularSpeed: Double = 2 * Double.pi / 180
    /// How long (seconds) everything must rest before the animator pauses (default 0.5).
    public var restDuration: Double = 0.5

    /// The defaults of SPEC.md.
    public init() {}

    /// Throws if a value is non-finite or non-positive (speeds may be zero).
    public func validate() throws(DynamicsError) {
        let positive: [(String, Double)] = [
            ("substepDuration", substepDuration), ("maximumFrameDuration", maximumFrameDuration),
            ("longFrameReplacement", longFrameReplacement), ("restDuration", restDuration),
        ]
        for (name, value) in positive where !(value.isFinite && value > 0) {
            throw .invalidParameter(behavior: "DynamicAnimator", parameter: name, value: value)
        }
        for (name, value) in [("restLinearSpeed", restLinearSpeed), ("restAngularSpeed", restAngularSpeed)]
        where !(value.isFinite && value >= 0) {
            throw .invalidParameter(behavior: "DynamicAnimator", parameter: name, value: value)
        }
    }
}
