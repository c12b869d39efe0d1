import Dynamics
import Harness

/// Records a scenario as it runs, in the harness's scene and trace formats, so that `harness
/// simulate --scenario` can print its summary and draw it as an animated SVG like any scene file.
///
/// The scene it builds only describes what to draw (items, their shapes, the reference bounds
/// and the boundaries); the scenario's behavior tree lives in its code.
public final class ScenarioRecorder {
    /// One drawn item: its scene description and how to read its pose without disturbing it.
    private struct TrackedItem {
        let description: SceneItem
        let item: any DynamicItem
        let pose: () -> (center: Point, angle: Double)
    }

    private let name: String
    private let referenceBounds: Rect?
    private let frameDuration: Double
    private var tracked: [TrackedItem] = []
    private var boundaries: [SceneBoundary] = []
    private var drawsReferenceBounds = false
    private var samples: [TraceSample] = []
    private var keptError: DynamicsError?
    /// Frames stepped so far.
    public private(set) var frames = 0

    /// Creates a recorder for a scenario called `name`, drawn inside `referenceBounds` (points),
    /// sampled once per frame of `frameDuration` seconds.
    public init(name: String, referenceBounds: Rect?, frameDuration: Double = 1.0 / 60) {
        self.name = name
        self.referenceBounds = referenceBounds
        self.frameDuration = frameDuration
    }

    /// Draws `item` as `id` with its collision shape; its pose is read through `pose` when given
    /// (for an item that logs its reads), else from its `center` and `transform`.
    public func track(_ item: any DynamicItem, as id: String, shape: SceneShape = .rectangle, path: [Point]? = nil,
                      pose: (() -> (center: Point, angle: Double))? = nil) {
        let read = pose ?? { (item.center, item.transform.rotationAngle) }
        let (center, angle) = read()
        let size = item.bounds.size
        let description = SceneItem(id: id, center: ScenePoint(center), size: SceneSize(width: size.width, height: size.height),
                                    angle: angle, shape: shape, path: path?.map(ScenePoint.init))
        tracked.append(TrackedItem(description: description, item: item, pose: read))
    }

    /// Draws the reference bounds as the collision boundary.
    public func drawReferenceBounds() { drawsReferenceBounds = true }

    /// Draws a segment boundary from `start` to `end` (points) named `identifier`.
    public func drawBoundary(_ identifier: String, from start: Point, to end: Point) {
        boundaries.append(SceneBoundary(identifier: identifier, from: ScenePoint(start), to: ScenePoint(end)))
    }

    /// Records the starting state: call once, after tracking the items and before the first step;
    /// `nil` when no animator runs yet.
    public func recordStart(of animator: DynamicAnimator?) { capture(animator) }

    /// Records a frame in which the scenario's code, not an animator, moved the items (a gesture
    /// before the physics takes over); velocities are recorded as zero.
    public func recordFrameMovedByHand() {
        frames += 1
        capture(nil)
    }

    /// Steps `animator` by one frame and records the state after it.
    /// - Throws: the animator's error for the step, or the first error kept by ``attempt(_:)``
    ///   during it.
    public func step(_ animator: DynamicAnimator) throws(DynamicsError) {
        try animator.step(by: frameDuration)
        frames += 1
        capture(animator)
        if let error = keptError { throw error }
    }

    /// Runs `body` inside an `action` closure or a delegate callback, which cannot throw: its
    /// first error is kept and thrown by the ``step(_:)`` that was running, so it is never lost.
    public func attempt(_ body: () throws(DynamicsError) -> Void) {
        do {
            try body()
        } catch {
            keptError = keptError ?? error
        }
    }

    /// Steps `animator` for `seconds` (rounded to whole frames), recording every frame.
    /// - Throws: the animator's error for a step.
    public func run(_ animator: DynamicAnimator, for seconds: Double) throws(DynamicsError) {
        for _ in 0..<Int((seconds / frameDuration).rounded()) { try step(animator) }
    }

    /// The time stepped so far (seconds).
    public var time: Double { Double(frames) * frameDuration }

    private func capture(_ animator: DynamicAnimator?) {
        let states = tracked.map { tracked in
            let (center, angle) = tracked.pose()
            let velocity = animator?.linearVelocity(for: tracked.item) ?? .zero
            return ItemState(center: ScenePoint(center), angle: angle, velocity: SceneVector(dx: velocity.dx, dy: velocity.dy),
                             angularVelocity: animator?.angularVelocity(for: tracked.item) ?? 0)
        }
        samples.append(TraceSample(time: time, states: states, isRunning: animator?.isRunning ?? false))
    }

    /// The run so far as a simulation: the drawing scene, the trace and its summary.
    public var simulation: Simulation {
        let ids = tracked.map(\.description.id)
        let outline = SceneBehavior(.collision(CollisionSpec(items: ids, mode: .boundaries,
                                                             referenceBoundsAreBoundary: drawsReferenceBounds,
                                                             boundaries: boundaries)))
        let duration = samples.last?.time ?? 0
        let scene = Scene(name: name, referenceBounds: referenceBounds.map(SceneRect.init), items: tracked.map(\.description),
                          behaviors: boundaries.isEmpty && !drawsReferenceBounds ? [] : [outline],
                          timing: SceneTiming(frameDuration: frameDuration, duration: max(duration, frameDuration)))
        return Simulation(scene: scene, trace: Trace(itemIDs: ids, samples: samples))
    }
}

extension ScenePoint {
    /// The scene point at `point`.
    init(_ point: Point) { self.init(x: point.x, y: point.y) }
}

extension SceneRect {
    /// The scene rectangle of `rect`.
    init(_ rect: Rect) { self.init(x: rect.origin.x, y: rect.origin.y, width: rect.width, height: rect.height) }
}
