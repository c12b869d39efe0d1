/// How a push acts over time.
public enum PushMode: String, SceneKeyword {
    /// A constant force, applied every sub-step while active.
    case continuous
    /// One impulse on the first step after the push is added or re-activated; then it turns off.
    case instantaneous
}

/// A push acting on some items (SPEC: `PushBehavior`): a force F accelerates an item of mass m by
/// `100·F/m` pt/s²; an impulse J changes its velocity by `100·J/m` pt/s.
///
/// JSON keys: `items`, `mode` (required), `direction` or `angle` + `magnitude` (default zero),
/// `offsets` (`{itemID: vector}`, the point of application relative to the center, reference axes,
/// points; default none), `active` (default true).
public struct PushSpec: Codable, Equatable, Sendable {
    /// Item and group identifiers.
    public var items: [String]
    /// Continuous force or one impulse.
    public var mode: PushMode
    /// Force (UIKit newtons) or impulse (newton-seconds).
    public var direction: SceneDirection
    /// Point of application per item or group, relative to its center in reference axes (points).
    public var offsets: [String: SceneVector]
    /// Whether the push acts from the start.
    public var active: Bool

    /// Creates a push along a vector (UIKit newtons, or newton-seconds for an impulse).
    public init(items: [String], mode: PushMode, direction: SceneVector, offsets: [String: SceneVector] = [:],
                active: Bool = true) {
        self.init(items: items, mode: mode, direction: .vector(direction), offsets: offsets, active: active)
    }

    /// Creates a push in either direction form.
    public init(items: [String], mode: PushMode, direction: SceneDirection, offsets: [String: SceneVector] = [:],
                active: Bool = true) {
        self.items = items
        self.mode = mode
        self.direction = direction
        self.offsets = offsets
        self.active = active
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case items, mode, offsets, active }

    static let jsonKeys = CodingKeys.allCases.map(\.stringValue) + SceneDirection.CodingKeys.allCases.map(\.stringValue)

    /// Decodes the fields (the behavior checks the keys).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode(.items, default: [])
        mode = try container.decode(.mode)
        offsets = try container.decode(.offsets, default: [:])
        active = try container.decode(.active, default: true)
        direction = try decoder.container(keyedBy: SceneDirection.CodingKeys.self)
            .decodeDirection(default: .vector(.zero))
    }

    /// Encodes the fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(mode, forKey: .mode)
        try container.encode(offsets, forKey: .offsets, omittingDefault: [:])
        try container.encode(active, forKey: .active, omittingDefault: true)
        var directionContainer = encoder.container(keyedBy: SceneDirection.CodingKeys.self)
        try directionContainer.encodeDirection(direction)
    }
}
