import Reference

/// Experiment 4: item-behavior override order. Random behavior trees (seeded) set overlapping item
/// properties; the properties the engine resolves are compared with an independent walk of the
/// same scene (``OverrideOrderReference``). Then the physical consequence: a fall follows the
/// resolved resistance (closed form of dv/dt = g − c·v) and a bounce the resolved elasticity
/// (apex e²·h); and seed 001's example of removing a behavior and adding another at its place.
public struct OverrideOrderExperiment: Experiment {
    /// Creates the experiment.
    public init() {}

    /// "override-order".
    public var id: String { "override-order" }
    /// Title for reports.
    public var title: String { "Item-behavior override order" }

    /// ½·g·h² at g = 1000 pt/s², h = 1/120 s (points): one semi-implicit sub-step's loss.
    static let halfGH2 = 0.5 * 1000.0 / (120.0 * 120.0)
    /// The drop height of the elasticity check (pt).
    static let dropHeight = 400.0

    static let items = RandomPropertyTree.itemIDs.enumerated().map { index, id in
        SceneItem(id: id, center: ScenePoint(x: 200 + 300 * Double(index), y: 100), size: SceneSize(width: 40, height: 40))
    }

    /// Runs every case, the reference checks and the time-step sweep on `options.engine`.
    public func run(_ options: ExperimentOptions) throws -> ExperimentResult {
        let seeds = (1...(options.quick ? 40 : 200)).map(UInt64.init)
        var metrics: [Metric] = []
        var mismatches = 0, compared = 0, firstMismatch: String?
        var fallError = 0.0, bounceError = 0.0
        var unsupported = UnsupportedCaseLog()
        for seed in seeds {
            let behaviors = RandomPropertyTree.make(seed: seed)
            let scene = Scene(name: "override-order seed \(seed)", items: Self.items, behaviors: behaviors,
                              timing: SceneTiming(frameCount: 60))
            guard let trace = try unsupported.attempt("random tree, seed \(seed)", { try options.engine.run(scene) }) else { continue }
            let expected = OverrideOrderReference.resolve(behaviors)
            for (index, id) in trace.itemIDs.enumerated() {
                guard let want = expected[id] else { continue }
                compared += 1
                let got = index < trace.properties.count ? trace.properties[index] : nil
                let differing = got.map { OverrideOrderReference.differences($0, want) } ?? ["all"]
                if !differing.isEmpty {
                    mismatches += 1
                    firstMismatch = firstMismatch ?? "seed \(seed), item \(id): \(differing.joined(separator: ", "))"
                }
                fallError = worse(fallError, try Self.fallError(trace: trace, item: id, properties: want))
            }
        }
        metrics.append(Metric(
            caseName: "\(seeds.count) random trees, \(compared) item resolutions", name: "mismatched resolutions",
            value: Double(mismatches), unit: "1", tolerance: .atMost(0),
            reason: "the override rule is exact: pre-order walk, last explicit write wins per property"))
        let firstOrder = options.engine.integrator.isFirstOrder
        // Semi-implicit Euler's fall over T = 1 s errs by ½·h·g·T undamped and by at most h·g·T
        // with any resistance (gravity-push's bound at its largest), h = 1/120 s.
        let fallBound = 1.01 * (1.0 / 120) * 1000 * 1 + 1e-7
        metrics.append(Metric(
            caseName: "\(seeds.count) random trees", name: "max fall error vs resolved resistance", value: fallError, unit: "pt",
            tolerance: .atMost(firstOrder ? fallBound : 1e-7),
            reason: firstOrder ? "semi-implicit Euler: ≤ h·g·T with any resistance (gravity-push's first-order bound), +1 %"
                : "free fall with linear damping is integrated exactly: rounding only (see gravity-push)",
            resolution: 1e-9))
        for elasticity in [0.25, 0.75] {
            let caseName = "two behaviors set elasticity, the later one \(elasticity)"
            guard let error = try unsupported.attempt(caseName, {
                try Self.bounceError(resolvedElasticity: elasticity, engine: options.engine)
            }) else { continue }
            bounceError = worse(bounceError, error)
            // As in the bounce experiment: a first-order engine's rebound speed v errs by g·h, its apex by v·h.
            let reboundSpeed = elasticity * (2 * 1000 * Self.dropHeight).squareRoot()
            metrics.append(Metric(
                caseName: caseName, name: "first apex error vs e²·h",
                value: error, unit: "pt", tolerance: .atMost(8 * Self.halfGH2 + (firstOrder ? reboundSpeed / 120 : 0)),
                target: .atMost(2 * Self.halfGH2 + (firstOrder ? reboundSpeed / 240 : 0)),
                reason: firstOrder ? "as in the bounce experiment: semi-implicit Euler's apex errs by ≤ v·h, plus in-contact sub-steps"
                    : "as in the bounce experiment: exact rebound speed, ≤ a few semi-implicit sub-steps of ½·g·h² each"))
        }
        metrics += try unsupported.attempt("seed 001", { try Self.seedExample(engine: options.engine) }) ?? []
        let allSubsteps: [Double] = [1.0 / 60, 1.0 / 120, 1.0 / 240, 1.0 / 480]
        let sweep = try unsupported.attempt("sweep, resolved elasticity 0.75") {
            try Self.sweep(substeps: Array(allSubsteps.prefix(options.quick ? 3 : 4)), engine: options.engine)
        }
        metrics += sweep?.metrics ?? []
        var notes: [String] = []
        if let firstMismatch { notes.append("first mismatch: \(firstMismatch)") }
        return ExperimentResult(
            id: id, title: title,
            summary: """
                Random behavior trees (depth ≤ 3, 2–6 top-level nodes, seeds 1…\(seeds.count)) of item behaviors set \
                overlapping properties of three items; the engine's resolved properties are compared with an independent \
                pre-order walk of the scene, and the physics with closed forms using those properties.
                """,
            parameters: ["seeds": "1…\(seeds.count)", "items": "3 items, 40×40 pt", "fall": "gravity 1000 pt/s², 1 s"],
            metrics: metrics, series: [], tables: sweep.map { [$0.table] } ?? [], notes: notes, sweeps: sweep.map { [$0.sweep] } ?? [],
            unsupportedCases: unsupported.cases, expectations: options.engine.integrator.rawValue)
    }

