/// Snapshot and restore: the scene run again, interrupted after a frame chosen from the base
/// run's hash, its engine's state restored into a second instance that runs the rest, must give
/// the base run's samples bit for bit. Engines whose restores have run differently left a piece
/// of state out (a warm-start cache, an island, a sleep timer); a frame drawn anew for each
/// scene finds such a piece wherever in a run it starts to matter.
enum RestoreCheck {
    /// Whether `engine` can be checked: it restores snapshots, and the scene has a frame to
    /// interrupt after (at least two).
    static func applies(to scene: Scene, engine: any SimulationEngine) -> Bool {
        engine.restoresSnapshots && scene.timing.frameCount >= 2
    }

    /// The frame after which the run is interrupted: from 1 to the last but one, drawn from the
    /// trace's hash so that a replay of the scene interrupts where the fuzzer did.
    static func frame(for scene: Scene, _ trace: Trace) -> Int {
        1 + Int(trace.stateHash % UInt64(scene.timing.frameCount - 1))
    }

    /// A violation if the interrupted run fails or differs from `trace`.
    static func check(_ scene: Scene, _ trace: Trace, engine: any SimulationEngine) -> [Violation] {
        let frame = frame(for: scene, trace)
        let time = Double(frame) * scene.timing.frameDuration
        let what = "the run restored from a snapshot after frame \(frame) (t = \(ContainmentCheck.format(time)) s)"
        do {
            let restored = try engine.run(scene, restoringAfterFrame: frame)
            guard restored.stateHash != trace.stateHash else { return [] }
            return [Violation(.restore, "\(what) differs (\(DeterminismCheck.firstDifference(trace, restored)))", time: time)]
        } catch {
            return [Violation(.restore, "\(what) failed: \(error)", time: time)]
        }
    }
}
