/// Runs a scene on an engine and judges the run by every invariant that applies to it.
public struct PropertyChecker: Sendable {
    /// The engine under test.
    public let engine: any SimulationEngine
    /// Whether each scene gets only one of the tree invariants (tree shape, remove-and-readd),
    /// chosen by the parity of the base run's hash, its run doubling as the determinism check:
    /// the fuzzer's choice, which halves their cost and covers each on half the scenes. Off, every
    /// scene gets both (replay, tests).
    public let alternatesTreeVariants: Bool

    /// Creates a checker for `engine`.
    public init(engine: any SimulationEngine, alternatesTreeVariants: Bool = false) {
        self.engine = engine
        self.alternatesTreeVariants = alternatesTreeVariants
    }

    /// Runs `scene` and checks it against the invariants in `only` (all by default) that apply.
    /// An invalid scene gives a report with ``PropertyReport/invalid`` set and nothing checked.
    public func check(_ scene: Scene, only: Set<Invariant> = Set(Invariant.allCases)) -> PropertyReport {
        if let problem = scene.problems().first { return PropertyReport(checked: [], violations: [], invalid: problem.description) }
        var report = PropertyReport(checked: [.runs, .finite], violations: [])
        let trace: Trace
        do {
            trace = try engine.run(scene)
        } catch let error as SimulationError {
            let invariant: Invariant = error.message.contains("non-finite") ? .finite : .runs
            report.violations.append(Violation(invariant, error.message))
            return report.restricted(to: only).signed(scene, trace: nil)
        } catch {
            report.violations.append(Violation(.runs, "\(error)"))
            return report.restricted(to: only).signed(scene, trace: nil)
        }
        if let bad = trace.samples.first(where: { !$0.states.allSatisfy(\.isFinite) }) {
            report.violations.append(Violation(.finite, "non-finite state at t = \(bad.time) s", time: bad.time))
            return report.restricted(to: only).signed(scene, trace: trace)
        }
        let traits = SceneTraits(scene), mechanics = SceneMechanics(scene), limits = engine.limits(for: scene)
        let shapes = SceneShapes(scene), steps = TraceSteps(trace), pairs = CollisionPairs(scene, mechanics: mechanics)
        func judge(_ invariants: [Invariant], when applies: Bool = true, _ check: () -> [Violation]) {
            guard applies, !only.isDisjoint(with: invariants) else { return }
            report.checked += invariants
            report.violations += check()
        }
        judge([.containment]) { ContainmentCheck.check(scene, trace) }
        judge([.tunnelling]) { TunnellingCheck.check(scene, trace) }
        judge([.itemTunnelling], when: !pairs.items.isEmpty && steps.areSubsteps) { ItemTunnellingCheck.check(scene, steps: steps, shapes: shapes, pairs: pairs) }
        judge([.embedded], when: !pairs.items.isEmpty || !pairs.walls.isEmpty) {
            EmbeddedCheck.check(scene, trace, shapes: shapes, pairs: pairs)
        }
        judge([.speed], when: SpeedCheck.applies(limits: limits)) { SpeedCheck.check(scene, steps: steps, shapes: shapes, limits: limits) }
        judge([.motion], when: MotionCheck.applies(limits: limits)) { MotionCheck.check(scene, steps: steps, shapes: shapes, mechanics: mechanics, limits: limits) }
        judge([.overrideOrder]) { OverrideOrderCheck.check(scene, trace) }
        judge([.constraints], when: traits.hasAttachment) { ConstraintCheck.check(scene, trace) }
        judge([.energy], when: EnergyCheck.applies(to: scene, traits: traits, mechanics: mechanics)) {
            EnergyCheck.check(scene, trace, traits: traits, mechanics: mechanics, shapes: shapes)
        }
        judge([.momentum], when: MomentumCheck.applies(to: scene, traits: traits, mechanics: mechanics)) {
            MomentumCheck.check(scene, trace, mechanics: mechanics)
        }
        judge([.rest], when: RestCheck.applies(to: scene, traits: traits, mechanics: mechanics)) {
            RestCheck.check(scene, trace, mechanics: mechanics)
        }
        // Whole runs compared with the base run need no sub-step states.
        let plain = engine.recordingSamplesOnly
        var treeChecks: Set<Invariant> = [.determinism, .treeShape, .removeAndReadd]
        if alternatesTreeVariants, only.isSuperset(of: treeChecks) {
            treeChecks.remove(trace.stateHash % 2 == 0 ? .removeAndReadd : .treeShape)
        }
        judge(Array(treeChecks).sorted()) { DeterminismCheck.check(scene, trace, engine: plain, wanted: treeChecks.intersection(only)) }
        judge([.metamorphic], when: MetamorphicCheck.applies(to: scene, traits: traits)) {
            MetamorphicCheck.check(scene, trace, engine: plain)
        }
        judge([.convergence], when: ConvergenceCheck.applies(to: scene, traits: traits)) {
            ConvergenceCheck.check(scene, engine: plain)
        }
        return report.restricted(to: only).signed(scene, trace: trace)
    }
}

/// What checking one scene found.
public struct PropertyReport: Codable, Equatable, Sendable {
    /// The invariants that applied and were checked.
    public var checked: [Invariant]
    /// Every violation, in checking order.
    public var violations: [Violation]
    /// Why the scene was not run, when it is invalid.
    public var invalid: String?

    /// Creates a report.
    public init(checked: [Invariant], violations: [Violation], invalid: String? = nil) {
        self.checked = checked
        self.violations = violations
        self.invalid = invalid
    }

    /// The distinct invariants violated, in declaration order.
    public var failedInvariants: [Invariant] { Array(Set(violations.map(\.invariant))).sorted() }

    /// Whether `invariant` was violated.
    public func fails(_ invariant: Invariant) -> Bool { violations.contains { $0.invariant == invariant } }

    /// The report with every violation's ``Violation/signature`` set.
    func signed(_ scene: Scene, trace: Trace?) -> PropertyReport {
        guard violations.contains(where: { $0.signature == nil }) else { return self }
        var signed = self
        let reading = SignatureReading(scene, trace: trace, envelope: .standard)
        for index in signed.violations.indices where signed.violations[index].signature == nil {
            signed.violations[index].signature = reading.signature(of: signed.violations[index])
        }
        return signed
    }

    /// The distinct signatures of the violations, in order.
    public var signatures: [FailureSignature] { Array(Set(violations.compactMap(\.signature))).sorted() }

    func restricted(to invariants: Set<Invariant>) -> PropertyReport {
        PropertyReport(checked: checked.filter(invariants.contains), violations: violations.filter { invariants.contains($0.invariant) },
                       invalid: invalid)
    }
}
