@testable import Harness
import Testing

/// `harness compare` across two engines and the side-by-side report (`harness run --engine all`)
/// name the same engine as closer to the reference, on the same data, because both judge each
/// value by its own run's expectation (``ReferenceCloseness``).
@Suite struct CrossEngineAgreementTests {
    /// One metric as two engines measure it: each value with that engine's tolerance.
    struct Case {
        var name: String
        var first: (value: Double, tolerance: Limit)
        var second: (value: Double, tolerance: Limit)
        var noiseBand = 0.0
    }

    static let exactOrder = Limit.within(0.5, of: 2), firstOrder = Limit.within(0.3, of: 1)
    static let cases: [Case] = [
        // The elastic pendulum's order: 2 expected of the first engine, 1 of the second.
        Case(name: "elastic pendulum order", first: (2.002, exactOrder), second: (0.998, firstOrder)),
        // A noisy order far above what the second engine's scheme gives.
        Case(name: "noisy order", first: (2.0, exactOrder), second: (4.70, firstOrder)),
        Case(name: "order below", first: (1.2, exactOrder), second: (0.99, firstOrder)),
        Case(name: "same expectation", first: (1.9, exactOrder), second: (2.05, exactOrder)),
        Case(name: "error", first: (0.1, .atMost(1)), second: (0.3, .atMost(2))),
        Case(name: "error tied in the band", first: (0.1, .atMost(1)), second: (0.1005, .atMost(1)), noiseBand: 0.01),
        Case(name: "count", first: (3, .atLeast(1)), second: (5, .atLeast(1))),
        Case(name: "directions differ", first: (3, .atLeast(1)), second: (0.5, .atMost(1))),
        Case(name: "no direction", first: (3, Limit()), second: (5, Limit())),
        Case(name: "NaN", first: (0.1, .atMost(1)), second: (.nan, .atMost(1))),
        Case(name: "centre at zero", first: (0.2, .within(1, of: 0)), second: (-0.1, .within(1, of: 0))),
    ]

    static func run(_ engine: String, _ pick: (Case) -> (value: Double, tolerance: Limit)) -> RunResults {
        let metrics = cases.map { testCase in
            Metric(caseName: "sweep", name: testCase.name, value: pick(testCase).value, unit: "1", tolerance: pick(testCase).tolerance,
                   reason: "r", noiseBand: testCase.noiseBand)
        }
        let experiment = ExperimentResult(id: "x", title: "X", summary: "", parameters: [:], metrics: metrics, series: [])
        return RunResults(metadata: RunMetadata(date: "d", gitCommit: nil, engine: engine, engineSettings: [:], quick: true),
                          experiments: [experiment])
    }

    static let runs = [run("Dynamics", \.first), run("Chipmunk 7", \.second)]

    /// The engine `harness compare` names as closer for each metric (`nil`: tied or not ranked).
    static func closerByCompare(_ before: RunResults, _ after: RunResults) throws -> [String: Int?] {
        let comparison = try RunComparison(before: before, after: after)
        #expect(comparison.crossesEngines && !comparison.fails)
        var closer: [String: Int?] = [:]
        for entry in comparison.entries {
            let engine: Int? = switch entry.delta.status {
            case .regressed: 0
            case .improved: 1
            case .unchanged, .changed: nil
            }
            closer.updateValue(engine, forKey: entry.name)
        }
        return closer
    }

    /// The engine the side-by-side report names as closer for each metric.
    static func closerBySideBySide(_ runs: [RunResults]) -> [String: Int?] {
        let rows = EngineColumns.experiments(runs).flatMap(\.rows)
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.name, $0.best) })
    }

    @Test func bothReportsNameTheSameCloserEngine() throws {
        for order in [[0, 1], [1, 0]] {
            let runs = order.map { Self.runs[$0] }
            let byCompare = try Self.closerByCompare(runs[0], runs[1]), bySideBySide = Self.closerBySideBySide(runs)
            #expect(byCompare.count == Self.cases.count && bySideBySide.count == Self.cases.count)
            for testCase in Self.cases {
                #expect(byCompare[testCase.name] == bySideBySide[testCase.name],
                        "\(testCase.name): compare says \(String(describing: byCompare[testCase.name])), side by side \(String(describing: bySideBySide[testCase.name]))")
            }
        }
    }

    @Test func ordersAreJudgedByTheirDistanceFromTheExpectedOrder() throws {
        let closer = Self.closerBySideBySide(Self.runs)
        // 2.002 is 0.1 % from 2, 0.998 is 0.2 % from 1: the first engine is closer, not 99.8 % worse.
        #expect(closer["elastic pendulum order"] == 0)
        #expect(closer["noisy order"] == 0)
        #expect(closer["order below"] == 1)
        #expect(closer["same expectation"] == 1)
        #expect(closer["error"] == 0)
        #expect(closer["error tied in the band"] == Optional<Int>.none)
        #expect(closer["count"] == 1)
        #expect(closer["directions differ"] == Optional<Int>.none)
        #expect(closer["no direction"] == Optional<Int>.none)
        #expect(closer["NaN"] == 0)
        #expect(closer["centre at zero"] == 1)
        let elastic = try #require(try RunComparison(before: Self.runs[0], after: Self.runs[1]).entries.first { $0.name == "elastic pendulum order" })
        #expect(elastic.delta.before == 2.002 && elastic.delta.after == 0.998, "the reports show the values, not the distances")
        #expect(abs(elastic.delta.worsening - 1) < 1e-9, "0.2 % off is twice 0.1 % off")
    }
}
