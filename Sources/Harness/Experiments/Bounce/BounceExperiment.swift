import Reference

/// Experiment 2: elasticity bounce. A 20×20 item (rectangle, then circle) is dropped from 600 pt
/// onto the reference-bounds floor with elasticity e ∈ {0, 0.2, 0.5, 0.8, 1}, no resistance and
/// no rotation; apex heights, impact times, the number of bounces before rest, and the energy are
/// compared with ``BouncingDrop`` (checked against an event-driven GSL integration in the
/// Reference tests). A time-step sweep measures how impact-time errors converge.
public struct BounceExperiment: Experiment {
    /// Creates the experiment.
    public init() {}

    /// "bounce".
    public var id: String { "bounce" }
    /// Title for reports.
    public var title: String { "Elasticity bounce" }

    static let dropHeight = 600.0
    static let gravity = 1000.0
    static let threshold = 100.0
    static let side = 20.0
    static let floor = 1000.0
    static let elasticities = [0.0, 0.2, 0.5, 0.8, 1.0]
    static let duration = 10.0
    static let sweepSubsteps = [1.0 / 60, 1.0 / 120, 1.0 / 240, 1.0 / 480]

    struct Case {
        var shape: SceneShape
        var elasticity: Double
        var name: String { "\(shape.rawValue), e = \(NumberFormat.short(elasticity))" }
    }

    /// Runs every case, the reference checks and the time-step sweep on `options.engine`.
    public func run(_ options: ExperimentOptions) throws -> ExperimentResult {
        let shapes: [SceneShape] = options.quick ? [.rectangle] : [.rectangle, .ellipse]
        let cases = shapes.flatMap { shape in Self.elasticities.map { Case(shape: shape, elasticity: $0) } }
        var metrics: [Metric] = [], series: [Series] = [], energy: [Series] = [], events: [EventComparison] = []
        let h = 1.0 / 120
        var unsupported = UnsupportedCaseLog()
        for testCase in cases {
            guard let evaluation = try unsupported.attempt(testCase.name, { try Self.evaluate(testCase, substep: h, engine: options.engine) })
            else { continue }
            metrics += evaluation.metrics
            series.append(evaluation.series)
            events.append(evaluation.apexes)
            if let drift = evaluation.energyDrift { energy.append(drift) }
        }
        let sweep = try unsupported.attempt("sweep, rectangle, e = 0.5") {
            try Self.sweep(substeps: options.quick ? Array(Self.sweepSubsteps.prefix(3)) : Self.sweepSubsteps, engine: options.engine)
        }
        metrics += sweep?.metrics ?? []
        return ExperimentResult(
            id: id, title: title,
            summary: """
                A 20×20 pt item dropped from 600 pt (bottom face above the floor) onto the reference-bounds floor, \
                gravity 1000 pt/s², no resistance, rotation off, restitution threshold 100 pt/s; \
                reference: the closed-form bounce series (apex h·e^(2n), impact times a geometric series).
                """,
            parameters: [
                "drop height": "600 pt", "item": "20×20 pt rectangle and circle, density 1",
                "elasticity": "0, 0.2, 0.5, 0.8, 1", "duration": "10 s, recorded every sub-step",
                "sub-step": "1/120 s (sweep 1/60 … 1/480 s)",
            ],
            metrics: metrics, series: series, tables: sweep.map { [$0.table] } ?? [], notes: sweep?.notes ?? [],
            sweeps: sweep?.sweeps ?? [], energyDrift: energy, events: events, unsupportedCases: unsupported.cases,
            expectations: options.engine.integrator.rawValue)
    }

    static func scene(_ testCase: Case, substep: Double) -> Scene {
        let item = SceneItem(id: "ball", center: ScenePoint(x: 500, y: floor - side / 2 - dropHeight),
                             size: SceneSize(width: side, height: side), shape: testCase.shape)
        return Scene(
            name: "bounce: \(testCase.name)",
            referenceBounds: SceneRect(x: 0, y: 0, width: 1000, height: floor),
            items: [item],
            behaviors: [
                .gravity(GravitySpec(items: ["ball"])),
                .collision(CollisionSpec(items: ["ball"], referenceBoundsAreBoundary: true)),
                .itemProperties(ItemPropertiesSpec(items: ["ball"], elasticity: testCase.elasticity, resistance: 0,
                                                   angularResistance: 0, allowsRotation: false)),
            ],
            timing: SceneTiming(substep: substep, frameDuration: substep, frameCount: Int((duration / substep).rounded())))
    }

    static func analyse(_ trace: Trace) -> BounceAnalysis {
        let states = trace.states(of: "ball")
        return BounceAnalysis(times: trace.times, heights: states.map { floor - side / 2 - $0.center.y },
                              upward: states.map { -$0.velocity.dy }, gravity: gravity, minimumImpactSpeed: 5)
    }

