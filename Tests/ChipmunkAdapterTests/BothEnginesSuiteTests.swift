#if CHIPMUNK
import ChipmunkAdapter
import DynamicsAdapter
import Foundation
@testable import Harness
import Testing

/// The quick suite on this engine and on Chipmunk 7, side by side, as `harness run --engine all`
/// makes it.
@Suite(.serialized, .tags(.slow), .enabled(if: SlowTests.run, SlowTests.skipped)) struct BothEnginesSuiteTests {
    static let engines: [any SimulationEngine] = [DynamicsEngine(), ChipmunkEngine()]
    static let runs: [RunResults] = engines.map { engine in
        SuiteRunner(options: ExperimentOptions(quick: true, engine: engine)).run(ExperimentCatalog.all)
    }

    /// Whether a case is one of the snaps of `attachment-springs`: Chipmunk has no snap, and its
    /// adapter refuses one rather than approximate it.
    static func isSnap(_ caseName: String) -> Bool {
        SnapSettling.dampings.contains { SnapSettling.caseName(damping: $0) == caseName }
    }

    @Test func everyCanonicalCaseRunsOnBothEngines() throws {
        for run in Self.runs {
            for experiment in run.experiments {
                // A thrown experiment becomes a single "completed" metric; an unsupported one has none.
                #expect(!experiment.metrics.contains { $0.name == "completed" }, "\(run.metadata.engine): \(experiment.id) threw")
                #expect(experiment.unsupportedCases.allSatisfy { Self.isSnap($0.caseName) },
                        "\(run.metadata.engine): \(experiment.id) unsupported")
            }
        }
        #expect(Self.runs[0].experiments.allSatisfy { $0.unsupportedCases.isEmpty })
        let chipmunkSnaps = Self.runs[1].experiments.flatMap(\.unsupportedCases).filter { Self.isSnap($0.caseName) }
        #expect(chipmunkSnaps.count == SnapSettling.dampings.count, "every snap case reported as not supported on Chipmunk")
        let keys = Self.runs.map { run in
            Set(run.metrics(where: { !Self.isSnap($0.caseName) }).map { "\($0.experiment) / \($0.metric.caseName) / \($0.metric.name)" })
        }
        #expect(keys[0] == keys[1], "metrics measured by one engine only: \(keys[0].symmetricDifference(keys[1]).sorted().prefix(5))")
    }

    @Test func chipmunkMeetsTheSemiImplicitEulerExpectationsForFreeMotion() throws {
        let gravityPush = try #require(Self.runs[1].experiments.first { $0.id == "gravity-push" })
        #expect(gravityPush.expectations == IntegrationScheme.semiImplicitEuler.rawValue)
        #expect(gravityPush.verdict == .pass, "\(gravityPush.metrics.filter { $0.verdict == .fail }.map(\.name).prefix(3))")
        // The first-order drift is really there (½·g·h·T = 8.3 pt), so the limits are not vacuous.
        let fall = try #require(gravityPush.metrics.first { $0.caseName == "gravity, resistance 0, large item" && $0.name == "max position error" })
        #expect(fall.value > 8 && fall.value < 8.5)
    }

    @Test func theSideBySideReportHasBothColumnsAndNamesTheCloserEngine() throws {
        let text = EngineColumns.markdown(Self.runs)
        #expect(text.contains("| case | metric | Dynamics | Chipmunk 7 | closer |"))
        let rows = EngineColumns.experiments(Self.runs).flatMap(\.rows)
        let fall = try #require(rows.first { $0.caseName == "gravity, resistance 0, large item" && $0.name == "max position error" })
        #expect(fall.best == 0, "the exact engine is closer on free fall")
        let comparison = try RunComparison(before: Self.runs[0], after: Self.runs[1])
        #expect(comparison.crossesEngines && !comparison.hasRegressions)
        #expect(comparison.verdictLine.hasPrefix("Dynamics is closer to the reference on"))
    }

    @Test func compareAndTheSideBySideReportAgreeOnEveryMetric() throws {
        // Each convergence order is judged by its distance from its own engine's scheme order.
        for (run, expected) in zip(Self.runs, [2.0, 1.0]) {
            for (experiment, metric) in run.metrics(where: { $0.name.contains("convergence order") })
                where experiment != "motion-effects" {
                #expect(metric.preference == .closerTo(expected), "\(run.metadata.engine): \(experiment) / \(metric.name)")
            }
        }
        let rows = EngineColumns.experiments(Self.runs).flatMap { experiment in experiment.rows.map { (experiment.id, $0) } }
        let comparison = try RunComparison(before: Self.runs[0], after: Self.runs[1])
        var byCompare: [String: Int?] = [:]
        for entry in comparison.entries {
            byCompare.updateValue(entry.delta.status == .regressed ? 0 : (entry.delta.status == .improved ? 1 : nil), forKey: entry.key)
        }
        for (experiment, row) in rows where row.metrics.allSatisfy({ $0 != nil }) {
            let key = "\(experiment) / \(row.caseName) / \(row.name)"
            #expect(byCompare.keys.contains(key) && byCompare[key] == row.best, "\(key): compare \(String(describing: byCompare[key])), side by side \(String(describing: row.best))")
        }
        // The elastic pendulum's orders: 2.00 where this engine expects 2, 1.00 where Chipmunk expects 1.
        let elastic = rows.filter { $0.1.caseName.hasPrefix("sweep, elastic pendulum") && $0.1.name.hasPrefix("convergence order") }
        #expect(!elastic.isEmpty && elastic.allSatisfy { $0.1.best == 0 })
    }

    @Test func theSideBySideReportOpensWithASummaryAndOverlaysBothEnginesCurves() throws {
        let html = EngineColumns.html(Self.runs)
        let summary = try #require(html.range(of: "<h2 id=\"summary\">Summary</h2>"))
        let firstExperiment = try #require(html.range(of: "<h2>Gravity"))
        #expect(summary.upperBound < firstExperiment.lowerBound)
        let fall = try #require(EngineSummary.rows(Self.runs).first { $0.experiment == "gravity-push" && $0.name == "max position error" })
        #expect(fall.best == 0, "the exact engine is closer on free fall, worst case against worst case")
        #expect(fall.worst.map { $0?.value ?? .nan } == Self.runs.map { run in
            run.metrics(where: { $0.name == "max position error" }).filter { $0.experiment == "gravity-push" }.map(\.metric.value).max() ?? .nan
        })
        // The bounce sweep's apex error, one plot with both engines' slopes.
        let bounce = EngineOverlayPlots.plots(Self.runs, experiment: "bounce").compactMap { plot -> LinePlot? in
            if case .line(let line) = plot { return line } else { return nil }
        }
        let apex = try #require(bounce.first { $0.title.hasPrefix("Convergence: worst apex error") })
        #expect(apex.lines.prefix(2).map { $0.label.components(separatedBy: " — ")[0] } == ["Dynamics", "Chipmunk 7"])
        // The motion effects do not depend on the engine: every overlay says its curves coincide.
        let effects = EngineOverlayPlots.plots(Self.runs, experiment: "motion-effects")
        #expect(!effects.isEmpty)
        for plot in effects {
            guard case .line(let line) = plot else { continue }
            #expect(line.notes.first?.hasPrefix("The curves of Dynamics and Chipmunk 7 coincide") == true, "\(line.title)")
        }
    }

    /// A Chipmunk whose clock runs 0.5 % fast: the semi-implicit limits are tight enough to catch it.
    struct FastClock: SimulationEngine {
        var name: String { "fast-clock Chipmunk" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .semiImplicitEuler }
        func run(_ scene: Scene) throws -> Trace {
            var scene = scene
            scene.timing.substep *= 1.005
            scene.timing.frameDuration *= 1.005
            var trace = try ChipmunkEngine().run(scene)
            for index in trace.samples.indices { trace.samples[index].time /= 1.005 }
            return trace
        }
    }

    @Test func theSemiImplicitLimitsCatchAFaultyEngine() throws {
        let result = try GravityPushExperiment().run(ExperimentOptions(quick: true, engine: FastClock()))
        #expect(result.verdict == .fail)
        // The springs' first-order period bound ((ωh)²/24 + ζωh, ≤ 2.9e-2) is far below a 0.5 % clock error.
        let springs = try AttachmentExperiment().run(ExperimentOptions(quick: true, engine: FastClock()))
        #expect(springs.metrics.contains { $0.name == "period error (zero crossings)" && $0.verdict == .fail })
    }

    @Test func theBounceAnalysisReadsAFirstOrderEnginesApexes() throws {
        // Chipmunk records velocities a step after positions; every apex of e = 0.8 must still be
        // found and lie within its first-order bound.
        let bounce = try #require(Self.runs[1].experiments.first { $0.id == "bounce" })
        let apexes = try #require(bounce.events.first { $0.caseName == "rectangle, e = 0.8" })
        #expect(apexes.observed.allSatisfy(\.isFinite) && apexes.observed.count == 4)
        let errors = bounce.metrics.filter { $0.caseName == "rectangle, e = 0.8" && $0.name.hasPrefix("apex") }
        #expect(errors.count == 3 && errors.allSatisfy { $0.verdict != .fail })
    }
}
#endif
