/// Something that happens during a run, at a time, so that scripted interactions need no code.
///
/// Events take effect at frame boundaries: an event at `time` applies before the first frame
/// that starts at or after it. Events at the same time apply in file order.
///
/// JSON: `{"time": 1.5, "action": "...", ...}` with, by action:
/// - `addBehavior`: `behavior` (a full behavior, with an `id` if later events name it) and
///   optional `parent` (the id of a present behavior; top level without it);
/// - `removeBehavior`: `target` (an id; its subtree goes with it);
/// - `moveAnchor`: `target` (an item–anchor attachment or a snap), `to` (points), and optional
///   `duration` (seconds; 0 jumps, more moves in a straight line at constant speed, as a drag);
/// - `setPushActive`: `target` (a push), `active`;
/// - `setParameter`: `target`, `parameter` (a key of the behavior's kind; see
///   ``SceneParameter``), `value`;
/// - `addVelocity`: `item`, and `linear` (pt/s) and/or `angular` (rad/s).
public struct SceneEvent: Equatable, Sendable {
    /// What the event does.
    public enum Action: Equatable, Sendable {
        /// Adds a behavior at the top level, or as the last child of `parent`.
        case addBehavior(SceneBehavior, parent: String?)
        /// Removes a behavior (and its subtree) wherever it is.
        case removeBehavior(String)
        /// Moves an item–anchor attachment's anchor or a snap's point to `to` (points), over
        /// `duration` seconds (0: at once).
        case moveAnchor(String, to: ScenePoint, duration: Double)
        /// Sets a push active or inactive; an instantaneous push fires again when re-activated.
        case setPushActive(String, active: Bool)
        /// Sets one parameter of a behavior.
        case setParameter(String, parameter: String, value: SceneValue)
        /// Adds linear (pt/s) and angular (rad/s) velocity to an item or group.
        case addVelocity(item: String, linear: SceneVector, angular: Double)
    }

    /// When the event happens (seconds from the start).
    public var time: Double
    /// What it does.
    public var action: Action

    /// Creates an event.
    public init(time: Double, _ action: Action) {
        self.time = time
        self.action = action
    }
}

extension SceneEvent: Codable {
    private enum ActionName: String, SceneKeyword {
        case addBehavior, removeBehavior, moveAnchor, setPushActive, setParameter, addVelocity
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case time, action, behavior, parent, target, to, duration, active, parameter, value, item, linear, angular
    }

    /// Decodes an event; refuses keys its action does not use.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        time = try container.decode(.time)
        let name: ActionName = try container.decode(.action)
        let keys: [CodingKeys] = switch name {
        case .addBehavior: [.behavior, .parent]
        case .removeBehavior: [.target]
        case .moveAnchor: [.target, .to, .duration]
        case .setPushActive: [.target, .active]
        case .setParameter: [.target, .parameter, .value]
        case .addVelocity: [.item, .linear, .angular]
        }
        try decoder.rejectUnknownKeys(allowed: ["time", "action"] + keys.map(\.stringValue))
        switch name {
        case .addBehavior:
            action = .addBehavior(try container.decode(.behavior), parent: try container.decodeIfPresent(String.self, forKey: .parent))
        case .removeBehavior:
            action = .removeBehavior(try container.decode(.target))
        case .moveAnchor:
            action = .moveAnchor(try container.decode(.target), to: try container.decode(.to),
                                 duration: try container.decode(.duration, default: 0))
        case .setPushActive:
            action = .setPushActive(try container.decode(.target), active: try container.decode(.active))
        case .setParameter:
            action = .setParameter(try container.decode(.target), parameter: try container.decode(.parameter),
                                   value: try container.decode(.value))
        case .addVelocity:
            action = .addVelocity(item: try container.decode(.item), linear: try container.decode(.linear, default: .zero),
                                  angular: try container.decode(.angular, default: 0))
        }
    }

    /// Encodes the event in the form described on the type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(time, forKey: .time)
        switch action {
        case .addBehavior(let behavior, let parent):
            try container.encode(ActionName.addBehavior, forKey: .action)
            try container.encode(behavior, forKey: .behavior)
            try container.encodeIfPresent(parent, forKey: .parent)
        case .removeBehavior(let target):
            try container.encode(ActionName.removeBehavior, forKey: .action)
            try container.encode(target, forKey: .target)
        case .moveAnchor(let target, let point, let duration):
            try container.encode(ActionName.moveAnchor, forKey: .action)
            try container.encode(target, forKey: .target)
            try container.encode(point, forKey: .to)
            try container.encode(duration, forKey: .duration, omittingDefault: 0)
        case .setPushActive(let target, let active):
            try container.encode(ActionName.setPushActive, forKey: .action)
            try container.encode(target, forKey: .target)
            try container.encode(active, forKey: .active)
        case .setParameter(let target, let parameter, let value):
            try container.encode(ActionName.setParameter, forKey: .action)
            try container.encode(target, forKey: .target)
            try container.encode(parameter, forKey: .parameter)
            try container.encode(value, forKey: .value)
        case .addVelocity(let item, let linear, let angular):
            try container.encode(ActionName.addVelocity, forKey: .action)
            try container.encode(item, forKey: .item)
            try container.encode(linear, forKey: .linear, omittingDefault: .zero)
            try container.encode(angular, forKey: .angular, omittingDefault: 0)
        }
    }
}
