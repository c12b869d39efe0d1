import Dynamics
import Harness

/// Seed 003's magnet, built from several pushes: one along each axis, whose direction and
/// strength an `action` sets after every step from the item's position (a pull of 0.01 N per
/// point of distance, at most 2 N per axis), damped by resistance 3/s.
public struct MagnetScenario {
    /// Where the item starts and where the magnet is (points).
    public var start = Point(x: 100, y: 100), magnet = Point(x: 400, y: 300)
    /// How long to run (seconds).
    public var duration = 10.0

    /// What happened.
    public struct Outcome {
        /// The item's distance from the magnet at the end (points).
        public let finalDistance: Double
        /// The recorded run.
        public let simulation: Simulation
    }

    /// The default magnet: an item 360 pt away.
    public init() {}

    /// Runs the scenario.
    /// - Throws: an engine error (none for these parameters).
    public func run() throws -> Outcome {
        let item = HeadlessItem(center: start, size: Size(width: 20, height: 20))
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 500, height: 400))
        let horizontal = try PushBehavior(items: [item], mode: .continuous)
        let vertical = try PushBehavior(items: [item], mode: .continuous)
        let properties = try DynamicItemBehavior(items: [item])
        properties.resistance = 3
        let magnetism = DynamicBehavior()
        try magnetism.addChildBehavior(horizontal)
        try magnetism.addChildBehavior(vertical)
        let magnet = magnet
        magnetism.action = { [unowned horizontal, unowned vertical, unowned item] in
            let toward = magnet - item.center
            horizontal.setAngle(toward.dx >= 0 ? 0 : Double.pi, magnitude: min(2, 0.01 * abs(toward.dx)))
            vertical.setAngle(toward.dy >= 0 ? Double.pi / 2 : -Double.pi / 2, magnitude: min(2, 0.01 * abs(toward.dy)))
        }
        magnetism.action?()
        try animator.addBehavior(magnetism)
        try animator.addBehavior(properties)

        let recorder = ScenarioRecorder(name: "Magnet: two pushes an action aims at a point", referenceBounds: animator.referenceBounds)
        recorder.track(item, as: "item")
        let pole = HeadlessItem(center: magnet, size: Size(width: 6, height: 6))
        recorder.track(pole, as: "magnet", shape: .ellipse)
        recorder.recordStart(of: animator)
        try recorder.run(animator, for: duration)
        return Outcome(finalDistance: (magnet - item.center).length, simulation: recorder.simulation)
    }
}