    /// The resolved-elasticity bounce at several sub-steps: the apex error converges at order 2.
    static func sweep(substeps: [Double], engine: any SimulationEngine) throws
        -> (metrics: [Metric], table: ReportTable, sweep: SweepSeries) {
        var errors: [Double] = [], costs: [Double] = []
        let firstOrder = engine.integrator.isFirstOrder
        for substep in substeps {
            let meter = MeteredEngine(engine)
            errors.append(try bounceError(resolvedElasticity: 0.75, substep: substep, engine: meter))
            costs.append(meter.cpuSecondsPerSimulatedSecond)
        }
        let orders = ConvergenceOrder.estimate(steps: substeps, errors: errors, floor: 1e-9)
        let metrics = orders.enumerated().compactMap { index, order in
            order.map {
                Metric(caseName: "sweep, resolved elasticity 0.75", name: "apex-error convergence order \(index + 1)", value: $0,
                       unit: "1", tolerance: .within(0.5, of: firstOrder ? 1 : 2), target: .within(0.1, of: firstOrder ? 1 : 2),
                       reason: (firstOrder ? "semi-implicit Euler: the rebound speed's g·h dominates: first order"
                           : "apex error is a few ½·g·h² sub-step losses: second order in h") + "; " + ConvergenceOrder.twoSidedReason,
                       resolution: ConvergenceOrder.resolution)
            }
        }
        let rows = substeps.indices.map { index in
            ["1/\(Int((1 / substeps[index]).rounded()))", NumberFormat.short(errors[index]),
             index == 0 ? "—" : orders[index - 1].map { NumberFormat.short($0) } ?? "rounding floor"]
        }
        let sweep = SweepSeries(caseName: "resolved elasticity 0.75, drop 400 pt", quantity: "first apex error", unit: "pt",
                                steps: substeps, errors: errors, cpuSecondsPerSimulatedSecond: costs, expectedOrder: firstOrder ? 1 : 2,
                                roundingFloor: 1e-9)
        return (metrics, ReportTable(title: "Time-step sweep (resolved elasticity 0.75, drop 400 pt)",
                                     columns: ["sub-step (s)", "first apex error (pt)", "order"], rows: rows), sweep)
    }

