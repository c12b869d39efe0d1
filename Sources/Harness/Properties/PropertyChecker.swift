/// Runs a scene on an engine and judges the run by every invariant that applies to it.
public struct PropertyChecker: Sendable {
    /// The engine under test.
    public let engine: any SimulationEngine

    /// Creates a checker for `engine`.
    public init(engine: any SimulationEngine) {
        self.engine = engine
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
            return report.restricted(to: only)
        } catch {
            report.violations.append(Violation(.runs, "\(error)"))
            return report.restricted(to: only)
        }
        if let bad = trace.samples.first(where: { !$0.states.allSatisfy(\.isFinite) }) {
            report.violations.append(Violation(.finite, "non-finite state at t = \(bad.time) s"))
            return report.restricted(to: only)
        }
        let traits = SceneTraits(scene), mechanics = SceneMechanics(scene)
        func judge(_ invariants: [Invariant], when applies: Bool = true, _ check: () -> [Violation]) {
            guard applies, !only.isDisjoint(with: invariants) else { return }
            report.checked += invariants
            report.violations += check()
        }
        judge([.containment]) { ContainmentCheck.check(scene, trace) }
        judge([.tunnelling]) { TunnellingCheck.check(scene, trace) }
        judge([.overrideOrder]) { OverrideOrderCheck.check(scene, trace) }
        judge([.constraints], when: traits.hasAttachment) { ConstraintCheck.check(scene, trace) }
        judge([.energy], when: EnergyCheck.applies(to: scene, traits: traits, mechanics: mechanics)) {
            EnergyCheck.check(scene, trace, traits: traits, mechanics: mechanics)
        }
        judge([.momentum], when: MomentumCheck.applies(to: scene, traits: traits, mechanics: mechanics)) {
            MomentumCheck.check(scene, trace, mechanics: mechanics)
        }
        judge([.rest], when: RestCheck.applies(to: scene, traits: traits, mechanics: mechanics)) {
            RestCheck.check(scene, trace, mechanics: mechanics)
        }
        judge([.determinism, .treeShape, .removeAndReadd]) { DeterminismCheck.check(scene, trace, engine: engine) }
        judge([.metamorphic], when: MetamorphicCheck.applies(to: scene, traits: traits)) {
            MetamorphicCheck.check(scene, trace, engine: engine)
        }
        judge([.convergence], when: ConvergenceCheck.applies(to: scene, traits: traits)) {
            ConvergenceCheck.check(scene, engine: engine)
        }
        return report.restricted(to: only)
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

    func restricted(to invariants: Set<Invariant>) -> PropertyReport {
        PropertyReport(checked: checked.filter(invariants.contains), violations: violations.filter { invariants.contains($0.invariant) },
                       invalid: invalid)
    }
}
