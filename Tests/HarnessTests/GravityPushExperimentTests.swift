import DynamicsAdapter
@testable import Harness
import Testing

/// An engine that runs the real engine, then shifts one item by a fixed amount: a stand-in for a
/// regression, which the experiment must catch.
struct DriftingEngine: SimulationEngine {
    var drift: Double
    var name: String { "drifting" }
    var settings: [String: String] { [:] }
    var integrator: IntegrationScheme { .exact }
    func run(_ scene: Scene) throws -> Trace {
        var trace = try DynamicsEngine().run(scene)
        for index in trace.samples.indices {
            trace.samples[index].states[1].center.y += drift * trace.samples[index].time
        }
        return trace
    }
}

@Suite struct GravityPushExperimentTests {
    @Test func quickRunMeetsEveryTolerance() throws {
        let result = try GravityPushExperiment().run(ExperimentOptions(quick: true, engine: DynamicsEngine()))
        let failures = result.metrics.filter { $0.verdict == .fail }
        for metric in failures {
            Issue.record("\(metric.caseName) / \(metric.name): \(metric.value) \(metric.unit), tolerance \(metric.tolerance)")
        }
        #expect(!result.metrics.isEmpty)
        // 6 cases × 2 items × 5 metrics, 6 ratios, 2 sweep steps × 2 metrics.
        #expect(result.metrics.count == 6 * 2 * 5 + 6 + 4)
    }

    @Test func aSemiImplicitEulerSizedDriftFails() throws {
        // ½·g·h per second of drift at h = 1/120: what a semi-implicit Euler engine would show.
        let result = try GravityPushExperiment().run(ExperimentOptions(quick: true, engine: DriftingEngine(drift: 0.5 * 1000 / 120)))
        let failed = Set(result.metrics.filter { $0.verdict == .fail }.map(\.name))
        #expect(failed.contains("max position error"))
        #expect(failed.contains("final position error"))
        #expect(result.verdict == .fail)
    }

    @Test func evenAMicroPointDriftFails() throws {
        let result = try GravityPushExperiment().run(ExperimentOptions(quick: true, engine: DriftingEngine(drift: 1e-6)))
        #expect(result.verdict == .fail)
    }

    @Test func referenceAgreementIsMeasuredNotAssumed() throws {
        let times = (0...120).map { Double($0) / 60 }
        let motion = try LinearlyDampedMotionFixture.make()
        let agreement = try GravityPushExperiment.referenceAgreement(motion, times: times)
        // rk8pd at 1e-13 against the closed form: far below the 1e-9 limit, but not zero.
        #expect(agreement < 1e-11)
    }
}

import Reference

enum LinearlyDampedMotionFixture {
    static func make() throws -> LinearlyDampedMotion {
        try LinearlyDampedMotion(initialPosition: 100, initialVelocity: 0, acceleration: 1000, damping: 0.5)
    }
}