    /// The largest distance between an item's fall and the closed form with its resolved
    /// resistance and density-independent gravity (pt). Anchored items must not move at all.
    static func fallError(trace: Trace, item id: String, properties: ResolvedProperties) throws -> Double {
        guard let start = Self.items.first(where: { $0.id == id }) else { return 0 }
        let motion = try LinearlyDampedMotion(initialPosition: start.center.y, initialVelocity: 0,
                                              acceleration: properties.anchored ? 0 : 1000,
                                              damping: properties.resistance)
        return zip(trace.times, trace.states(of: id)).map { t, state in
            SceneVector(dx: state.center.x - start.center.x, dy: state.center.y - motion.position(at: t)).length
        }.worst ?? 0
    }

    /// Drops an item whose elasticity is set by two item behaviors (0.9 first, then `resolvedElasticity`
    /// later in the tree) and returns |first apex − e²·h| (pt).
    static func bounceError(resolvedElasticity e: Double, substep h: Double = 1.0 / 120,
                            engine: any SimulationEngine) throws -> Double {
        let height = dropHeight
        let scene = Scene(
            name: "override-order bounce",
            referenceBounds: SceneRect(x: 0, y: 0, width: 1000, height: 1000),
            items: [SceneItem(id: "ball", center: ScenePoint(x: 500, y: 1000 - 10 - height), size: SceneSize(width: 20, height: 20))],
            behaviors: [
                .gravity(GravitySpec(items: ["ball"])),
                .collision(CollisionSpec(items: ["ball"], referenceBoundsAreBoundary: true)),
                .composite([.itemProperties(ItemPropertiesSpec(items: ["ball"], elasticity: 0.9, resistance: 0, allowsRotation: false))]),
                .itemProperties(ItemPropertiesSpec(items: ["ball"], elasticity: e)),
            ],
            timing: SceneTiming(substep: h, frameDuration: h, frameCount: Int((2 / h).rounded())))
        let trace = try engine.run(scene)
        let states = trace.states(of: "ball")
        let analysis = BounceAnalysis(times: trace.times, heights: states.map { 990 - $0.center.y },
                                      upward: states.map { -$0.velocity.dy }, gravity: 1000, minimumImpactSpeed: 5)
        return abs((analysis.apexHeights.first ?? 0) - e * e * height)
    }

    /// Seed 001: a tree with elasticity 0.5, then (nested) friction 0.7, then elasticity 0.3;
    /// removing the friction behavior restores the default friction; adding a new elasticity
    /// behavior where it was leaves elasticity at 0.3 (tree position decides, not recency).
    static func seedExample(engine: any SimulationEngine) throws -> [Metric] {
        func tree(middle: [SceneBehavior]) -> [SceneBehavior] {
            [.composite([.gravity(GravitySpec(items: ["a"])),
                         .itemProperties(ItemPropertiesSpec(items: ["a"], elasticity: 0.5)),
                         .composite(middle)]),
             .itemProperties(ItemPropertiesSpec(items: ["a"], elasticity: 0.3))]
        }
        let stages: [(String, [SceneBehavior], ResolvedProperties)] = [
            ("seed 001: original tree", tree(middle: [.itemProperties(ItemPropertiesSpec(items: ["a"], friction: 0.7))]),
             { var p = ResolvedProperties.specDefaults; p.elasticity = 0.3; p.friction = 0.7; return p }()),
            ("seed 001: friction behavior removed", tree(middle: []),
             { var p = ResolvedProperties.specDefaults; p.elasticity = 0.3; return p }()),
            ("seed 001: elasticity 0.9 added at its place", tree(middle: [.itemProperties(ItemPropertiesSpec(items: ["a"], elasticity: 0.9))]),
             { var p = ResolvedProperties.specDefaults; p.elasticity = 0.3; return p }()),
        ]
        return try stages.map { name, behaviors, expected in
            let trace = try engine.run(Scene(name: name, items: [Self.items[0]], behaviors: behaviors, timing: SceneTiming(frameCount: 1)))
            let got = trace.properties.first ?? nil
            let differing = got.map { OverrideOrderReference.differences($0, expected) }?.count ?? 8
            // The hand-written expectation and the reference walk must agree too.
            let walk = OverrideOrderReference.resolve(behaviors)["a"].map { OverrideOrderReference.differences($0, expected) }?.count ?? 8
            return Metric(caseName: name, name: "properties differing from the seed's answer (engine + reference walk)",
                          value: Double(differing + walk), unit: "1", tolerance: .atMost(0),
                          reason: "the seed states the answer: elasticity 0.3, friction 0.7 then the default 0.2")
        }
    }
}
