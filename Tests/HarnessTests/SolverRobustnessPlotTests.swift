import DynamicsAdapter
@testable import Harness
import Testing

/// The solver-robustness section draws what its tables only summarise: the chains' largest
/// joint error over time, the crush depths against the mass ratio, the spinning throws' energy,
/// and (full suite) the pyramid's top over time; each curve peaks at the metric it explains.
@Suite struct SolverRobustnessPlotTests {
    static func curves(_ result: ExperimentResult, _ quantity: String) -> [MeasuredCurve] {
        result.curves.filter { $0.quantity == quantity }
    }

    @Test func theChainsErrorsAreDrawnOverTimeAndPeakAtTheirMetrics() throws {
        let result = try SolverRobustnessExperimentTests.quick.get()
        let html = HTMLReport.render(RunResults(metadata: RunMetadata(date: "d", gitCommit: nil, engine: "E", engineSettings: [:], quick: true),
                                                experiments: [result]))
        let chains = result.metrics.filter { $0.name == "largest link length error" || $0.name == "largest pin separation" }
        #expect(chains.count == 6)
        for metric in chains {
            let curve = try #require(result.curves.first { $0.caseName == metric.caseName && $0.quantity == metric.name })
            #expect(curve.variable == "time" && curve.logarithmicY)
            #expect(curve.y.max() == metric.value, "\(metric.caseName): the plotted peak is the metric")
            #expect(curve.limits == CurveLimit.upperBounds(of: metric))
            #expect(abs((curve.x.last ?? 0) - 10) < 1e-9, "the whole 10 s run")
            #expect(html.contains("\(metric.caseName): largest \(NumberFormat.short(metric.value)) pt at time"))
        }
        for text in [">Largest link length error over time</text>", ">Largest pin separation over time</text>", ">time (s)</text>",
                     ">largest link length error (pt)</text>", "tolerance: 3 pt", "target: 1 pt"] {
            #expect(html.contains(text), "\(text)")
        }
    }

    @Test func theCrushDepthsAreDrawnAgainstTheMassRatioOnLogAxes() throws {
        let result = try SolverRobustnessExperimentTests.quick.get()
        let crush = Self.curves(result, "crush depth")
        #expect(crush.count == 4)
        for curve in crush { #expect(curve.logarithmicX && curve.logarithmicY && curve.variable == "mass ratio heavy : light") }
        let floor = try #require(crush.first { $0.caseName == "20 pt boxes on the floor" })
        #expect(floor.x == [10, 100, 1000])
        #expect(floor.y == [10, 100, 1000].map { ratio in result.metrics.first { $0.caseName == "1:\(ratio) on the floor" }?.value ?? .nan })
        let rod = try #require(crush.first { $0.caseName.hasPrefix("rod pulling") })
        #expect(rod.x == [200] && rod.y == [result.metrics.first { $0.name == "depth in the walls" }?.value ?? .nan])
        guard case .line(let plot) = try #require(CurvePlots.plots(crush).first) else { Issue.record("not a line plot"); return }
        #expect(plot.xScale == .logarithmic && plot.yScale == .logarithmic)
        let svg = plot.svg()
        for text in [">Crush depth against mass ratio heavy : light</text>", ">mass ratio heavy : light</text>", ">10</text>", ">1000</text>",
                     "tolerance (circle): 1.333 pt", "target (20 pt boxes, rod): 2 pt"] {
            #expect(svg.contains(text), "\(text)")
        }
    }

    @Test func theThrowsEnergyIsDrawnOverTimeAndNeverPassesItsStart() throws {
        let result = try SolverRobustnessExperimentTests.quick.get()
        let energy = Self.curves(result, "energy − E₀")
        #expect(energy.count == SolverRobustnessExperiment.plottedThrows)
        let rise = try #require(result.metrics.first { $0.name == "largest energy rise" })
        // E/E₀ − 1 at every sample: 0 at the start, and at most the metric anywhere.
        #expect(energy.allSatisfy { $0.y.first == 0 && $0.x.first == 0 })
        #expect(energy.flatMap(\.y).max() == rise.value)
        #expect(energy.allSatisfy { $0.limits == [CurveLimit(label: "tolerance (largest rise)", value: 1e-9)] })
        let svg = CurvePlots.plots(energy).map { $0.svg() }.joined()
        #expect(svg.components(separatedBy: ">Energy − E₀ over time</text>").count - 1 == 2, "12 throws, 6 to a plot")
        #expect(svg.contains(">energy − E₀ (of E₀)</text>") && svg.contains("throw 12: "))
    }

    @Test func thePyramidsTopIsDrawnOverTheWholeRun() throws {
        let part = try SolverRobustnessExperiment.pyramid(rows: 10, engine: DynamicsEngine())
        let standing = try #require(part.metrics.first { $0.name == "top box's lowest point below its start, last second" })
        let curve = try #require(part.curves.first)
        #expect(part.curves.count == 1 && curve.quantity == "top box's drop below its start")
        #expect(curve.x.first == 0 && curve.y.first == 0)
        #expect(abs((curve.x.last ?? 0) - SolverRobustnessExperiment.pyramidSeconds) < 1e-9)
        // The last second's lowest point is one of the run's: the whole run's peak is at least it.
        #expect((curve.y.max() ?? 0) >= standing.value)
        #expect(curve.limits.map(\.value) == [standing.tolerance.upper, standing.target?.upper].compactMap { $0 })
        let svg = CurvePlots.plots(part.curves).map { $0.svg() }.joined()
        #expect(svg.contains(">Top box&#39;s drop below its start over time</text>"))
        #expect(svg.contains("tolerance, last second: \(NumberFormat.short(standing.tolerance.upper ?? 0)) pt"))
    }
}
