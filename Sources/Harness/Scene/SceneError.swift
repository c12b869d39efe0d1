/// Why a scene was refused: the path of the offending field (e.g. `items[2].size.width`) and
/// the reason.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Path of the field, in JSON terms.
    public var field: String
    /// What is wrong with it.
    public var reason: String

    /// Creates an error for `field`.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field: reason`.
    public var description: String { "\(field): \(reason)" }
}
