@testable import Harness
import Testing

/// Runs drawn on the same axes (before and after, one engine beside another) stay apart where
/// their curves coincide, and the plot says how closely they coincide.
@Suite struct OverlayPlotTests {
    /// An error growing from 0.05 to 0.65 pt over 6 s, plus `offset` pt (never 0: a linear axis).
    static func series(offset: Double = 0) -> Series {
        let time = (0...60).map { Double($0) / 10 }
        return Series(caseName: "case", name: "y", unit: "pt", time: time, observed: time.map { 0.1 * $0 + 0.05 + offset }, reference: time.map { _ in 0 })
    }

    static func sweep(scale: Double = 1) -> SweepSeries {
        let steps = [1.0 / 60, 1.0 / 120, 1.0 / 240]
        return SweepSeries(caseName: "case", quantity: "max error", unit: "pt", steps: steps, errors: steps.map { scale * 50 * $0 * $0 },
                           cpuSecondsPerSimulatedSecond: [0.01, 0.02, 0.04], expectedOrder: 2, roundingFloor: 1e-12)
    }

    @Test func identicalRunsAreBothDrawnAndSaidToCoincide() {
        let plot = OverlayPlots.errorOverTime([Self.series(), Self.series()], names: ["before", "after"])
        let first = plot.lines[0], second = plot.lines[1]
        #expect(plot.lines.count == 2 && first.points == second.points)
        // The first wide and light beneath, the second thin and dashed on top, with other markers
        // at other points.
        #expect(first.style.width > 2 * second.style.width && first.style.opacity < 1 && second.style.opacity == 1)
        #expect(first.style.dash.isEmpty && !second.style.dash.isEmpty)
        #expect(first.style.marker != nil && second.style.marker != nil && first.style.marker != second.style.marker)
        #expect(!first.markedIndices.isEmpty && Set(first.markedIndices).isDisjoint(with: second.markedIndices))
        let svg = plot.svg()
        #expect(svg.components(separatedBy: "<path d=\"M").count - 1 >= 2, "both curves are drawn")
        #expect(svg.contains("stroke-width=\"4.5\" stroke-opacity=\"0.40\"") && svg.contains("stroke-dasharray=\"7,4\""))
        #expect(svg.contains("<rect x=") && svg.contains("<circle"), "square and round markers")
        #expect(plot.notes.first?.hasPrefix("The curves of before and after coincide exactly:") == true, "\(plot.notes)")
    }

    @Test func nearlyCoincidingRunsSayHowClose() {
        let plot = OverlayPlots.errorOverTime([Self.series(), Self.series(offset: 2e-6)], names: ["Dynamics", "Chipmunk 7"])
        #expect(plot.notes.first?.hasPrefix("The curves of Dynamics and Chipmunk 7 coincide within 2.000e-06 pt") == true, "\(plot.notes)")
    }

    @Test func runsThatDifferOnThePlotGetNoNote() {
        let plot = OverlayPlots.errorOverTime([Self.series(), Self.series(offset: 0.05)], names: ["before", "after"])
        #expect(!plot.notes.contains { $0.contains("coincide") }, "\(plot.notes)")
    }

    @Test func logarithmicAxesCompareRatios() {
        let close = OverlayPlots.convergence([Self.sweep(), Self.sweep(scale: 1.001)], names: ["before", "after"])
        #expect(close.notes.first?.contains("coincide within a factor of 1.001") == true, "\(close.notes)")
        #expect(close.lines[0].style.marker == .circle && close.lines[1].style.marker == .square)
        let apart = OverlayPlots.convergence([Self.sweep(), Self.sweep(scale: 2)], names: ["before", "after"])
        #expect(!apart.notes.contains { $0.contains("coincide") })
    }

    @Test func beforeAndAfterOfAnUnchangedRunCoincideOnEveryPlot() {
        let experiment = ExperimentPlotsTests.experiment()
        let plots = ComparisonPlots.overlays(before: experiment, after: experiment, cases: ["exact"])
        #expect(plots.count == 2, "the moved case's series and the sweep")
        for plot in plots {
            guard case .line(let line) = plot else { Issue.record("not a line plot"); continue }
            #expect(line.lines.prefix(2).map(\.label).first?.hasPrefix("before") == true)
            #expect(line.notes.first?.contains("coincide exactly") == true, "\(line.title): \(line.notes)")
        }
    }
}
