import Foundation
@testable import Harness
import Testing

/// Measured quantities against time or a parameter, with their limits.
@Suite struct CurvePlotTests {
    @Test func downsamplingKeepsTheFirstPointAndEveryWindowsPeak() {
        let values = (0..<1000).map { index in index == 617 ? 9.0 : sin(Double(index) / 30) }
        let curve = MeasuredCurve(caseName: "c", quantity: "q", unit: "pt", variable: "time", variableUnit: "s",
                                  x: values.indices.map { Double($0) / 100 }, y: values, maximumPoints: 50)
        #expect(curve.x.count == 50 && curve.y.count == 50)
        #expect(curve.x.first == 0 && curve.y.max() == 9 && curve.x.contains(6.17))
        #expect(zip(curve.x, curve.x.dropFirst()).allSatisfy { $0 < $1 })
        let infinite = MeasuredCurve(caseName: "c", quantity: "q", unit: "pt", variable: "time", variableUnit: "s",
                                     x: values.indices.map(Double.init), y: values.enumerated().map { $0.offset == 300 ? .infinity : $0.element },
                                     maximumPoints: 50)
        #expect(infinite.y.contains(.infinity), "a state that is not finite is never dropped")
    }

    @Test func aCurveIsDrawnWithItsLimitsOnTheAxesItAsksFor() {
        let curves = [
            MeasuredCurve(caseName: "floor", quantity: "crush depth", unit: "pt", variable: "mass ratio", variableUnit: "1",
                          x: [10, 100, 1000], y: [0, 0.04, 0.74], limits: [CurveLimit(label: "tolerance", value: 3)],
                          logarithmicX: true, logarithmicY: true),
            MeasuredCurve(caseName: "circle", quantity: "crush depth", unit: "pt", variable: "mass ratio", variableUnit: "1",
                          x: [300], y: [0.6], limits: [CurveLimit(label: "tolerance", value: 3)], logarithmicX: true, logarithmicY: true),
        ]
        let plots = CurvePlots.plots(curves)
        #expect(plots.count == 1)
        guard case .line(let plot) = plots[0] else { Issue.record("not a line plot"); return }
        #expect(plot.xScale == .logarithmic && plot.yScale == .logarithmic)
        #expect(plot.lines.count == 3, "two curves and one shared limit")
        #expect(plot.lines[2].label == "tolerance: 3 pt" && plot.lines[2].points.allSatisfy { $0.y == 3 })
        #expect(plot.lines[0].style.marker == .circle, "a few points are marked")
        #expect(plot.notes.contains("Logarithmic axis: 1 values are exactly 0 and are drawn at 0.01 pt."))
        #expect(plot.notes.contains("floor: largest 0.74 pt at mass ratio 1000."))
        let svg = plot.svg()
        for label in [">Crush depth against mass ratio</text>", ">mass ratio</text>", ">crush depth (pt)</text>", ">1000</text>", ">10</text>"] {
            #expect(svg.contains(label), "\(label)")
        }
    }
}
