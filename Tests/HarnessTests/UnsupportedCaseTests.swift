import DynamicsAdapter
import Harness
import Testing

/// An engine that cannot express some cases gets those cases reported as "not supported by this
/// engine", and the experiment goes on with the others: nothing passes or fails for them.
@Suite struct UnsupportedCaseTests {
    /// This engine, refusing every scene whose behaviors `refuses` picks out.
    struct Refusing: SimulationEngine {
        let refuses: @Sendable (SceneBehavior) -> Bool
        var name: String { "refusing" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }
        func run(_ scene: Scene) throws -> Trace {
            if scene.allBehaviors.contains(where: { refuses($0.behavior) }) { throw UnsupportedFeatureError("the refused kind") }
            return try DynamicsEngine().run(scene)
        }
    }

    @Test func casesWithResistanceAreReportedAndTheOthersStillMeasured() throws {
        let engine = Refusing { behavior in
            if case .itemProperties(let spec) = behavior.kind { return (spec.resistance ?? 0) > 0 }
            return false
        }
        let result = try GravityPushExperiment().run(ExperimentOptions(quick: true, engine: engine))
        #expect(result.unsupportedCases.map(\.caseName) == ["gravity, resistance 0.5", "continuous push, resistance 0.5",
                                                             "instantaneous push, resistance 0.5"])
        #expect(result.unsupportedCases.allSatisfy { $0.feature == "the refused kind" })
        #expect(!result.metrics.contains { $0.caseName.contains("resistance 0.5") })
        #expect(result.metrics.contains { $0.caseName.contains("resistance 0,") } && result.verdict == .pass)
    }

    @Test func springsAreReportedWhileRigidPendulumsRun() throws {
        let engine = Refusing { behavior in
            if case .attachment(let spec) = behavior.kind { return spec.frequency > 0 }
            return false
        }
        let result = try AttachmentExperiment().run(ExperimentOptions(quick: true, engine: engine))
        let refused = Set(result.unsupportedCases.map(\.caseName))
        #expect(refused.contains("spring f = 1 Hz, ζ = 0") && refused.contains("elastic pendulum (200 pt, 1 Hz, released at 260 pt, 30°)"))
        #expect(refused.contains("sweep"))
        #expect(result.metrics.contains { $0.caseName.hasPrefix("rigid pendulum 60°") })
        #expect(!result.metrics.contains { $0.caseName.hasPrefix("spring") })
    }
}
