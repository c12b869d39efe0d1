import DynamicsAdapter
@testable import Harness
import Testing

/// Values at events are drawn as their errors, engine − reference, so that an apex missed by a
/// tenth of a point shows beside a reference of hundreds.
@Suite struct EventPlotTests {
    @Test func bounceApexesAreDrawnAsTheirErrors() throws {
        // The elastic rectangle of the quick suite: apexes of 600 pt, each a few hundredths low.
        let evaluation = try BounceExperiment.evaluate(BounceExperiment.Case(shape: .rectangle, elasticity: 1), substep: 1.0 / 120,
                                                       engine: DynamicsEngine())
        let plots = EventPlots.bars([evaluation.apexes])
        #expect(plots.count == 1)
        let svg = plots.map { $0.svg() }.joined()
        #expect(svg.contains(">Apex height error per bounce n</text>"))
        #expect(svg.contains(">engine − reference (pt)</text>"))
        let errors = EventPlots.errors(evaluation.apexes)
        let metrics = evaluation.metrics.filter { $0.name.hasPrefix("apex") }
        #expect(metrics.count == 3)
        for (index, metric) in metrics.enumerated() {
            // Each metric is the size of the bar's error; the tooltip carries it signed.
            #expect(abs(errors[index]) == metric.value, "\(metric.name)")
            #expect(svg.contains("rectangle, e = 1, bounce n \(index + 1): \(NumberFormat.short(errors[index]))</title>"))
        }
        // The axis spans the errors, not the heights: every tick of an axis over the errors and
        // zero is drawn, and it is less than a point long.
        let axis = PlotAxis(title: "", scale: .linear, covering: [0] + errors)
        #expect(axis.upper - axis.lower < 1, "\(axis.ticks)")
        for label in axis.labels { #expect(svg.contains(">\(label)</text>"), "tick \(label)") }
        let largest = try #require(errors.map(abs).max())
        #expect(svg.contains("Largest |engine − reference|: \(NumberFormat.short(largest)) pt"))
    }

    @Test func casesShareOnePlotAndMissingEventsAreNamed() {
        let comparisons = [
            EventComparison(caseName: "a", name: "apex height", eventName: "bounce n", unit: "pt", observed: [99.9, .nan], reference: [100, 25]),
            EventComparison(caseName: "b", name: "apex height", eventName: "bounce n", unit: "pt", observed: [10.02], reference: [10]),
        ]
        let plots = EventPlots.bars(comparisons)
        #expect(plots.count == 1, "one quantity, one plot, whatever the references")
        let svg = plots.map { $0.svg() }.joined()
        #expect(svg.contains("a, bounce n 1: -0.1</title>") && svg.contains("b, bounce n 1: 0.02</title>"))
        #expect(svg.contains("Not observed (no bar): a, bounce n 2."))
    }
}
