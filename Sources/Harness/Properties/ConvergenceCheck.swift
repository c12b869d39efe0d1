/// Halving the sub-step moves the result toward the reference, not away from it, in smooth
/// scenes: no collisions, events, pauses, velocity fields, bounded field regions or joint
/// ranges (each a discontinuity that breaks the order of a method). The reference is the same
/// scene at a sixteenth of the sub-step.
enum ConvergenceCheck {
    /// How much the error at h/2 may exceed the error at h; see ``Invariant/convergence``.
    static let growthBound = 1.1
    /// The compared span (s).
    static let horizon = 0.25
    /// Errors below this fraction of the extent are round-off, not method error.
    static let floor = 1e-9

    static func applies(to scene: Scene, traits: SceneTraits) -> Bool {
        traits.collisions.isEmpty && !traits.hasEvents && !traits.contains {
            switch $0 {
            case .field(let spec): spec.fieldKind == .velocity || spec.region != .infinite
            case .attachment(let spec): spec.range != nil || spec.attachmentKind == .limit || spec.frictionTorque > 0
            case .push(let spec): spec.mode == .instantaneous
            default: false
            }
        }
    }

    static func check(_ scene: Scene, engine: any SimulationEngine) -> [Violation] {
        var short = scene
        short.timing.duration = min(scene.timing.duration, horizon)
        short.timing.pausesAtRest = false
        func run(_ divisor: Double) throws -> Trace {
            var variant = short
            variant.timing.substep = scene.timing.substep / divisor
            return try engine.run(variant)
        }
        do {
            let coarse = try run(1), fine = try run(2), reference = try run(16)
            let coarseError = error(coarse, reference), fineError = error(fine, reference)
            // The floor, or ten roundings of every position per sub-step of the finest run where
            // the engine's arithmetic is coarser (float32 at 1/120 s: 3.6e-5 of the extent over the 0.25 s horizon at h/2).
            let substeps = (short.timing.duration / scene.timing.substep * 2).rounded(.up)
            let noise = max(floor, 10 * substeps * engine.limits(for: scene).roundingUnit) * OverlapTest.extent(of: scene)
            if fineError > growthBound * coarseError + noise {
                return [Violation(.convergence, "halving the sub-step (\(ContainmentCheck.format(scene.timing.substep)) s) raised the error against h/16 from \(ContainmentCheck.format(coarseError)) to \(ContainmentCheck.format(fineError)) pt")]
            }
        } catch {
            return [Violation(.convergence, "a sub-step variant failed: \(error)")]
        }
        return []
    }

    /// The largest center distance between two traces over their common samples (points).
    static func error(_ a: Trace, _ b: Trace) -> Double {
        var worst = 0.0
        for (x, y) in zip(a.samples, b.samples) {
            for (s, t) in zip(x.states, y.states) { worst = max(worst, (s.center - t.center).length) }
        }
        return worst
    }
}