    // Limits, in units of the sub-step h = 1/120 s. Restitution acts on the exact impact speed, so
    // the rebound speed is exact; the rebound starts at the end of the impact's sub-step instead of
    // at the impact (a delay of at most h per bounce), and the sub-steps spent within contact reach
    // are integrated semi-implicitly, each lowering the flight by at most ½·g·h² (0.035 pt).
    static func evaluate(_ testCase: Case, substep h: Double, engine: any SimulationEngine) throws -> Evaluation {
        let trace = try engine.run(scene(testCase, substep: h))
        let analysis = analyse(trace)
        let reference = try BouncingDrop(height: dropHeight, gravity: gravity, restitution: testCase.elasticity,
                                         restitutionThreshold: threshold)
        var metrics: [Metric] = []
        let label = testCase.name
        let halfGH2 = 0.5 * gravity * h * h
        let rebounds = (reference.restingImpact ?? 6) - 1
        let expectedApexes = Array(reference.apexHeights.dropFirst().prefix(min(3, rebounds)))
        var worstApex = 0.0
        let firstOrder = engine.integrator.isFirstOrder
        for (index, expected) in expectedApexes.enumerated() {
            let observed = index < analysis.apexHeights.count ? analysis.apexHeights[index] : 0
            worstApex = worse(worstApex, abs(observed - expected))
            // A first-order engine's rebound speed v = √(2g·apex) is off by up to g·h (the impact
            // falls anywhere in a sub-step), which moves the apex by v·δv/g ≤ v·h.
            let reboundSpeed = (2 * gravity * expected).squareRoot()
            metrics.append(Metric(
                caseName: label, name: "apex \(index + 1) error", value: abs(observed - expected), unit: "pt",
                tolerance: .atMost(8 * halfGH2 + (firstOrder ? reboundSpeed * h : 0)),
                target: .atMost(2 * halfGH2 + (firstOrder ? reboundSpeed * h / 2 : 0)),
                reason: firstOrder
                    ? "semi-implicit Euler: the rebound speed v errs by ≤ g·h, the apex by ≤ v·h, plus 8 in-contact sub-steps of ½·g·h²"
                    : "exact rebound speed; ≤ a few in-contact semi-implicit sub-steps, ½·g·h² = \(NumberFormat.short(halfGH2)) pt each"))
        }
        let impacts = min(4, reference.impactTimes.count)
        var worstImpact = 0.0
        for n in 1...impacts {
            let observed = n <= analysis.impactTimes.count ? analysis.impactTimes[n - 1] : .infinity
            let error = abs(observed - reference.impactTime(n))
            worstImpact = worse(worstImpact, error)
            metrics.append(Metric(
                caseName: label, name: "impact \(n) time error", value: error, unit: "s",
                tolerance: .atMost(Double(n) * h), target: .atMost(Double(n) * h / 2),
                reason: "each rebound starts at the end of its impact's sub-step: ≤ h of delay per bounce so far",
                resolution: 1e-12))
        }
        let expectedBounces = Double(rebounds)
        let observedBounces = Double(testCase.elasticity == 1 ? min(analysis.apexHeights.count, rebounds) : analysis.apexHeights.count)
        metrics.append(Metric(
            caseName: label, name: testCase.elasticity == 1 ? "rebounds in 10 s (at least)" : "rebounds before rest",
            value: observedBounces, unit: "1", tolerance: .within(0, of: expectedBounces),
            reason: "impact speeds are exact and at least 6 % away from the 100 pt/s threshold for this drop height"))
        // Semi-implicit Euler's recorded energy g·y + ½v² moves by up to 1.5·(g·h)² per free-flight
        // step (positions and velocities a step apart), and as much again in a contact step.
        let stepEnergy = 3 * (gravity * h) * (gravity * h) / (gravity * dropHeight)
        metrics.append(Metric(
            caseName: label, name: "largest energy rise between samples", value: analysis.largestEnergyRise, unit: "of E₀",
            tolerance: .atMost(firstOrder ? stepEnergy : 1e-9),
            reason: firstOrder ? "semi-implicit Euler: ≤ 1.5·(g·h)² per flight step plus as much in a contact step, over E₀ = g·H"
                : "exact free flight conserves ½v² + g·y to rounding; contacts only remove energy",
            resolution: 1e-12))
        if testCase.elasticity < 1 {
            metrics.append(Metric(
                caseName: label, name: "final height above the floor", value: abs(analysis.finalHeight), unit: "pt",
                tolerance: .atMost(0.05), reason: "a lone item rests where the gap closes (the velocity solver stops it there); position correction acts only beyond the 0.1 pt slop"))
        }
        let times = trace.times
        let heights = trace.states(of: "ball").map { floor - side / 2 - $0.center.y }
        let series = Series(caseName: label, name: "height of the item", unit: "pt", time: times,
                            observed: heights, reference: times.map(reference.height(at:)), maximumPoints: 241)
        let plotted = min(4, rebounds)
        let apexes = EventComparison(
            caseName: label, name: "apex height", eventName: "bounce n", unit: "pt",
            observed: (0..<plotted).map { $0 < analysis.apexHeights.count ? analysis.apexHeights[$0] : .nan },
            reference: Array(reference.apexHeights.dropFirst().prefix(plotted)))
        var energyDrift: Series?
        if testCase.elasticity == 1 {
            // Elastic: the reference keeps E₀ = g·h; the drift is (g·y + ½v²)/E₀ − 1.
            let initial = gravity * dropHeight
            let drift = zip(heights, trace.states(of: "ball")).map { y, state in
                (gravity * y + 0.5 * state.velocity.dy * state.velocity.dy) / initial - 1
            }
            energyDrift = Series(caseName: label, name: "relative energy drift", unit: "of E₀", time: times,
                                 observed: drift, reference: times.map { _ in 0 }, maximumPoints: 241)
        }
        return Evaluation(metrics: metrics, series: series, impactError: worstImpact, apexError: worstApex,
                          apexes: apexes, energyDrift: energyDrift)
    }

