import DynamicsAdapter
@testable import Harness
import Testing

@Suite struct OverrideOrderExperimentTests {
    @Test func referenceWalkIsPreOrderLastWriteWins() {
        let tree: [SceneBehavior] = [
            .itemProperties(ItemPropertiesSpec(items: ["a"], elasticity: 0.1, friction: 0.9)),
            .composite([.itemProperties(ItemPropertiesSpec(items: ["a", "b"], elasticity: 0.4)),
                        .composite([.itemProperties(ItemPropertiesSpec(items: ["b"], density: 3))])]),
            .itemProperties(ItemPropertiesSpec(items: ["b"], elasticity: 0.6)),
        ]
        let resolved = OverrideOrderReference.resolve(tree)
        #expect(resolved["a"]?.elasticity == 0.4 && resolved["a"]?.friction == 0.9 && resolved["a"]?.density == 1)
        #expect(resolved["b"]?.elasticity == 0.6 && resolved["b"]?.density == 3 && resolved["b"]?.friction == 0.2)
    }

    @Test func randomTreesAreDeterministicPerSeed() {
        #expect(RandomPropertyTree.make(seed: 7) == RandomPropertyTree.make(seed: 7))
        #expect(RandomPropertyTree.make(seed: 7) != RandomPropertyTree.make(seed: 8))
    }

    @Test func quickRunMeetsEveryTolerance() throws {
        let result = try OverrideOrderExperiment().run(ExperimentOptions(quick: true, engine: DynamicsEngine()))
        for metric in result.metrics where metric.verdict == .fail {
            Issue.record("\(metric.caseName) / \(metric.name): \(metric.value), tolerance \(metric.tolerance)")
        }
        #expect(result.metrics.count >= 7)
    }

    /// An engine that resolves "first write wins" instead must be caught.
    @Test func aFirstWriteWinsEngineFails() throws {
        struct FirstWins: SimulationEngine {
            var name: String { "first-wins" }
            var settings: [String: String] { [:] }
            var integrator: IntegrationScheme { .exact }
            func run(_ scene: Scene) throws -> Trace {
                var reversed = scene
                func flip(_ list: [SceneBehavior]) -> [SceneBehavior] {
                    list.reversed().map { var node = $0; node.children = flip(node.children); return node }
                }
                reversed.behaviors = flip(scene.behaviors)
                var trace = try DynamicsEngine().run(scene)
                trace.properties = try DynamicsEngine().run(reversed).properties
                return trace
            }
        }
        let result = try OverrideOrderExperiment().run(ExperimentOptions(quick: true, engine: FirstWins()))
        #expect(result.metrics.first { $0.name == "mismatched resolutions" }?.verdict == .fail)
    }
}
