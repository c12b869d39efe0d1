import Foundation
@testable import Harness
import Testing

@Suite struct PlotAxisTests {
    /// Whether `step` is 1, 2 or 5 × 10ᵏ (to a relative 1e-9: the step is a product of such a
    /// mantissa and a power of ten, rounded once).
    static func isNice(_ step: Double) -> Bool {
        let exponent = floor(log10(step) + 1e-9)
        let mantissa = step / pow(10, exponent)
        return [1.0, 2, 5, 10].contains { abs(mantissa - $0) < 1e-9 * $0 }
    }

    @Test(arguments: [(0.13, 9.7), (-3e-13, 2e-13), (600, 600.04), (0, 0), (-42, -17), (1e6, 3.5e6)])
    func linearTicksAreNiceEvenAndCoverTheData(low: Double, high: Double) {
        let ticks = PlotAxis.linearTicks(from: low, to: high)
        #expect(ticks.count >= 2 && ticks.count <= 12, "\(ticks)")
        #expect(ticks.first! <= low && ticks.last! >= high, "\(ticks) must cover \(low)…\(high)")
        let step = ticks[1] - ticks[0]
        #expect(Self.isNice(step), "step \(step)")
        for (a, b) in zip(ticks, ticks.dropFirst()) {
            // Ticks are whole multiples of the step, each rounded once.
            #expect(abs((b - a) - step) <= 1e-9 * step)
        }
    }

    @Test func linearTicksAddNoNeedlessStep() {
        #expect(PlotAxis.linearTicks(from: 0, to: 10) == [0, 2, 4, 6, 8, 10])
        #expect(PlotAxis.linearTicks(from: -1, to: 1).first == -1)
    }

    @Test(arguments: [(3e-9, 4e-2), (1.0 / 480, 1.0 / 60), (1e-16, 1e3), (5.0, 5.0), (0.7, 0.9)])
    func logarithmicTicksAreNiceAndCoverTheData(low: Double, high: Double) {
        let ticks = PlotAxis.logarithmicTicks(from: low, to: high)
        #expect(ticks.count >= 2, "\(ticks)")
        // Cover to a relative 1e-12: a tick equal to the datum may differ from it by rounding.
        #expect(ticks.first! <= low * (1 + 1e-12) && ticks.last! >= high * (1 - 1e-12), "\(ticks) must cover \(low)…\(high)")
        #expect(ticks.allSatisfy(Self.isNice), "\(ticks)")
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func wideLogarithmicRangesGetDecadesOnly() {
        let ticks = PlotAxis.logarithmicTicks(from: 3e-9, to: 4e-2)
        #expect(ticks.count == 9, "10⁻⁹ … 10⁻¹: \(ticks)")
        #expect(ticks.allSatisfy { abs(log10($0) - log10($0).rounded()) < 1e-9 })
        let narrow = PlotAxis.logarithmicTicks(from: 1.0 / 480, to: 1.0 / 60)
        #expect(narrow.count >= 4, "a sweep from 1/480 to 1/60 s needs 1-2-5 ticks: \(narrow)")
    }

    @Test func labelsAreShortAndTypographic() {
        #expect(PlotAxis.logarithmicLabel(1e-6) == "10⁻⁶")
        #expect(PlotAxis.logarithmicLabel(2e-13) == "2×10⁻¹³")
        #expect(PlotAxis.logarithmicLabel(0.01) == "0.01")
        #expect(PlotAxis.logarithmicLabel(500) == "500")
        #expect(PlotAxis.linearLabel(-0.5, step: 0.5, largest: 1) == "−0.5")
        #expect(PlotAxis.linearLabel(0, step: 0.5, largest: 1) == "0")
        #expect(PlotAxis.linearLabel(4e-13, step: 2e-13, largest: 8e-13) == "4×10⁻¹³")
        #expect(PlotAxis.linearLabel(600.02, step: 0.01, largest: 600.04) == "600.02")
        // One power of ten for the whole axis.
        #expect(PlotAxis.linearLabel(-5e-5, step: 5e-5, largest: 2e-4) == "−0.5×10⁻⁴")
    }

    @Test func theScaleIsLogarithmicBeyondTwoDecades() {
        #expect(PlotScale.forErrors([1e-3, 0.5, 1]) == .logarithmic)
        #expect(PlotScale.forErrors([0.5, 20]) == .linear)
        #expect(PlotScale.forErrors([0, 0, 0]) == .linear)
        #expect(PlotScale.forErrors([0, 1e-12, 1]) == .logarithmic)
        #expect(PlotScale.forErrors([.nan, 2, 3]) == .linear)
    }

    @Test func theAxisPlacesItsEndsAtZeroAndOne() {
        let axis = PlotAxis(title: "t (s)", scale: .logarithmic, covering: [2e-3, 3e-1])
        #expect(abs(axis.fraction(axis.lower)) < 1e-12)
        #expect(abs(axis.fraction(axis.upper) - 1) < 1e-12)
        #expect(axis.fraction(0).isNaN)
    }
}

@Suite struct SlopeFitTests {
    static let steps = [1.0 / 60, 1.0 / 120, 1.0 / 240, 1.0 / 480]

    @Test(arguments: [1.0, 2.0, 4.0])
    func powerLawDataGiveItsExponent(order: Double) throws {
        let fit = try #require(SlopeFit(steps: Self.steps, errors: Self.steps.map { 3 * pow($0, order) }, floor: 1e-15))
        // ln and exp round to ~1e-16 relative; over four points the slope keeps ~1e-13.
        #expect(abs(fit.slope - order) < 1e-12)
        #expect(abs(fit.error(at: 0.01) - 3 * pow(0.01, order)) < 1e-12 * 3 * pow(0.01, order))
        #expect(fit.count == 4)
    }

