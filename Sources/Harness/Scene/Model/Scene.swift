/// A complete, engine-independent description of one simulation, and the scene file format.
///
/// Experiments, fuzzing, replay, the examples and the command-line tool all speak `Scene`; an
/// engine adapter turns it into a run. Every value is the harness's own (plain numbers, points,
/// enumerations), so another engine can run a scene without linking this project's engine.
///
/// ## The file
/// JSON, versioned by `schemaVersion` (this build writes ``currentSchemaVersion`` and reads
/// version 1 files too). Decode with ``decode(from:)``: a malformed file, an unknown key or kind,
/// or a value of the wrong type is a ``SceneError`` naming its JSON path; ``problems()`` then lists
/// every value that is out of range or inconsistent. The format itself is described in
/// `Sources/Harness/Scene/FORMAT.md`.
///
/// A custom field (a closure from a sample to a force) cannot be written in a file: it is code.
/// Behaviors that need code (an `action`, a delegate) are built-in scenarios, not scenes.
public struct Scene: Equatable, Sendable {
    /// The schema version this build writes.
    public static let currentSchemaVersion = 2
    /// The schema versions this build reads.
    public static let readableSchemaVersions = 1...2

    /// Human-readable name, used in reports and repro files.
    public var name: String
    /// The animator's reference bounds (points), or `nil` for raw items.
    public var referenceBounds: SceneRect?
    /// The items, addressed by their `id`.
    public var items: [SceneItem]
    /// Item groups: several items moving as one rigid body, addressed by the group's `id`.
    public var groups: [SceneGroup]
    /// The top-level behaviors, in the order they are added.
    public var behaviors: [SceneBehavior]
    /// What happens during the run, in time order.
    public var events: [SceneEvent]
    /// Sub-step, frame duration and length of the run.
    public var timing: SceneTiming
    /// What to record.
    public var recording: SceneRecording

    /// Creates a scene.
    public init(name: String, referenceBounds: SceneRect? = nil, items: [SceneItem], groups: [SceneGroup] = [],
                behaviors: [SceneBehavior], events: [SceneEvent] = [], timing: SceneTiming = SceneTiming(),
                recording: SceneRecording = SceneRecording()) {
        self.name = name
        self.referenceBounds = referenceBounds
        self.items = items
        self.groups = groups
        self.behaviors = behaviors
        self.events = events
        self.timing = timing
        self.recording = recording
    }

    /// Every behavior of the scene, top-level trees first and then those that events add, each
    /// tree in pre-order, with its JSON path.
    public var allBehaviors: [(path: String, behavior: SceneBehavior)] {
        var found: [(String, SceneBehavior)] = []
        func visit(_ behavior: SceneBehavior, _ path: String) {
            found.append((path, behavior))
            for (index, child) in behavior.children.enumerated() { visit(child, "\(path).children[\(index)]") }
        }
        for (index, behavior) in behaviors.enumerated() { visit(behavior, "behaviors[\(index)]") }
        for (index, event) in events.enumerated() {
            if case .addBehavior(let behavior, _) = event.action { visit(behavior, "events[\(index)].behavior") }
        }
        return found
    }
}
