import DynamicsAdapter
@testable import Harness
import Reference
import Testing

@Suite struct BounceExperimentTests {
    /// The analyser is checked on the reference itself: sampling the exact bouncing trajectory
    /// (heights and velocities from the closed form) must give back its impact times and apexes.
    @Test func analysisRecoversTheReferenceFromExactSamples() throws {
        let drop = try BouncingDrop(height: 600, gravity: 1000, restitution: 0.5, restitutionThreshold: 100)
        let h = 1.0 / 120
        let times = (0...1200).map { Double($0) * h }
        let heights = times.map(drop.height(at:))
        // Upward velocity from the closed form: derivative of the piecewise parabola.
        let upward = times.map { t -> Double in
            let n = drop.impactTimes.lastIndex { $0 <= t }
            guard let n else { return -1000 * t }
            if let rest = drop.restTime, t >= rest { return 0 }
            return drop.reboundSpeed(n + 1) - 1000 * (t - drop.impactTime(n + 1))
        }
        let analysis = BounceAnalysis(times: times, heights: heights, upward: upward, gravity: 1000, minimumImpactSpeed: 5)
        // Impact times solve the parabola from exact samples: equal to rounding (1e-9 s).
        for (observed, expected) in zip(analysis.impactTimes, drop.impactTimes) {
            #expect(abs(observed - expected) < 1e-9)
        }
        #expect(analysis.impactTimes.count == drop.impactTimes.count)
        for (observed, expected) in zip(analysis.apexHeights, drop.apexHeights.dropFirst()) {
            #expect(abs(observed - expected) < 1e-6)
        }
    }

    @Test func quickRunMeetsEveryTolerance() throws {
        let result = try BounceExperiment().run(ExperimentOptions(quick: true, engine: DynamicsEngine()))
        for metric in result.metrics where metric.verdict == .fail {
            Issue.record("\(metric.caseName) / \(metric.name): \(metric.value) \(metric.unit), tolerance \(metric.tolerance)")
        }
        #expect(result.metrics.count > 30)
    }

    /// An engine that loses 1 % of the rebound height must fail the apex metrics.
    @Test func aLossyEngineFails() throws {
        struct Lossy: SimulationEngine {
            var name: String { "lossy" }
            var settings: [String: String] { [:] }
            var integrator: IntegrationScheme { .exact }
            func run(_ scene: Scene) throws -> Trace {
                var trace = try DynamicsEngine().run(scene)
                for index in trace.samples.indices {
                    let y = trace.samples[index].states[0].center.y
                    // Scale heights above the floor (y = 990 at rest) by 0.99.
                    trace.samples[index].states[0].center.y = 990 - (990 - y) * 0.99
                }
                return trace
            }
        }
        let result = try BounceExperiment().run(ExperimentOptions(quick: true, engine: Lossy()))
        #expect(result.metrics.contains { $0.name.hasPrefix("apex") && $0.verdict == .fail })
    }
}
