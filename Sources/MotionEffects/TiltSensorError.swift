/// Errors raised when configuring the simulated tilt-sensor path.
public enum TiltSensorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The parameter `name` is unusable; `reason` says why (e.g. "must be finite", "must be > 0").
    case invalidParameter(name: String, reason: String)

    /// A readable message naming the parameter and the reason.
    public var description: String {
        switch self {
        case .invalidParameter(let name, let reason): "invalid parameter '\(name)': \(reason)"
        }
    }
}
