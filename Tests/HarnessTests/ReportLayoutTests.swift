import Foundation
@testable import Harness
import Testing

/// The shape of what people read: console width, Markdown length, digits that show a miss.
@Suite struct ReportLayoutTests {
    static func largeResults(metricsPerExperiment: Int) -> RunResults {
        let experiments = (0..<5).map { index in
            ExperimentResult(
                id: "experiment-\(index)", title: "Experiment \(index)", summary: "s", parameters: [:],
                metrics: (0..<metricsPerExperiment).map { metricIndex in
                    Metric(caseName: "a long case name that describes the setting in words, number \(metricIndex)",
                           name: "a long metric name \(metricIndex)", value: metricIndex % 7 == 0 ? 2 : (metricIndex % 7 == 1 ? 0.5 : 0.1), unit: "pt",
                           tolerance: .atMost(1), target: .atMost(0.25), reason: "reason \(metricIndex % 3)")
                },
                series: [])
        }
        return RunResults(metadata: RunMetadata(date: "d", gitCommit: "abc", gitDirty: true, machine: "m", engine: "E",
                                                engineSettings: [:], quick: false), experiments: experiments)
    }

    @Test func consoleLinesFitOneHundredColumnsAndListOnlyWhatDidNotPass() {
        let results = Self.largeResults(metricsPerExperiment: 14)
        let text = ConsoleSummary.render(results)
        for line in text.split(separator: "\n") {
            #expect(line.count <= 100, "\(line.count): \(line)")
        }
        #expect(text.contains("a long metric name 0"))
        let passing = Metric(caseName: "quiet", name: "fine", value: 0.1, unit: "pt", tolerance: .atMost(1), reason: "r")
        var withPassing = results
        withPassing.experiments[0].metrics.append(passing)
        #expect(!ConsoleSummary.render(withPassing).contains("quiet / fine"))
        #expect(ConsoleSummary.render(withPassing, verbose: true).contains("quiet / fine"))
    }

    @Test func markdownStaysUnderTheCommentLimitWithNonPassingMetricsFirst() {
        let text = MarkdownReport.render(Self.largeResults(metricsPerExperiment: 400))
        #expect(text.count < MarkdownReport.characterLimit)
        #expect(text.contains("cut to keep this report under"))
        let summary = text.range(of: "## Summary")?.lowerBound
        let notPassing = text.range(of: "## Metrics that did not pass")?.lowerBound
        let firstSection = text.range(of: "## Experiment 0")?.lowerBound
        #expect(summary != nil && notPassing != nil && firstSection != nil)
        if let summary, let notPassing, let firstSection {
            #expect(summary < notPassing && notPassing < firstSection)
        }
        #expect(text.contains("- commit: abc (with uncommitted changes)"))
        #expect(text.contains("- machine: m"))
    }

    @Test func smallReportsKeepTheirFullTablesInDetails() {
        let text = MarkdownReport.render(Self.largeResults(metricsPerExperiment: 3))
        #expect(!text.contains("cut to keep"))
        #expect(text.components(separatedBy: "<details>").count - 1 == 5)
        // A reason shared by several cases is listed once, with the count.
        #expect(!text.contains("(1 cases)"))
    }

    @Test func movesWithoutARatioSayWhy() {
        let move = { (before: Double, after: Double) in
            MetricText.movement(MetricDelta(before: before, after: after, preference: .lowerIsBetter, band: 0))
        }
        #expect(move(2, 3) == "50 % worse")
        #expect(move(1, 30) == "29× worse")
        #expect(move(0, 1) == "worse (was at its ideal)")
        #expect(move(1, .infinity) == "worse (now ∞)")
        #expect(move(.nan, 1) == "better (was NaN)")
        #expect(move(1, 1) == "unchanged")
    }

    @Test func valuesShowEnoughDigitsToShowAMiss() {
        let metric = Metric(caseName: "c", name: "m", value: 1.0000001e-9, unit: "pt", tolerance: .atMost(1e-9), reason: "r")
        #expect(metric.verdict == .fail)
        #expect(MetricText.value(metric) == "1.0000001e-09 pt")
        #expect(NumberFormat.distinguishing(0.5, from: [1]) == "0.5")
        #expect(NumberFormat.distinguishing(0.069444, from: [0.0694444]) == "0.069444")
    }
}
