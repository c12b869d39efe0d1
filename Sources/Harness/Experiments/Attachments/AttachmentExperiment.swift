/// Experiment 3: attachment springs. An item on a spring anchor (f ∈ {0.5, 1, 2, 4} Hz × damping
/// ratio ζ ∈ {0, 0.1, 0.5, 1}) against the damped-oscillator closed form, with its energy drift
/// over 20 s at ζ = 0; a snapped item's overshoot and settling time for damping 0 … 1 against the
/// closed form at the snap's documented spring (``SnapSettling``); the elastic pendulum under
/// gravity against a GSL solution; the rigid pendulum's period against the elliptic-integral
/// period at 10°, 60° and 120°, and its amplitude decay; then a time-step sweep (1/60 … 1/480 s)
/// with the empirical orders.
///
/// Each reference is checked before the engine is judged (closed form vs GSL, K by GSL vs AGM,
/// two GSL methods and energy conservation). The engine's velocity is a backward difference, so
/// a release "at rest" is a start through x(−h) = x(0); every reference starts that way (see
/// ``AttachmentSpring``), which makes the spring comparison exact to rounding and lets the
/// pendulums show their scheme's order.
public struct AttachmentExperiment: Experiment {
    /// Creates the experiment.
    public init() {}

    /// "attachment-springs".
    public var id: String { "attachment-springs" }
    /// Title for reports.
    public var title: String { "Attachment springs, snaps, elastic and rigid pendulums" }

    /// The sub-step of the main runs (s).
    static let substep = 1.0 / 120

    /// Runs the springs, the snaps, the elastic pendulum, the rigid pendulums and the sweep on
    /// `options.engine` (quick: springs f ∈ {1, 4} Hz × ζ ∈ {0, 0.5}, the rigid pendulum at 60°
    /// only, sub-steps 1/60 … 1/240 s; every snap in both suites, as they are short).
    /// - Throws: when a reference cannot be computed or the engine refuses a scene.
    public func run(_ options: ExperimentOptions) throws -> ExperimentResult {
        let h = Self.substep
        var metrics: [Metric] = [], series: [Series] = [], energy: [Series] = []
        let springCases = AttachmentSpring.cases(quick: options.quick)
        var unsupported = UnsupportedCaseLog()
        for testCase in springCases {
            guard let evaluation = try unsupported.attempt(testCase.name, {
                try AttachmentSpring.evaluate(testCase, substep: h, engine: options.engine, withReferenceCheck: true)
            }) else { continue }
            metrics += evaluation.metrics
            if let plot = evaluation.series { series.append(plot) }
            if let drift = evaluation.energyDrift { energy.append(drift) }
        }
        let snaps = try SnapSettling.evaluate(substep: h, engine: options.engine, unsupported: &unsupported)
        metrics += snaps.metrics
        if let elastic = try unsupported.attempt(AttachmentElasticPendulum.name, {
            try AttachmentElasticPendulum.evaluate(substep: h, engine: options.engine, withReferenceCheck: true)
        }) {
            metrics += elastic.metrics
            series += elastic.series
        }
        let amplitudes = options.quick ? AttachmentRigidPendulum.quickAmplitudesInDegrees : AttachmentRigidPendulum.amplitudesInDegrees
        var coefficients: [String] = []
        for degrees in amplitudes {
            guard let evaluation = try unsupported.attempt(AttachmentRigidPendulum.name(degrees), {
                try AttachmentRigidPendulum.evaluate(amplitude: degrees, substep: h, engine: options.engine, withSeries: true)
            }) else { continue }
            metrics += evaluation.metrics
            if let plot = evaluation.series { series.append(plot) }
            let theta = AttachmentRigidPendulum.naturalFrequency * h
            coefficients.append("\(NumberFormat.short(degrees))°: \(NumberFormat.short(evaluation.periodError / (theta * theta)))")
        }
        let substeps = options.quick ? Array(AttachmentSweep.substeps.prefix(3)) : AttachmentSweep.substeps
        let sweep = try unsupported.attempt("sweep") { try AttachmentSweep.run(substeps: substeps, mainSubstep: h, engine: options.engine) }
        metrics += sweep?.metrics ?? []
        let notes = (sweep?.notes ?? []) + [
            "Rigid pendulum: period error / (ω₀h)² against T(θ*) at h = 1/120 s — \(coefficients.joined(separator: ", "))"
                + (options.engine.integrator == .exact ? " (the small-swing Verlet constant is 1/24 ≈ 0.042; SHAKE's Cartesian step grows with the swing)." : "."),
        ]
        let frequencies = options.quick ? AttachmentSpring.quickFrequencies : AttachmentSpring.frequencies
        let ratios = options.quick ? AttachmentSpring.quickDampingRatios : AttachmentSpring.dampingRatios
        return ExperimentResult(
            id: id, title: title,
            summary: """
                A 100×100 pt item (mass 1) on a distance spring (rest length 200 pt) to an anchor, released 50 pt beyond \
                rest, without gravity or resistance, against the damped-oscillator closed form; a 100×100 pt item snapped \
                to a point 100 pt away, its overshoot and 2 % settling time against the same closed form at the snap's \
                documented spring (2 Hz, ζ = 0.25 + 0.75·damping); a 20×20 pt item on a 1 Hz \
                spring under gravity (elastic pendulum) against GSL rk8pd; a 10×10 pt item on a rigid 250 pt rod (rigid \
                pendulum) against the elliptic-integral period. Every reference starts through x(−h) = x(0), the engine's \
                reading of a release at rest (its velocity is a backward difference).
                """,
            parameters: [
                "spring": "f ∈ {\(frequencies.map { NumberFormat.short($0) }.joined(separator: ", "))} Hz × ζ ∈ {\(ratios.map { NumberFormat.short($0) }.joined(separator: ", "))}, rest 200 pt, stretch 50 pt, 20 s",
                "snap": "damping ∈ {\(SnapSettling.dampings.map { NumberFormat.short($0) }.joined(separator: ", "))} (ζ = 0.25 + 0.75·damping, 2 Hz), released at rest 100 pt from the point, angle 0, 3 s",
                "elastic pendulum": "rest 200 pt, 1 Hz (k = ω² = 39.48 s⁻²), g = 1000 pt/s², released at 260 pt, 30°, 5 s",
                "rigid pendulum": "L = 250 pt, g = 1000 pt/s² (ω₀ = 2 rad/s), θ₀ ∈ {\(amplitudes.map { NumberFormat.short($0) }.joined(separator: ", "))}°, 10 periods",
                "items": "center-attached, resistance 0, rotation off, recorded every sub-step",
                "sub-step": "1/120 s (sweep \(substeps.map { "1/\(Int((1 / $0).rounded()))" }.joined(separator: ", ")) s)",
            ],
            metrics: metrics, series: series, tables: (sweep?.tables ?? []) + (snaps.table.map { [$0] } ?? []), notes: notes,
            sweeps: sweep?.sweeps ?? [],
            energyDrift: energy, unsupportedCases: unsupported.cases, expectations: options.engine.integrator.rawValue)
    }
}
