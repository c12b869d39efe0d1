/// How long a scene runs and how finely.
///
/// JSON (version 2): `substep` (1/120 s), `frameDuration` (1/60 s), `duration` (2 s) and
/// `pausesAtRest` (true), all optional. Version 1 files give `frameCount` instead of `duration`.
public struct SceneTiming: Codable, Equatable, Sendable {
    /// Physics sub-step (seconds).
    public var substep: Double
    /// Duration of one animator step, a frame (seconds).
    public var frameDuration: Double
    /// Length of the run (seconds); the run is ``frameCount`` frames.
    public var duration: Double
    /// Whether the animator may pause at rest (SPEC's rest detection, the default). Experiments
    /// that measure a decaying motion against a reference turn it off.
    public var pausesAtRest: Bool

    /// Creates timing from a duration in seconds.
    public init(substep: Double = 1.0 / 120, frameDuration: Double = 1.0 / 60, duration: Double = 2,
                pausesAtRest: Bool = true) {
        self.substep = substep
        self.frameDuration = frameDuration
        self.duration = duration
        self.pausesAtRest = pausesAtRest
    }

    /// Creates timing from a number of frames.
    public init(substep: Double = 1.0 / 120, frameDuration: Double = 1.0 / 60, frameCount: Int,
                pausesAtRest: Bool = true) {
        self.init(substep: substep, frameDuration: frameDuration, duration: Double(frameCount) * frameDuration,
                  pausesAtRest: pausesAtRest)
    }

    /// The number of frames the run takes: ``duration`` / ``frameDuration``, rounded up, where a
    /// quotient within 1e-9 of a whole number counts as that number (so 2 s of 1/60 s frames
    /// is 120 frames despite rounding). 0 for a non-finite or non-positive ratio.
    public var frameCount: Int {
        let ratio = duration / frameDuration
        guard ratio.isFinite, ratio > 0 else { return 0 }
        guard ratio < Double(Int32.max) else { return Int(Int32.max) }
        let nearest = ratio.rounded()
        return Int(abs(ratio - nearest) <= 1e-9 * max(1, nearest) ? nearest : ratio.rounded(.up))
    }

    /// The frame before which something scheduled at `time` (seconds) takes effect: the first
    /// frame that starts at or after it (a nanosecond of slack absorbs rounding).
    public func frame(atOrAfter time: Double) -> Int {
        let ratio = time / frameDuration
        let nearest = ratio.rounded()
        return Int(abs(ratio - nearest) <= 1e-9 * max(1, abs(nearest)) ? nearest : ratio.rounded(.up))
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case substep, frameDuration, duration, frameCount, pausesAtRest
    }

    /// Decodes timing; version 1 files give `frameCount`, version 2 files `duration`.
    public init(from decoder: any Decoder) throws {
        let version = decoder.userInfo[.sceneSchemaVersion] as? Int ?? Scene.currentSchemaVersion
        let allowed: [CodingKeys] = version == 1 ? [.substep, .frameDuration, .frameCount, .pausesAtRest]
            : [.substep, .frameDuration, .duration, .pausesAtRest]
        try decoder.rejectUnknownKeys(allowed: allowed.map(\.stringValue))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        substep = try container.decode(.substep, default: 1.0 / 120)
        frameDuration = try container.decode(.frameDuration, default: 1.0 / 60)
        pausesAtRest = try container.decode(.pausesAtRest, default: true)
        if version == 1 {
            let frames: Int = try container.decode(.frameCount)
            duration = Double(frames) * frameDuration
        } else {
            duration = try container.decode(.duration, default: 2)
        }
    }

    /// Encodes timing in the current version's form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(substep, forKey: .substep)
        try container.encode(frameDuration, forKey: .frameDuration)
        try container.encode(duration, forKey: .duration)
        try container.encode(pausesAtRest, forKey: .pausesAtRest, omittingDefault: true)
    }
}

/// Which states a run records. JSON: `{"everyFrames": 1}`.
public struct SceneRecording: Codable, Equatable, Sendable {
    /// Record every this many frames (≥ 1); the initial state and the last frame are always recorded.
    public var everyFrames: Int

    /// Creates a recording plan.
    public init(everyFrames: Int = 1) {
        self.everyFrames = everyFrames
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case everyFrames }

    /// Decodes the plan; refuses unknown keys.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        everyFrames = try container.decode(.everyFrames, default: 1)
    }
}

extension CodingUserInfoKey {
    /// The schema version of the scene file being decoded (an `Int`).
    static let sceneSchemaVersion = CodingUserInfoKey(rawValue: "sceneSchemaVersion")!
}
