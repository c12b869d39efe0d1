/// Runs a scene on an engine and judges the run by every invariant that applies to it.
public struct PropertyChecker: Sendable {
    /// The engine under test.
    public let engine: any SimulationEngine
    /// Whether each scene gets only one of the tree invariants (tree shape, remove-and-readd),
    /// chosen by the parity of the base run's hash, its run doubling as the determinism check:
    /// the fuzzer's choice, which halves their cost and covers each on half the scenes. Off, every
    /// scene gets both (replay, tests).
    public let alternatesTreeVariants: Bool
    /// Another engine whose unsupported scenes this checker skips as unsupported too, so that two
    /// engines' fuzz runs on one seed check the same scenes and their failure rates compare.
    public let sameScenesAs: (any SimulationEngine)?

    /// Creates a checker for `engine`, skipping the scenes `sameScenesAs` cannot express.
    public init(engine: any SimulationEngine, alternatesTreeVariants: Bool = false, sameScenesAs: (any SimulationEngine)? = nil) {
        self.engine = engine
        self.alternatesTreeVariants = alternatesTreeVariants
        self.sameScenesAs = sameScenesAs
    }

    /// Why `scene` is skipped: what the engine, or the engine it is compared with, cannot express,
    /// a speed beyond its caps included (an engine cannot be given a speed it does not allow).
    private func unsupported(_ scene: Scene) -> String? {
        for engine in [engine] + (sameScenesAs.map { [$0] } ?? []) {
            if let feature = engine.unsupportedFeature(in: scene) { return "\(engine.name): \(feature)" }
            if let problem = scene.problems(within: engine.limits(for: scene)).first {
                return "\(engine.name): a speed or turn rate beyond its caps (\(problem))"
            }
        }
        return nil
    }

    /// Runs `scene` and checks it against the invariants in `only` (all by default) that apply.
    /// An invalid scene gives a report with ``PropertyReport/invalid`` set and nothing checked; one
    /// the engine (or ``sameScenesAs``) cannot express, or giving a speed beyond its caps
    /// (``Scene/problems(within:)``), one with ``PropertyReport/unsupported`` set.
    public func check(_ scene: Scene, only: Set<Invariant> = Set(Invariant.allCases)) -> PropertyReport {
        if let problem = scene.problems().first { return PropertyReport(checked: [], violations: [], invalid: problem.description) }
        if let feature = unsupported(scene) { return PropertyReport(checked: [], violations: [], unsupported: feature) }
        return judge(scene, only: only) { try engine.run(scene) }
    }

    /// The invariants judged on a run restored from a snapshot and recorded from there
    /// (``check(_:from:)``): those that judge each step by itself and the steps just before it.
    /// The others need the whole run: energy and momentum against the start, rest by the end,
    /// the exact comparisons with other runs.
    public static let judgedFromASnapshot: Set<Invariant> = [.runs, .finite, .containment, .tunnelling, .itemTunnelling,
                                                             .embedded, .speed, .motion, .constraints]

    /// Runs `scene` up to the last recorded frame at or before `time` (seconds) without sub-step
    /// states, restores the engine's snapshot there into a second instance that records the
    /// rest, and judges that rest by ``judgedFromASnapshot``: a long failing scene replayed from
    /// just before it fails. A failure that began before the frame is judged as if the run
    /// started there. `nil` when the engine cannot restore snapshots; from frame 0, the whole
    /// run as ``check(_:only:)`` judges it.
    /// - Returns: the report and the frame the run was restored after.
    public func check(_ scene: Scene, from time: Double) -> (report: PropertyReport, frame: Int)? {
        if let problem = scene.problems().first { return (PropertyReport(checked: [], violations: [], invalid: problem.description), 0) }
        if let feature = unsupported(scene) { return (PropertyReport(checked: [], violations: [], unsupported: feature), 0) }
        let every = scene.recording.everyFrames, count = scene.timing.frameCount
        let wanted = time.isFinite ? Int((max(0, time) / scene.timing.frameDuration).rounded(.down)) : 0
        let frame = min(wanted, count - 1) / every * every
        if frame == 0 { return (check(scene), 0) }
        guard engine.restoresSnapshots else { return nil }
        let start = Double(frame) * scene.timing.frameDuration
        var whole: Trace?
        var report = judge(scene, only: Self.judgedFromASnapshot) {
            var trace = try engine.run(scene, restoringAfterFrame: frame)
            whole = trace
            trace.samples.removeFirst(trace.samples.firstIndex { $0.time >= start - 1e-9 * scene.timing.frameDuration } ?? 0)
            trace.contacts.removeAll { $0.time < start - 1e-9 * scene.timing.frameDuration }
            return trace
        }
        // Signed as a whole run would be: the envelope is read from every sample, not only
        // those after the frame.
        for index in report.violations.indices { report.violations[index].signature = nil }
        return (report.signed(scene, trace: whole), frame)
    }

    /// Judges the trace `run` gives by the invariants in `only` that apply.
    private func judge(_ scene: Scene, only: Set<Invariant>, _ run: () throws -> Trace) -> PropertyReport {
        var report = PropertyReport(checked: [.runs, .finite], violations: [])
        let trace: Trace
        do {
            trace = try run()
        } catch let error as UnsupportedFeatureError {
            // Found only at run time (the engine's static answer missed it): still not a failure.
            return PropertyReport(checked: [], violations: [], unsupported: "\(engine.name): \(error.feature)")
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
            MomentumCheck.check(scene, trace, mechanics: mechanics, roundingUnit: limits.roundingUnit)
        }
        judge([.rest], when: engine.pausesAtRest && RestCheck.applies(to: scene, traits: traits, mechanics: mechanics)) {
            RestCheck.check(scene, trace, mechanics: mechanics)
        }
        // Whole runs compared with the base run need no sub-step states.
        let plain = engine.recordingSamplesOnly
        let treeInvariants: Set<Invariant> = [.determinism, .treeShape, .removeAndReadd]
        var treeChecks = treeInvariants.filter { DeterminismCheck.applies($0, to: scene, engine: plain) }
        if alternatesTreeVariants, only.isSuperset(of: treeInvariants) {
            treeChecks.remove(trace.stateHash % 2 == 0 ? .removeAndReadd : .treeShape)
        }
        judge(Array(treeChecks).sorted()) { DeterminismCheck.check(scene, trace, engine: plain, wanted: treeChecks.intersection(only)) }
        judge([.restore], when: RestoreCheck.applies(to: scene, engine: plain)) { RestoreCheck.check(scene, trace, engine: plain) }
        judge([.metamorphic], when: MetamorphicCheck.applies(to: scene)) {
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
    /// What the engine (or the engine the run is compared with) cannot express, when the scene
    /// was skipped for it: "ENGINE: FEATURE".
    public var unsupported: String?

    /// Creates a report.
    public init(checked: [Invariant], violations: [Violation], invalid: String? = nil, unsupported: String? = nil) {
        self.checked = checked
        self.violations = violations
        self.invalid = invalid
        self.unsupported = unsupported
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
                       invalid: invalid, unsupported: unsupported)
    }
}
