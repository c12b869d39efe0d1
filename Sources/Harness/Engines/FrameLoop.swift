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
    ///   - frames: the frames to run (0-based; all by default): a run split in two at a frame
    ///     gives, joined, the samples of the whole run; only a run from frame 0 takes the sample
    ///     at t = 0.
    ///   - apply: applies one operation before the frame it belongs to.
    ///   - step: advances the engine by one frame, given the time it ends at (seconds).
    ///   - sample: the state of every item, stamped with the given time (seconds).
    /// - Throws: what `apply` or `step` throw; ``SimulationError`` for a non-finite sample.
    public func run(frames: Range<Int>? = nil, apply: (SceneOperation) throws -> Void, step: (_ endTime: Double) throws -> Void,
                    sample: (_ time: Double) -> TraceSample) throws -> [TraceSample] {
        let timing = scene.timing
        let frames = frames ?? 0..<timing.frameCount
        var samples = frames.lowerBound == 0 ? [sample(0)] : []
        samples.reserveCapacity(frames.count / scene.recording.everyFrames + 2)
        for frame in frames {
            for operation in timeline.operations(beforeFrame: frame) { try apply(operation) }
            let time = Double(frame + 1) * timing.frameDuration
            try step(time)
            let number = frame + 1
            if isRecorded(afterFrames: number) {
                let recorded = sample(time)
                guard recorded.states.allSatisfy(\.isFinite) else {
                    throw SimulationError("non-finite state at frame \(number) (t = \(time) s)")
                }
                samples.append(recorded)
            }
        }
        return samples
    }

    /// Whether a sample is recorded after the first `count` frames: every
    /// ``SceneRecording/everyFrames`` frames and after the last.
    public func isRecorded(afterFrames count: Int) -> Bool {
        count == 0 || count % scene.recording.everyFrames == 0 || count == scene.timing.frameCount
    }

    /// Applies every operation of the frames before `frame`, in order, without stepping: the
    /// scene's own changes up to there, for an engine about to take a snapshot's state. `apply`
    /// is given each operation's frame.
    public func applyOperations(beforeFrame frame: Int, _ apply: (_ frame: Int, SceneOperation) throws -> Void) rethrows {
        for earlier in 0..<frame {
            for operation in timeline.operations(beforeFrame: earlier) { try apply(earlier, operation) }
        }
    }
}
