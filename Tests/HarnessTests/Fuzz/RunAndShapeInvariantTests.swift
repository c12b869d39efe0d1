import DynamicsAdapter
import Foundation
import Harness
import Testing

/// The invariants not shown failing elsewhere (`InvariantTests`, `FieldEnergyTests`,
/// `FuzzCampaignTests` for crashes and hangs): each catches an engine faulty in its way, put
/// behind the harness's seam, and the healthy engine passes the same scene.
@Suite struct RunAndShapeInvariantTests {
    /// A 10×10 item falling under gravity for half a second, gravity last and named, so that the
    /// tree can be nested and the behavior removed and re-added.
    static let fall = Scene(name: "fall", items: [SceneItem(id: "a", center: .zero, size: SceneSize(width: 10, height: 10))],
                            behaviors: [.itemProperties(ItemPropertiesSpec(items: ["a"], resistance: 0), id: "lossless"),
                                        .gravity(GravitySpec(items: ["a"]), id: "g")],
                            timing: SceneTiming(duration: 0.5, pausesAtRest: false))

    /// Wraps the real engine: `edit` changes the scene it is given, `corrupt` the trace it returns.
    struct Faulty: SimulationEngine {
        var name: String
        var edit: @Sendable (inout Scene) throws -> Void = { _ in }
        var corrupt: @Sendable (inout Trace) -> Void = { _ in }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }

        func run(_ scene: Scene) throws -> Trace {
            var edited = scene
            try edit(&edited)
            var trace = try DynamicsEngine().run(edited)
            corrupt(&trace)
            return trace
        }
    }

    static func fails(_ engine: Faulty, _ invariant: Invariant, _ scene: Scene = fall) -> Bool {
        #expect(!InvariantTests.healthy.check(scene, only: [invariant]).fails(invariant), "the healthy engine passes \(scene.name)")
        let report = PropertyChecker(engine: engine).check(scene, only: [invariant])
        #expect(report.checked.contains(invariant), "\(invariant) is judged")
        return report.fails(invariant)
    }

    /// An engine that refuses a valid scene.
    @Test func anEngineThatRefusesAValidSceneBreaksRuns() {
        let refusing = Faulty(name: "refusing", edit: { _ in throw SimulationError("gravity is not supported") })
        #expect(Self.fails(refusing, .runs))
    }

    /// An engine whose state turns NaN, reported in the trace or as its own error.
    @Test func aNonFiniteStateBreaksFinite() {
        let nan = Faulty(name: "nan", corrupt: { $0.samples[$0.samples.count - 1].states[0].velocity.dx = .nan })
        #expect(Self.fails(nan, .finite))
        let failing = Faulty(name: "failing", edit: { _ in throw SimulationError("a non-finite velocity appeared") })
        #expect(Self.fails(failing, .finite))
    }

    /// An engine that loses the behaviors inside composites: nesting the flat tree under one
    /// composite, as the check does, loses gravity.
    @Test func anEngineThatLosesNestedBehaviorsBreaksTreeShape() {
        let shallow = Faulty(name: "shallow", edit: { scene in
            scene.behaviors = scene.behaviors.map { behavior in
                var top = behavior
                top.children = []
                return top
            }
        })
        #expect(Self.fails(shallow, .treeShape))
    }

    /// An engine that ignores removals: removing gravity and adding it back leaves it twice.
    @Test func anEngineThatIgnoresRemovalsBreaksRemoveAndReadd() {
        let forgetful = Faulty(name: "forgetful", edit: { scene in
            scene.events.removeAll { if case .removeBehavior = $0.action { true } else { false } }
        })
        #expect(Self.fails(forgetful, .removeAndReadd))
    }

    /// An engine with a bug below a sub-step threshold: under 1/200 s it loses one sub-step's
    /// gravity per 1/60 s frame. Halving the 1/120 s sub-step then moves the result away from
    /// the h/16 reference (a quarter of the gravity lost against 3 %), which no method error does.
    @Test func anEngineWorseAtShorterSubstepsBreaksConvergence() {
        let threshold = Faulty(name: "threshold", edit: { scene in
            let h = scene.timing.substep
            guard h < 1.0 / 200 else { return }
            scene.behaviors = scene.behaviors.map { behavior in
                guard case .gravity(var spec) = behavior.kind else { return behavior }
                spec.direction = .vector(spec.direction.vector * (1 - h * 60))
                var weaker = behavior
                weaker.kind = .gravity(spec)
                return weaker
            }
        })
        #expect(Self.fails(threshold, .convergence))
    }
}
