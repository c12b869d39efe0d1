import Dynamics
import Harness

/// Seed 000's logging item under gravity: the engine reads its center, bounds and transform once,
/// when it joins, and from then on only writes center and transform, once per step; the writes
/// drive the item's opacity.
public struct LoggingItemScenario {
    /// Frames to run after the first.
    public var frames = 3

    /// What happened.
    public struct Outcome {
        /// The accesses logged during the first step (the item joining) and during the later steps.
        public let joiningLog: [String], laterLog: [String]
        /// The opacity after the run.
        public let opacity: Double
        /// The recorded run.
        public let simulation: Simulation
    }

    /// The seed's demo: three frames after the first.
    public init() {}

    /// Runs the item under gravity.
    /// - Throws: an engine error (none for these parameters).
    public func run() throws -> Outcome {
        let item = LoggingItem(center: Point(x: 50, y: 50), size: Size(width: 10, height: 10))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 100, height: 1000))
        try animator.addBehavior(try GravityBehavior(items: [item]))
        let recorder = ScenarioRecorder(name: "Logging item: read once, then written every step", referenceBounds: animator.referenceBounds)
        // The recorder reads the stored pose, so that only the engine's accesses are logged.
        recorder.track(item, as: "logging item") { (item.storedCenter, item.storedTransform.rotationAngle) }
        item.clearLog()
        recorder.recordStart(of: animator)
        try recorder.step(animator)
        let joiningLog = item.log
        item.clearLog()
        for _ in 0..<frames { try recorder.step(animator) }
        return Outcome(joiningLog: joiningLog, laterLog: item.log, opacity: item.opacity, simulation: recorder.simulation)
    }
}
