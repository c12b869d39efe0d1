/// The short account `harness simulate` prints of a run: how long, what came to rest, how many
/// contacts, and whether the engine paused.
public struct SimulationSummary: Codable, Equatable, Sendable {
    /// SPEC's rest thresholds: slower than 1 pt/s and turning slower than 2°/s.
    public static let restSpeed = 1.0, restAngularSpeed = 2 * Double.pi / 180

    /// The scene's name.
    public var scene: String
    /// Frames run.
    public var frames: Int
    /// Time advanced (seconds).
    public var duration: Double
    /// Items in the scene.
    public var itemCount: Int
    /// Items below the rest thresholds at the end.
    public var itemsAtRest: Int
    /// Contacts that began.
    public var contactsBegan: Int
    /// Contacts that ended.
    public var contactsEnded: Int
    /// When the engine paused at rest (seconds), each time it did.
    public var pauses: [Double]
    /// Whether it was paused at the end.
    public var pausedAtEnd: Bool

    /// Summarises `trace`, a run of `scene`.
    public init(scene: Scene, trace: Trace) {
        self.scene = scene.name
        frames = scene.timing.frameCount
        duration = trace.samples.last?.time ?? 0
        itemCount = trace.itemIDs.count
        itemsAtRest = trace.samples.last?.states.filter {
            $0.velocity.length < Self.restSpeed && abs($0.angularVelocity) < Self.restAngularSpeed
        }.count ?? 0
        contactsBegan = trace.contacts.filter { $0.phase == .began }.count
        contactsEnded = trace.contacts.filter { $0.phase == .ended }.count
        pauses = zip(trace.samples, trace.samples.dropFirst()).filter { $0.isRunning && !$1.isRunning }.map(\.1.time)
        pausedAtEnd = trace.samples.last.map { !$0.isRunning } ?? false
    }

    /// A few lines for the console.
    public var text: String {
        let times = pauses.map { "\(NumberFormat.short($0)) s" }.joined(separator: ", ")
        let pause = pauses.isEmpty ? (pausedAtEnd ? "paused from the start" : "never paused")
            : "paused at rest at t = \(times); \(pausedAtEnd ? "paused at the end" : "running at the end")"
        return """
            scene: \(scene)
            frames: \(frames), simulated time: \(NumberFormat.short(duration)) s
            items at rest at the end: \(itemsAtRest) of \(itemCount)
            contacts: \(contactsBegan) began, \(contactsEnded) ended
            animator: \(pause)
            """
    }
}
