/// The frame loop every adapter runs: before each frame the timeline's operations, then the
/// engine's step by one frame, then a sample when the scene's recording asks for one. A sample
/// with a non-finite number stops the run with a ``SimulationError`` naming the frame, so NaN
/// never reaches a metric unannounced.
public struct FrameLoop {
    private let scene: Scene
    private let timeline: SceneTimeline

    /// A loop over `scene`'s frames and events.
    public init(_ scene: Scene) {
        self.scene = scene
        timeline = SceneTimeline(scene)
    }

    /// The samples at t = 0 and after every recorded frame.
    /// - Parameters:
    ///   - apply: applies one operation before the frame it belongs to.
    ///   - step: advances the engine by one frame, given the time it ends at (seconds).
    ///   - sample: the state of every item, stamped with the given time (seconds).
    /// - Throws: what `apply` or `step` throw; ``SimulationError`` for a non-finite sample.
    public func run(apply: (SceneOperation) throws -> Void, step: (_ endTime: Double) throws -> Void,
                    sample: (_ time: Double) -> TraceSample) throws -> [TraceSample] {
        let timing = scene.timing
        var samples = [sample(0)]
        samples.reserveCapacity(timing.frameCount / scene.recording.everyFrames + 2)
        for frame in 0..<timing.frameCount {
            for operation in timeline.operations(beforeFrame: frame) { try apply(operation) }
            let time = Double(frame + 1) * timing.frameDuration
            try step(time)
            let number = frame + 1
            if number % scene.recording.everyFrames == 0 || number == timing.frameCount {
                let recorded = sample(time)
                guard recorded.states.allSatisfy(\.isFinite) else {
                    throw SimulationError("non-finite state at frame \(number) (t = \(time) s)")
                }
                samples.append(recorded)
            }
        }
        return samples
    }
}
