import DynamicsAdapter
import Foundation
@testable import Harness
import Reference
import Testing

/// Runs the real engine, then changes the trace: a stand-in for a regression the experiment must catch.
private struct PerturbedEngine: SimulationEngine {
    enum Perturbation {
        /// Reports every time as `time·(1 + rate)`: a clock (or frequency) error of `rate`.
        case clock(rate: Double)
        /// Shrinks the item's angle from the downward vertical about the scene's first attachment
        /// anchor, and its stretch beyond the attachment's length, by `rate` per second: a
        /// dissipative pendulum or spring.
        case decay(rate: Double)
        /// Shifts the item along x by `rate`·t (points).
        case drift(rate: Double)
    }

    var perturbation: Perturbation
    var name: String { "perturbed" }
    var settings: [String: String] { [:] }
    var integrator: IntegrationScheme { .exact }

    func run(_ scene: Scene) throws -> Trace {
        var trace = try DynamicsEngine().run(scene)
        let attachment = scene.behaviors.lazy.compactMap { behavior -> AttachmentSpec? in
            if case .attachment(let spec) = behavior.kind { return spec } else { return nil }
        }.first
        let anchor = attachment?.anchor ?? .zero, length = attachment?.length ?? 0
        for index in trace.samples.indices {
            let t = trace.samples[index].time
            var state = trace.samples[index].states[0]
            switch perturbation {
            case .clock(let rate):
                trace.samples[index].time = t * (1 + rate)
            case .decay(let rate):
                let offset = state.center - anchor
                let angle = atan2(offset.dx, offset.dy), distance = offset.length
                let shrunk = length + (distance - length) * (1 - rate * t)
                // Rotating by +φ moves the angle atan2(dx, dy) by −φ (y down).
                state.center = anchor + offset.rotated(by: angle * rate * t) * (shrunk / distance)
            case .drift(let rate):
                state.center.x += rate * t
            }
            trace.samples[index].states[0] = state
        }
        return trace
    }
}

/// The real engine with every top-level snap given the damping whose documented ratio
/// (ζ = 0.25 + 0.75·damping) is `ratio(damping)`: a snap that maps its damping onto another
/// damping ratio.
private struct RemappedSnaps: SimulationEngine {
    var ratio: @Sendable (Double) -> Double
    var name: String { "remapped-snaps" }
    var settings: [String: String] { [:] }
    var integrator: IntegrationScheme { .exact }

    func run(_ scene: Scene) throws -> Trace {
        var remapped = scene
        remapped.behaviors = scene.behaviors.map { behavior in
            guard case .snap(var spec) = behavior.kind else { return behavior }
            spec.damping = (ratio(spec.damping) - 0.25) / 0.75
            return .snap(spec, id: behavior.id)
        }
        return try DynamicsEngine().run(remapped)
    }
}

@Suite struct AttachmentExperimentTests {
    // MARK: The experiment

    @Test func quickRunMeetsEveryTolerance() throws {
        let result = try AttachmentExperiment().run(ExperimentOptions(quick: true, engine: DynamicsEngine()))
        for metric in result.metrics where metric.verdict == .fail {
            Issue.record("\(metric.caseName) / \(metric.name): \(metric.value) \(metric.unit), tolerance \(metric.tolerance)")
        }
        // Springs 2 × 2 cases × 4 metrics; snaps 5 × 2; elastic 3; rigid 60° 5; sweep (3 steps,
        // 2 beside the main one) 2 × (1 + 1 + 3) and 2 × 2 orders.
        #expect(result.metrics.count == 16 + 10 + 3 + 5 + 10 + 4)
        #expect(result.tables.count == 3)
        #expect(result.metrics.allSatisfy { !$0.reason.isEmpty })
        #expect(ExperimentCatalog.experiment(withID: "attachment-springs") != nil)
        let ids = ExperimentCatalog.all.map(\.id)
        #expect(ids.firstIndex(of: "attachment-springs") == ids.firstIndex(of: "bounce").map { $0 + 1 })
    }

