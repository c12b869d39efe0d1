import Dynamics
import Harness

/// Seed 004's shredder: a picture cut into rows of small items; a scan line moves down the
/// picture, and each row it passes is freed from an anchoring item behavior and added to gravity,
/// with a small random upward instantaneous push per piece (seeded), so the pieces tumble away
/// row by row.
public struct ShredderScenario {
    /// Rows and columns of 10×10 pt pieces.
    public static let rows = 6, columns = 8
    /// The scan line's speed (pt/s): one 10 pt row every 1/6 s, starting 5 pt above the first row.
    public static let scanSpeed = 60.0
    /// The seed of the pushes.
    public var seed: UInt64
    /// How long to run (seconds).
    public var duration = 2.0

    /// What happened.
    public struct Outcome {
        /// Every piece's center at the end (points), row by row.
        public let finalCenters: [Point]
        /// Per row, the first frame after which one of its pieces had moved (−1: never).
        public let firstMovingFrame: [Int]
        /// The recorded run.
        public let simulation: Simulation
    }

    /// A shredder whose pushes come from `seed`.
    public init(seed: UInt64) { self.seed = seed }

    /// Runs the shredder.
    /// - Throws: an engine error (none for valid parameters).
    public func run() throws -> Outcome {
        let rows = Self.rows, columns = Self.columns
        let pieces = (0..<(rows * columns)).map { index in
            HeadlessItem(center: Point(x: 40 + 10 * Double(index % columns), y: 100 + 10 * Double(index / columns)),
                         size: Size(width: 10, height: 10))
        }
        let animator = try DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 160, height: 400))
        // The pieces are in the animator from the start: an item behavior holds them in place
        // (anchored) until the scan line frees them.
        let holder = try DynamicItemBehavior(items: pieces)
        holder.isAnchored = true
        try animator.addBehavior(holder)
        let gravity = try GravityBehavior(items: [])
        try animator.addBehavior(gravity)
        let recorder = ScenarioRecorder(name: "Shredder: rows freed by a scan line tumble away", referenceBounds: animator.referenceBounds)
        var random = SeededGenerator(seed: seed)
        var released = 0
        let shredder = DynamicBehavior()
        shredder.action = { [unowned animator, unowned gravity, unowned holder] in
            let line = 95 + Self.scanSpeed * animator.elapsedTime
            while released < rows && 100 + 10 * Double(released) <= line {
                for piece in pieces[(released * columns)..<((released + 1) * columns)] {
                    holder.removeItem(piece)
                    recorder.attempt { () throws(DynamicsError) in
                        try gravity.addItem(piece)
                        let push = try PushBehavior(items: [piece], mode: .instantaneous)
                        // 100·J/m: up to 150 pt/s upward and ±50 pt/s sideways for a 0.01 mass piece.
                        push.pushDirection = Vector(dx: 0.01 * Double.random(in: -0.5...0.5, using: &random),
                                                    dy: -0.01 * Double.random(in: 0.5...1.5, using: &random))
                        try animator.addBehavior(push)
                    }
                }
                released += 1
            }
        }
        try animator.addBehavior(shredder)

        for (index, piece) in pieces.enumerated() { recorder.track(piece, as: "piece \(index / columns).\(index % columns)") }
        recorder.recordStart(of: animator)
        let starts = pieces.map(\.center)
        var firstMovingFrame = Array(repeating: -1, count: rows)
        for _ in 0..<Int((duration * 60).rounded()) {
            try recorder.step(animator)
            for row in 0..<rows where firstMovingFrame[row] < 0 {
                if (row * columns..<(row + 1) * columns).contains(where: { pieces[$0].center != starts[$0] }) {
                    firstMovingFrame[row] = recorder.frames
                }
            }
        }
        return Outcome(finalCenters: pieces.map(\.center), firstMovingFrame: firstMovingFrame, simulation: recorder.simulation)
    }
}