    /// What one run measured, and its plot data.
    struct Evaluation {
        var metrics: [Metric]
        var series: Series
        /// Worst impact-time error (s) and worst apex error (pt).
        var impactError: Double
        var apexError: Double
        var apexes: EventComparison
        var energyDrift: Series?
    }

    static func sweep(substeps: [Double], engine: any SimulationEngine) throws
        -> (metrics: [Metric], table: ReportTable, notes: [String], sweeps: [SweepSeries]) {
        let testCase = Case(shape: .rectangle, elasticity: 0.5)
        var impactErrors: [Double] = [], apexErrors: [Double] = [], costs: [Double] = []
        for h in substeps {
            let meter = MeteredEngine(engine)
            let result = try evaluate(testCase, substep: h, engine: meter)
            impactErrors.append(result.impactError)
            apexErrors.append(result.apexError)
            costs.append(meter.cpuSecondsPerSimulatedSecond)
        }
        // Apex errors come from the sub-steps integrated semi-implicitly while touching (½·g·h²
        // each): a smooth error of order 2. Impact-time errors depend on where in a sub-step each
        // impact falls, so they are bounded by n·h but not smooth in h: reported as error/h.
        let apexOrders = ConvergenceOrder.estimate(steps: substeps, errors: apexErrors, floor: 1e-9)
        let firstOrder = engine.integrator.isFirstOrder
        var metrics: [Metric] = []
        for (index, order) in apexOrders.enumerated() {
            guard let order else { continue }
            metrics.append(Metric(
                caseName: "sweep, rectangle, e = 0.5", name: "apex-error convergence order \(index + 1)",
                value: order, unit: "1", tolerance: .within(0.5, of: firstOrder ? 1 : 2), target: .within(0.1, of: firstOrder ? 1 : 2),
                reason: (firstOrder ? "semi-implicit Euler: the apex error is dominated by the rebound speed's g·h: first order"
                    : "apex error is a few ½·g·h² sub-step losses: second order in h") + "; " + ConvergenceOrder.twoSidedReason,
                resolution: ConvergenceOrder.resolution))
        }
        for (index, h) in substeps.enumerated() {
            metrics.append(Metric(
                caseName: "sweep h = 1/\(Int((1 / h).rounded())) s, rectangle, e = 0.5", name: "worst impact-time error / h",
                value: impactErrors[index] / h, unit: "1", tolerance: .atMost(8), target: .atMost(4),
                reason: "impacts 1–4: at most one sub-step of delay per bounce so far (≤ 4)"))
        }
        func text(_ orders: [Double?], _ index: Int) -> String {
            index == 0 ? "—" : orders[index - 1].map { NumberFormat.short($0) } ?? "rounding floor"
        }
        let rows = substeps.indices.map { index in
            ["1/\(Int((1 / substeps[index]).rounded()))", NumberFormat.short(impactErrors[index]),
             NumberFormat.short(impactErrors[index] / substeps[index]),
             NumberFormat.short(apexErrors[index]), text(apexOrders, index)]
        }
        let table = ReportTable(title: "Time-step sweep (rectangle, e = 0.5; worst of impacts 1–4 and apexes 1–3)",
                                columns: ["sub-step h (s)", "impact-time error (s)", "error / h", "apex error (pt)", "order"],
                                rows: rows)
        let sweeps = [
            SweepSeries(caseName: testCase.name, quantity: "worst apex error (apexes 1–3)", unit: "pt", steps: substeps,
                        errors: apexErrors, cpuSecondsPerSimulatedSecond: costs, expectedOrder: firstOrder ? 1 : 2, roundingFloor: 1e-9),
            SweepSeries(caseName: testCase.name, quantity: "worst impact-time error (impacts 1–4, ≤ n·h, not smooth)", unit: "s",
                        steps: substeps, errors: impactErrors, cpuSecondsPerSimulatedSecond: costs, expectedOrder: 1,
                        roundingFloor: 1e-12),
        ]
        return (metrics, table, [], sweeps)
    }
}