    @Test func theSweepShowsSecondOrderForThePendulums() throws {
        let result = try AttachmentExperiment().run(ExperimentOptions(quick: true, engine: DynamicsEngine()))
        let orders = result.metrics.filter { $0.name.hasPrefix("convergence order") }
        #expect(orders.count == 4)
        for order in orders { #expect(abs(order.value - 2) < 0.1, "\(order.caseName): \(order.value)") }
    }

    @Test func aClockErrorFailsThePeriodsAndTrajectories() throws {
        let result = try AttachmentExperiment().run(ExperimentOptions(quick: true, engine: PerturbedEngine(perturbation: .clock(rate: 1e-4))))
        let failed = Set(result.metrics.filter { $0.verdict == .fail }.map(\.name))
        #expect(failed.contains("period error (zero crossings)"))
        #expect(failed.contains("max error / amplitude (oscillator through x(−h) = x(0))"))
        #expect(failed.contains("max position error"))
        #expect(failed.contains("period error vs 4√(L/g)·K(sin(θ₀/2))"))
        // A clock error moves when a snap settles, not how far it overshoots.
        #expect(failed.contains("settling-time error (2 % band)"))
        #expect(!failed.contains("overshoot error vs e^(−πζ/√(1−ζ²))"))
        #expect(result.verdict == .fail)
    }

    @Test func aDissipativeEngineFailsTheAmplitudeAndEnergy() throws {
        let result = try AttachmentExperiment().run(ExperimentOptions(quick: true, engine: PerturbedEngine(perturbation: .decay(rate: 1e-6))))
        let failed = Set(result.metrics.filter { $0.verdict == .fail }.map(\.name))
        #expect(failed.contains("amplitude decay, first to last swing"))
        #expect(failed.contains("max error / amplitude (oscillator through x(−h) = x(0))"))
        #expect(failed.contains("energy drift over 20 s"))
        #expect(failed.contains("decay-rate error (successive peaks)"))
    }

    @Test func aMicroPointDriftFailsTheSprings() throws {
        let result = try AttachmentExperiment().run(ExperimentOptions(quick: true, engine: PerturbedEngine(perturbation: .drift(rate: 1e-6))))
        let failed = result.metrics.filter { $0.verdict == .fail }
        #expect(failed.contains { $0.caseName.hasPrefix("spring") && $0.name.hasPrefix("max error") })
        // A constant-rate offset averages out of the period-averaged energy (second order in it).
        #expect(!failed.contains { $0.name == "energy drift over 20 s" })
    }

    // MARK: Snaps

    static func snapMetrics(_ engine: any SimulationEngine) throws -> [Metric] {
        var unsupported = UnsupportedCaseLog()
        let snaps = try SnapSettling.evaluate(substep: AttachmentExperiment.substep, engine: engine, unsupported: &unsupported)
        #expect(unsupported.cases.isEmpty)
        return snaps.metrics
    }

    @Test func snapsOvershootAndSettleAsTheirDocumentedSpringSays() throws {
        let metrics = try Self.snapMetrics(DynamicsEngine())
        #expect(metrics.count == 2 * SnapSettling.dampings.count)
        for metric in metrics where metric.verdict != .pass {
            Issue.record("\(metric.caseName) / \(metric.name): \(metric.value) \(metric.unit), tolerance \(metric.tolerance)")
        }
    }

    @Test func aSnapWhoseDampingMapsOntoAnotherRatioIsCaught() throws {
        // ζ = 0.35 + 0.65·damping: still monotone and critical at damping 1, but less overshoot below.
        let metrics = try Self.snapMetrics(RemappedSnaps { 0.35 + 0.65 * $0 })
        for damping in SnapSettling.dampings {
            let caseMetrics = metrics.filter { $0.caseName == SnapSettling.caseName(damping: damping) }
            #expect(caseMetrics.count == 2)
            if damping < 1 {
                #expect(caseMetrics.allSatisfy { $0.verdict == .fail }, "damping \(damping): \(caseMetrics.map(\.value))")
            } else {
                #expect(caseMetrics.allSatisfy { $0.verdict == .pass }, "the same ζ = 1: \(caseMetrics.map(\.value))")
            }
        }
    }

    @Test func aSnapThatOvershootsAtFullDampingIsCaught() throws {
        // ζ = 0.25 + 0.7125·damping: 0.9625 at damping 1, an overshoot of 1.4·10⁻⁵ of the distance.
        let metrics = try Self.snapMetrics(RemappedSnaps { 0.25 + 0.7125 * $0 })
        let full = metrics.filter { $0.caseName == SnapSettling.caseName(damping: 1) }
        #expect(full.contains { $0.name == "overshoot (none for ζ ≥ 1)" && $0.verdict == .fail })
    }

    // MARK: The references and the detector

    @Test func theMatchedOscillatorPassesThroughTheReleasePointOneSubStepEarlier() throws {
        let h = 1.0 / 120
        for testCase in AttachmentSpring.cases(quick: false) {
            let oscillator = try AttachmentSpring.matchedOscillator(testCase, substep: h)
            #expect(abs(oscillator.displacement(at: -h) - AttachmentSpring.stretch) < 1e-11)
            #expect(oscillator.displacement(at: 0) == AttachmentSpring.stretch)
            // v₀* ≈ a(0)·h/2 = −ω²·x₀·h/2 to first order in h.
            let omega = oscillator.angularFrequency
            let firstOrder = -omega * omega * AttachmentSpring.stretch * h / 2
            #expect(abs(oscillator.initialVelocity - firstOrder) <= abs(firstOrder) * 2 * omega * h)
        }
    }

    @Test func theMatchedPendulumsStartThroughTheReleasePoint() throws {
        let h = 1.0 / 60
        let elastic = try AttachmentElasticPendulum.matchedPendulum(substep: h)
        let backward = try ElasticPendulum(restLength: elastic.restLength, stiffness: elastic.stiffness, gravity: elastic.gravity,
                                           initialPosition: elastic.initialPosition, initialVelocity: -elastic.initialVelocity)
        let back = try #require(try backward.states(at: [h]).first)
        #expect(abs(back[0] - elastic.initialPosition.x) < 1e-9 && abs(back[1] - elastic.initialPosition.y) < 1e-9)
        let rigid = try AttachmentRigidPendulum.matchedStart(Double.pi / 3, substep: h)
        // A little energy more than the release at rest: θ* − θ₀ is O(h²) and positive.
        #expect(rigid.amplitude > Double.pi / 3 && rigid.amplitude - Double.pi / 3 < 1e-3)
        #expect(rigid.angularVelocity < 0)
    }

    /// The detector on exact samples of a damped oscillation recovers its period and decay rate
    /// to the cubic interpolation's O((ωΔ)⁴), far below anything the experiment judges by it.
    @Test func theDetectorReadsExactSamples() throws {
        let oscillator = try DampedOscillator(naturalFrequency: 2, dampingRatio: 0.1, initialDisplacement: 50, initialVelocity: 0)
        let times = (0...2400).map { Double($0) / 120 }
        let signal = AttachmentSignal(times: times, values: times.map(oscillator.displacement(at:)))
            .truncated(belowMagnitude: 50e-6)
        let period = try #require(oscillator.period)
        #expect(abs(AttachmentSpring.period(signal.zeroCrossings) - period) / period < 1e-6)
        let rates = AttachmentSpring.decayRates(signal.extremes)
        let rate = oscillator.dampingRatio * oscillator.angularFrequency
        #expect(rates.count > 10)
        for measured in rates { #expect(abs(measured - rate) / rate < 1e-3) }
        // The rigid pendulum's angle from GSL: crossings give the elliptic-integral period.
        let pendulum = try RigidPendulum(length: 250, gravity: 1000, amplitude: 2 * Double.pi / 3)
        let pendulumTimes = (0...(120 * 20)).map { Double($0) / 120 }
        let angles = AttachmentSignal(times: pendulumTimes, values: try pendulum.angle(at: pendulumTimes))
        #expect(abs(AttachmentSpring.period(angles.zeroCrossings) - pendulum.period) / pendulum.period < 1e-8)
        let peaks = angles.extremes.map { abs($0.value) }
        #expect(peaks.allSatisfy { abs($0 - pendulum.amplitude) < 1e-7 })
    }

    @Test func theDetectorIgnoresTooShortOrFlatSignals() {
        #expect(AttachmentSignal(times: [0, 1, 2], values: [1, -1, 1]).zeroCrossings.isEmpty)
        #expect(AttachmentSignal(times: [0, 1, 2, 3, 4], values: [0, 0, 0, 0, 0]).extremes.isEmpty)
        #expect(AttachmentSpring.period([1]).isNaN)
        #expect(AttachmentSignal(times: [0, 1], values: [0, 0]).truncated(belowMagnitude: 1).times.isEmpty)
    }

    // MARK: The scene's attachment case

    static let scene = Scene(
        name: "attachments",
        items: [SceneItem(id: "a", center: ScenePoint(x: 100, y: 100), size: SceneSize(width: 20, height: 20)),
                SceneItem(id: "b", center: ScenePoint(x: 200, y: 100), size: SceneSize(width: 20, height: 20))],
        behaviors: [
            .attachment(AttachmentSpec(item: "a", offset: SceneVector(dx: 0, dy: 5), anchor: ScenePoint(x: 100, y: 0), length: 90,
                                       frequency: 2, damping: 0.3)),
            .composite([.attachment(AttachmentSpec(item: "a", otherItem: "b", otherOffset: SceneVector(dx: -5, dy: 0),
                                                   attachmentKind: .limit))]),
            .gravity(GravitySpec(items: ["a", "b"])),
        ],
        timing: SceneTiming(frameCount: 120))

    @Test func attachmentsSurviveAJSONRoundTrip() throws {
        let data = try ResultsCoding.encode(Self.scene)
        #expect(try ResultsCoding.decode(Scene.self, from: data) == Self.scene)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"kind\" : \"attachment\""))
        #expect(text.contains("\"attachmentKind\" : \"limit\""))
        // The optional fields take their defaults.
        let minimal = #"{"kind": "attachment", "item": "a", "anchor": {"x": 1, "y": 2}}"#
        let decoded = try ResultsCoding.decode(SceneBehavior.self, from: Data(minimal.utf8))
        #expect(decoded == .attachment(AttachmentSpec(item: "a", anchor: ScenePoint(x: 1, y: 2))))
        let unknownKind = #"{"kind": "attachment", "item": "a", "anchor": {"x": 1, "y": 2}, "attachmentKind": "weld"}"#
        #expect(throws: SceneError(path: "attachmentKind", problem: .unknownValue("weld", allowed: AttachmentKind.allCases.map(\.rawValue)))) {
            try ResultsCoding.decode(SceneBehavior.self, from: Data(unknownKind.utf8))
        }
    }

    /// Each mutation breaks one field of an attachment; the error must name exactly that field.
    static let mutations: [(field: String, mutate: @Sendable (inout AttachmentSpec) -> Void)] = [
        ("behaviors[0].item", { $0.item = "zzz" }),
        ("behaviors[0].offset.dy", { $0.offset.dy = .nan }),
        ("behaviors[0].anchor", { $0.anchor = nil }),
        ("behaviors[0].anchor.x", { $0.anchor?.x = .infinity }),
        ("behaviors[0].anchor", { $0.otherItem = "b" }),
        ("behaviors[0].otherItem", { $0.otherItem = "zzz"; $0.anchor = nil }),
        ("behaviors[0].otherItem", { $0.otherItem = "a"; $0.anchor = nil }),
        ("behaviors[0].otherOffset.dx", { $0.otherItem = "b"; $0.anchor = nil; $0.otherOffset.dx = -.infinity }),
        ("behaviors[0].length", { $0.length = -1 }),
        ("behaviors[0].frequency", { $0.frequency = -0.5 }),
        ("behaviors[0].damping", { $0.damping = .nan }),
    ]

    @Test func attachmentValidationNamesTheBadField() {
        for (field, mutate) in Self.mutations {
            var scene = Self.scene
            guard case .attachment(var spec) = scene.behaviors[0].kind else { Issue.record("fixture changed"); return }
            mutate(&spec)
            scene.behaviors[0] = .attachment(spec)
            do {
                try scene.validate()
                Issue.record("\(field): accepted")
            } catch {
                #expect(error.path == field)
            }
            #expect(throws: SceneError.self) { try DynamicsEngine().run(scene) }
        }
        #expect(throws: Never.self) { try Self.scene.validate() }
    }

    @Test func theEngineBuildsRodsSpringsAndRopesBetweenItems() throws {
        // A rod between two items (no gravity) keeps its length while one is pushed.
        let rod = Scene(
            name: "rod", items: Self.scene.items,
            behaviors: [.attachment(AttachmentSpec(item: "a", otherItem: "b")),
                        .push(PushSpec(items: ["b"], mode: .instantaneous, direction: SceneVector(dx: 0, dy: 0.05)))],
            timing: SceneTiming(frameCount: 60))
        let rodTrace = try DynamicsEngine().run(rod)
        for sample in rodTrace.samples {
            #expect(abs(sample.states[0].center.distance(to: sample.states[1].center) - 100) < 1e-6)
        }
        #expect(try #require(rodTrace.samples.last).states[0].center != ScenePoint(x: 100, y: 100))
        // A rope from an anchor under gravity: the item falls until the rope is taut, never beyond.
        let rope = Scene(
            name: "rope", items: [SceneItem(id: "a", center: ScenePoint(x: 100, y: 100), size: SceneSize(width: 20, height: 20))],
            behaviors: [.gravity(GravitySpec(items: ["a"])),
                        .attachment(AttachmentSpec(item: "a", anchor: ScenePoint(x: 100, y: 50), length: 80, attachmentKind: .limit))],
            timing: SceneTiming(frameCount: 120))
        let ropeTrace = try DynamicsEngine().run(rope)
        let distances = ropeTrace.states(of: "a").map { $0.center.distance(to: ScenePoint(x: 100, y: 50)) }
        #expect(distances.allSatisfy { $0 <= 80 + 0.05 })
        #expect(try #require(distances.last) > 79.9)
        // The fixture's spring, rope and gravity run.
        #expect(try DynamicsEngine().run(Self.scene).samples.count == 121)
    }
}
