import Dynamics

/// A complete, engine-independent description of one simulation: the harness's one seam to the
/// engine. Experiments, the command-line tool and (later) fuzzing and replay all speak `Scene`.
///
/// Its JSON form is versioned (``schemaVersion``); ``validate()`` names the field and the reason
/// of the first problem found.
public struct Scene: Codable, Equatable, Sendable {
    /// The schema version this build reads and writes.
    public static let currentSchemaVersion = 1

    /// Schema version of this value.
    public var schemaVersion: Int
    /// Human-readable name, used in reports and repro files.
    public var name: String
    /// The animator's reference bounds (points), or `nil` for raw items.
    public var referenceBounds: Rect?
    /// The items, addressed by their `id` from behaviors.
    public var items: [SceneItem]
    /// The top-level behaviors, in the order they are added.
    public var behaviors: [SceneBehavior]
    /// Sub-step, frame duration and length of the run.
    public var timing: SceneTiming
    /// What to record.
    public var recording: SceneRecording

    /// Creates a scene at the current schema version.
    public init(name: String, referenceBounds: Rect? = nil, items: [SceneItem], behaviors: [SceneBehavior],
                timing: SceneTiming = SceneTiming(), recording: SceneRecording = SceneRecording()) {
        self.schemaVersion = Self.currentSchemaVersion
        self.name = name
        self.referenceBounds = referenceBounds
        self.items = items
        self.behaviors = behaviors
        self.timing = timing
        self.recording = recording
    }
}

/// One item of a scene.
public struct SceneItem: Codable, Equatable, Sendable {
    /// Unique identifier, referenced by behaviors and traces.
    public var id: String
    /// Initial center (points).
    public var center: Point
    /// Size of the bounds (points).
    public var size: Size
    /// Initial rotation (radians, clockwise on screen).
    public var angle: Double
    /// Collision shape (default `.rectangle`).
    public var shape: CollisionBoundsType
    /// The convex polygon for `.path` (points, relative to the center).
    public var path: [Point]?

    /// Creates an item description.
    public init(id: String, center: Point, size: Size, angle: Double = 0, shape: CollisionBoundsType = .rectangle,
                path: [Point]? = nil) {
        self.id = id
        self.center = center
        self.size = size
        self.angle = angle
        self.shape = shape
        self.path = path
    }

    private enum CodingKeys: String, CodingKey {
        case id, center, size, angle, shape, path
    }

    /// Decodes an item; `angle` and `shape` may be omitted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        center = try container.decode(Point.self, forKey: .center)
        size = try container.decode(Size.self, forKey: .size)
        angle = try container.decodeIfPresent(Double.self, forKey: .angle) ?? 0
        shape = try container.decodeIfPresent(CollisionBoundsType.self, forKey: .shape) ?? .rectangle
        path = try container.decodeIfPresent([Point].self, forKey: .path)
    }
}

/// How long a scene runs and how finely.
public struct SceneTiming: Codable, Equatable, Sendable {
    /// Physics sub-step (seconds).
    public var substep: Double
    /// Duration of one animator step (a frame), seconds.
    public var frameDuration: Double
    /// Number of frames to run.
    public var frameCount: Int
    /// Whether the animator may pause at rest (SPEC's rest detection, the default). Experiments
    /// that measure a decaying motion against a reference turn it off, so that the engine keeps
    /// integrating below the rest thresholds.
    public var pausesAtRest: Bool

    /// Creates timing; the defaults are 1/120 s sub-steps, 1/60 s frames, 120 frames (2 s), and
    /// rest detection on.
    public init(substep: Double = 1.0 / 120, frameDuration: Double = 1.0 / 60, frameCount: Int = 120,
                pausesAtRest: Bool = true) {
        self.substep = substep
        self.frameDuration = frameDuration
        self.frameCount = frameCount
        self.pausesAtRest = pausesAtRest
    }

    private enum CodingKeys: String, CodingKey {
        case substep, frameDuration, frameCount, pausesAtRest
    }

    /// Decodes timing; `pausesAtRest` may be omitted (true).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        substep = try container.decode(Double.self, forKey: .substep)
        frameDuration = try container.decode(Double.self, forKey: .frameDuration)
        frameCount = try container.decode(Int.self, forKey: .frameCount)
        pausesAtRest = try container.decodeIfPresent(Bool.self, forKey: .pausesAtRest) ?? true
    }
}

/// Which states a run records.
public struct SceneRecording: Codable, Equatable, Sendable {
    /// Record every this many frames (≥ 1); frame 0 (the initial state) is always recorded.
    public var everyFrames: Int

    /// Creates a recording plan.
    public init(everyFrames: Int = 1) {
        self.everyFrames = everyFrames
    }
}
