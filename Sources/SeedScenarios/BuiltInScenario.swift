import Harness

/// A seed interaction that needs code (an `action` closure, a delegate, a custom item or layout
/// mode), runnable by name: `harness simulate --scenario NAME`. Scenarios a scene file can say
/// live in `Examples/` instead.
public struct BuiltInScenario: Sendable {
    /// The name to run it by.
    public let name: String
    /// What it shows, in one line.
    public let summary: String
    private let record: @Sendable () throws -> Simulation

    /// A scenario called `name` showing `summary`, recorded by `record`.
    init(name: String, summary: String, record: @escaping @Sendable () throws -> Simulation) {
        self.name = name
        self.summary = summary
        self.record = record
    }

    /// Runs the scenario and returns its recording.
    /// - Throws: the engine's error, if the scenario hits one.
    public func run() throws -> Simulation { try record() }

    /// Every built-in scenario, in the order of the seed documents.
    public static let all: [BuiltInScenario] = [
        BuiltInScenario(name: "logging-item", summary: "seed 000: a custom item logs what the engine reads and writes") {
            var scenario = LoggingItemScenario()
            scenario.frames = 89
            return try scenario.run().simulation
        },
        BuiltInScenario(name: "draggable-layout", summary: "seed 000: three cells of a grid dragged together in layout mode") {
            try DraggableLayoutScenario().run().simulation
        },
        BuiltInScenario(name: "drop-shade", summary: "seed 000: a panned shade released downward finishes its transition") {
            try DropShadeScenario(panDistance: 250, releaseVelocity: 600).run().simulation
        },
        BuiltInScenario(name: "drop-shade-cancelled", summary: "seed 000: a panned shade flicked upward cancels its transition") {
            try DropShadeScenario(panDistance: 350, releaseVelocity: -600).run().simulation
        },
        BuiltInScenario(name: "drop-in-dialog", summary: "seed 001: a dialog drops in, then is lifted and falls off-screen") {
            try DropInDialogScenario().run().simulation
        },
        BuiltInScenario(name: "magnet", summary: "seed 003: two pushes an action aims at a point draw an item in") {
            try MagnetScenario().run().simulation
        },
        BuiltInScenario(name: "flipbook", summary: "seed 004: pages flicked into a light pole fade and leave the animator") {
            try FlipbookScenario().run().simulation
        },
        BuiltInScenario(name: "shredder", summary: "seed 004: rows freed by a scan line tumble away, seeded") {
            try ShredderScenario(seed: 4).run().simulation
        },
    ]

    /// The scenario called `name`, or `nil`.
    public static func named(_ name: String) -> BuiltInScenario? { all.first { $0.name == name } }
}
