import Foundation
import DynamicsAdapter
@testable import Harness
import Testing

/// Each part of the solver-robustness experiment must catch an engine that is wrong in the way
/// that part watches for: the real engine's trace, corrupted in one physical way behind the seam.
@Suite(.tags(.slow), .enabled(if: SlowTests.run, SlowTests.skipped)) struct SolverRobustnessExperimentTests {
    /// The real engine, with `corrupt` applied to every trace it records.
    struct Corrupted: SimulationEngine {
        var corrupt: @Sendable (inout Trace) -> Void
        var name: String { "corrupted" }
        var settings: [String: String] { [:] }
        var integrator: IntegrationScheme { .exact }
        func run(_ scene: Scene) throws -> Trace {
            var trace = try DynamicsEngine().run(scene)
            corrupt(&trace)
            return trace
        }
    }

    static func failing(_ metrics: [Metric], named name: String) -> Bool {
        metrics.contains { $0.name == name && $0.verdict == .fail }
    }

    /// The quick suite's run on the real engine, made once for the tests that read it.
    static let quick = Result { try SolverRobustnessExperiment().run(ExperimentOptions(quick: true, engine: DynamicsEngine())) }

    @Test func theRealEngineMeetsEveryTolerance() throws {
        let result = try Self.quick.get()
        for metric in result.metrics where metric.verdict == .fail {
            Issue.record("\(metric.caseName) / \(metric.name): \(metric.value) \(metric.unit), tolerance \(metric.tolerance)")
        }
        #expect(result.metrics.count == 31)
    }

    @Test func aSpinAfterLandingIsCaught() throws {
        // Every item turns at 0.01 rad/s more than the engine says.
        let engine = Corrupted { trace in
            for sample in trace.samples.indices { trace.samples[sample].states[0].angularVelocity += 0.01 }
        }
        #expect(Self.failing(try SolverRobustnessExperiment.flatLandings(quick: true, engine: engine), named: "spin after a flat landing"))
    }

    @Test func aReboundTwoPercentSlowIsCaught() throws {
        let engine = Corrupted { trace in
            for sample in trace.samples.indices where trace.samples[sample].states[0].velocity.dy < 0 {
                trace.samples[sample].states[0].velocity = trace.samples[sample].states[0].velocity * 0.98
            }
        }
        #expect(Self.failing(try SolverRobustnessExperiment.flatLandings(quick: true, engine: engine),
                             named: "rebound speed error vs e·√(2gh)"))
    }

    @Test func aBoxThatSlidesAfterATiltedLandingIsCaught() throws {
        // The box is moved 0.1 pt sideways for the second half of each drop.
        let engine = Corrupted { trace in
            for sample in trace.samples.indices.dropFirst(trace.samples.count / 2) { trace.samples[sample].states[0].center.x += 0.1 }
        }
        #expect(Self.failing(try SolverRobustnessExperiment.tiltedLandings(quick: true, engine: engine), named: "largest sideways slide"))
    }

    @Test func anOverlapLeftAtTheEndIsCaught() throws {
        // The second box of the bottom row ends 0.3 pt further into the first.
        let engine = Corrupted { trace in
            guard let last = trace.samples.indices.last else { return }
            trace.samples[last].states[1].center.x -= 0.3
        }
        let metrics = try SolverRobustnessExperiment.overlapRecovery(engine: engine)
        #expect(Self.failing(metrics, named: "deepest overlap left at the end"))
        #expect(!Self.failing(metrics, named: "highest rise above where the boxes just touch"))
    }

    @Test func aBoxThrownOutOfTheOverlapIsCaught() throws {
        // The top box is thrown 2 pt above where it just touches for one sample, then comes back.
        let engine = Corrupted { trace in
            guard let top = trace.itemIDs.indices.last, trace.samples.count > 10 else { return }
            trace.samples[10].states[top].center.y = 260 - 2
        }
        let metrics = try SolverRobustnessExperiment.overlapRecovery(engine: engine)
        #expect(Self.failing(metrics, named: "highest rise above where the boxes just touch"))
        #expect(!Self.failing(metrics, named: "deepest overlap left at the end"))
    }

    /// The push-out metrics on the real run of the two overlapping boxes replayed `factor` times
    /// as fast: each sample shows where the real run's boxes were at `factor` times its time
    /// (interpolated between samples, the last one held), a push-out `factor` times faster or,
    /// below 1, slower.
    static func pushOut(replayedAt factor: Double) throws -> [Metric] {
        let engine = Corrupted { trace in
            let real = trace.samples
            for index in trace.samples.indices {
                let position = min(Double(index) * factor, Double(real.count - 1))
                let before = Int(position), after = min(before + 1, real.count - 1), fraction = position - Double(before)
                for item in trace.samples[index].states.indices {
                    let a = real[before].states[item].center, b = real[after].states[item].center
                    trace.samples[index].states[item].center = ScenePoint(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
                }
            }
        }
        return try OverlapPushOut.metrics(engine: engine)
    }

    @Test func overlappingBoxesArePushedApartAtTheDocumentedSpeed() throws {
        let metrics = try OverlapPushOut.metrics(engine: DynamicsEngine())
        #expect(metrics.count == 3 && metrics.allSatisfy { $0.verdict == .pass }, "\(metrics.map(\.value))")
        // The bound decides the speed at this depth: the pair parts at nearly 300 pt/s.
        #expect(metrics[0].value > 290 && metrics[0].value <= 300)
    }

    @Test func aPushOutTenTimesFasterIsCaught() throws {
        let metrics = try Self.pushOut(replayedAt: 10)
        #expect(Self.failing(metrics, named: "fastest separation, from positions between frames"))
        #expect(!Self.failing(metrics, named: "time to push apart to within 1 pt"))
        #expect(!Self.failing(metrics, named: "farthest apart beyond touching"))
    }

    @Test func aPushOutTenTimesSlowerIsCaught() throws {
        let metrics = try Self.pushOut(replayedAt: 0.1)
        #expect(Self.failing(metrics, named: "fastest separation, from positions between frames"))
        #expect(Self.failing(metrics, named: "time to push apart to within 1 pt"))
        #expect(!Self.failing(metrics, named: "farthest apart beyond touching"))
        // Twice as slow still fails the speed's lower bound, though it recovers in time.
        let halved = try Self.pushOut(replayedAt: 0.5)
        #expect(Self.failing(halved, named: "fastest separation, from positions between frames"))
    }

    @Test func boxesThrownApartByThePushAreCaught() throws {
        // Once pushed apart to within 1 pt, each box keeps 20 pt/s away from the other: slower
        // than the bound, but they never stop.
        let engine = Corrupted { trace in
            let size = OverlapPushOut.size, apart = OverlapPushOut.apart
            guard let start = trace.samples.first(where: { $0.states[0].center.distance(to: $0.states[1].center) >= size - apart })?.time
            else { return }
            for index in trace.samples.indices where trace.samples[index].time > start {
                let drift = 20 * (trace.samples[index].time - start)
                trace.samples[index].states[0].center.x -= drift
                trace.samples[index].states[1].center.x += drift
            }
        }
        let metrics = try OverlapPushOut.metrics(engine: engine)
        #expect(Self.failing(metrics, named: "farthest apart beyond touching"))
        #expect(!Self.failing(metrics, named: "fastest separation, from positions between frames"))
        #expect(!Self.failing(metrics, named: "time to push apart to within 1 pt"))
    }

    @Test func aStretchedChainIsCaught() throws {
        // The last item (a link or the heavy item) drifts 5 pt away from the one before it, a
        // third of the way through the run.
        let engine = Corrupted { trace in
            for sample in trace.samples.indices.dropFirst(trace.samples.count / 3) {
                guard let last = trace.samples[sample].states.indices.last else { continue }
                trace.samples[sample].states[last].center.x += 5
            }
        }
        let metrics = try SolverRobustnessExperiment.chains(quick: true, engine: engine).metrics
        #expect(metrics.count == 6)
        for metric in metrics { #expect(metric.verdict == .fail, "\(metric.caseName): \(metric.value) pt passed") }
    }

    @Test func aCrushedLightItemIsCaught() throws {
        // The light item (the first) is reported 4 pt deeper than it is.
        let engine = Corrupted { trace in
            for sample in trace.samples.indices { trace.samples[sample].states[0].center.y += 4 }
        }
        let metrics = try SolverRobustnessExperiment.massRatios(engine: engine).metrics
        #expect(metrics.filter { $0.verdict == .fail }.count == 8,
                "every ratio on the floor and in the corner, the circle under the box and the item the rod pulls into the corner")
    }

    /// The pyramid's metrics on a corrupted trace of a 10-row pyramid (the full suite's has 100).
    static func pyramid(shiftingTheTopBoxBy shift: @escaping @Sendable (_ time: Double, _ end: Double) -> Double) throws -> [Metric] {
        let engine = Corrupted { trace in
            guard let top = trace.itemIDs.indices.last, let end = trace.samples.last?.time else { return }
            for sample in trace.samples.indices {
                trace.samples[sample].states[top].center.y += shift(trace.samples[sample].time, end)
            }
        }
        return try SolverRobustnessExperiment.pyramid(rows: 10, engine: engine).metrics
    }

    @Test func aSmallPyramidStandsAndAFallingOrSinkingTopBoxIsCaught() throws {
        let real = try SolverRobustnessExperiment.pyramid(rows: 10, engine: DynamicsEngine()).metrics
        #expect(real.count == 2 && real.allSatisfy { $0.verdict != .fail }, "\(real.map(\.value))")
        // Fallen 25 pt from halfway through the run.
        let fallen = try Self.pyramid { time, end in time >= end / 2 ? 25 : 0 }
        #expect(Self.failing(fallen, named: "top box's lowest point below its start, last second"))
        // Sinking at 1.5 pt/s over the last 10 s: 15 pt down at the end, within a box, but still moving.
        let sinking = try Self.pyramid { time, end in 1.5 * max(0, time - (end - 10)) }
        #expect(Self.failing(sinking, named: "top box's movement within the last second"))
        #expect(!Self.failing(sinking, named: "top box's lowest point below its start, last second"))
        // A 25 pt bob in the first half only, as a pyramid settling, is not a failure.
        let settling = try Self.pyramid { time, end in time < end / 2 ? 25 * sin(Double.pi * time / end * 2) : 0 }
        #expect(settling.allSatisfy { $0.verdict != .fail }, "\(settling.map(\.value))")
    }

    @Test func energyFromContactsIsCaught() throws {
        let metrics = try SolverRobustnessExperiment.spinningBoxes(quick: true, engine: FaultyEngines.EnergyAtContacts()).metrics
        #expect(Self.failing(metrics, named: "largest energy rise"))
    }
}