    @Test func pointsAtTheRoundingFloorAreLeftOut() throws {
        let errors = Self.steps.map { $0 * $0 }.enumerated().map { $0.offset == 3 ? 1e-14 : $0.element }
        let fit = try #require(SlopeFit(steps: Self.steps, errors: errors, floor: 1e-12))
        #expect(fit.count == 3)
        // Exactly h² on the three points kept: rounding only.
        #expect(abs(fit.slope - 2) < 1e-12)
        #expect(SlopeFit(steps: Self.steps, errors: [1e-13, 2e-13, 0, 1e-14], floor: 1e-9) == nil)
        #expect(SlopeFit(steps: [0.1, 0.1], errors: [1, 2], floor: 0) == nil)
    }
}

@Suite struct ExperimentPlotsTests {
    static let hostile = "<script>\"&'"

    static func experiment() -> ExperimentResult {
        let time = (0...20).map { Double($0) / 10 }
        let steps = [1.0 / 60, 1.0 / 120, 1.0 / 240]
        return ExperimentResult(
            id: "fixed", title: "Fixed", summary: "s", parameters: [:], metrics: [],
            series: [
                Series(caseName: Self.hostile, name: "y", unit: "pt", time: time, observed: time.map { $0 * $0 },
                       reference: time.map { $0 * $0 + 1e-3 * $0 * $0 * $0 }),
                Series(caseName: "exact", name: "y", unit: "pt", time: time, observed: time, reference: time),
            ],
            sweeps: [SweepSeries(caseName: "case", quantity: "max error", unit: "pt", steps: steps,
                                 errors: steps.map { 50 * $0 * $0 }, cpuSecondsPerSimulatedSecond: [0.01, 0.02, 0.04],
                                 expectedOrder: 2, roundingFloor: 1e-9)],
            energyDrift: [Series(caseName: "elastic", name: "relative energy drift", unit: "of E₀", time: time,
                                 observed: time.map { -1e-4 * $0.rounded(.down) }, reference: time.map { _ in 0 })],
            events: ["rectangle", "circle"].map { shape in
                EventComparison(caseName: shape, name: "apex height", eventName: "bounce n", unit: "pt",
                                observed: [149.9, 37.4], reference: [150, 37.5])
            },
            curves: [MeasuredCurve(caseName: "stack", quantity: "crush depth", unit: "pt", variable: "mass ratio", variableUnit: "1",
                                   x: [10, 100, 1000], y: [0.001, 0.04, 0.7], limits: [CurveLimit(label: "tolerance", value: 3)],
                                   logarithmicX: true, logarithmicY: true)])
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func everyKindOfDataGetsItsPlot() {
        let plots = ExperimentPlots.plots(Self.experiment())
        // Error over time (both series share unit and name), energy, errors at events (one
        // quantity), the measured curve, convergence, speed vs accuracy.
        #expect(plots.count == 6)
        let svg = plots.joined()
        #expect(Self.count("<svg ", in: svg) == 6)
        #expect(Self.count("class=\"plot\"", in: svg) == 6)
        for title in ["time (s)", "|engine − reference| (pt)", "drift (of E₀)", "bounce n", "engine − reference (pt)",
                      "mass ratio", "crush depth (pt)", "sub-step h (s)", "CPU time per simulated second (s/s)", "error (pt)"] {
            #expect(svg.contains(">\(title)</text>"), "axis title \(title)")
        }
        #expect(svg.contains("fitted slope 2.00 over 3 points (expected 2)"))
        #expect(svg.contains(">1/120</text>"), "speed-accuracy points are labelled by h")
        #expect(svg.contains("are exactly 0 and are drawn at"), "the log axis says where the zeros are")
    }

    @Test func everyTextIsEscaped() {
        let svg = ExperimentPlots.render(Self.experiment())
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;script&gt;&quot;&amp;&#39;"))
        #expect(!svg.contains("http:") || Self.count("http", in: svg) == Self.count("http://www.w3.org/2000/svg", in: svg))
    }

    @Test func anExperimentWithoutDataHasNoPlots() {
        let empty = ExperimentResult(id: "e", title: "E", summary: "", parameters: [:], metrics: [], series: [])
        #expect(ExperimentPlots.plots(empty).isEmpty)
    }

    @Test func manyLinesAreSplitIntoBalancedPlots() {
        #expect(ExperimentPlots.balancedChunks(Array(0..<10), maximum: 6).map(\.count) == [5, 5])
        #expect(ExperimentPlots.balancedChunks(Array(0..<12), maximum: 6).map(\.count) == [6, 6])
        #expect(ExperimentPlots.balancedChunks(Array(0..<3), maximum: 6).map(\.count) == [3])
    }

    @Test func resultsWrittenBeforeSweepsStillDecode() throws {
        let data = try JSONEncoder().encode(Self.experiment())
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ["sweeps", "energyDrift", "events", "curves"] { object.removeValue(forKey: key) }
        let old = try JSONSerialization.data(withJSONObject: object)
        let decoded = try JSONDecoder().decode(ExperimentResult.self, from: old)
        #expect(decoded.sweeps.isEmpty && decoded.energyDrift.isEmpty && decoded.events.isEmpty && decoded.curves.isEmpty)
        #expect(decoded.series == Self.experiment().series)
        #expect(try JSONDecoder().decode(ExperimentResult.self, from: data) == Self.experiment())
    }
}
