import Foundation
@testable import Harness
import Testing

@Suite struct ReportTests {
    static func hostileResults() -> RunResults {
        let metric = Metric(caseName: "<script>alert(1)</script> | x", name: "a*b_c", value: 2, unit: "pt",
                            tolerance: .atMost(1), reason: "because & <b>")
        let experiment = ExperimentResult(
            id: "x", title: "T <i>", summary: "s", parameters: ["k": "v|w"], metrics: [metric],
            series: [Series(caseName: "c", name: "y", unit: "pt", time: [0, 1], observed: [0, 1], reference: [0, 2])],
            tables: [ReportTable(title: "t", columns: ["a"], rows: [["<td>"]])], notes: ["n <"])
        return RunResults(metadata: RunMetadata(date: "2026-01-01T00:00:00Z", gitCommit: nil, engine: "E",
                                                engineSettings: [:], quick: true),
                          experiments: [experiment])
    }

    @Test func htmlEscapesEveryTextAndLoadsNothingExternal() {
        let html = HTMLReport.render(Self.hostileResults())
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<i>"))
        #expect(!html.contains("<td><td>"))
        #expect(html.contains("&lt;script&gt;"))
        // The only URL is the SVG namespace identifier; no links, scripts or stylesheets are fetched.
        let urls = html.components(separatedBy: "://").count - 1
        #expect(urls == html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1)
        #expect(html.contains("<svg"))
    }

    @Test func markdownEscapesTableSyntax() {
        let markdown = MarkdownReport.render(Self.hostileResults())
        #expect(markdown.contains("\\<script\\>"))
        #expect(markdown.contains("\\| x"))
        #expect(markdown.contains("| x | "))
        #expect(markdown.contains("**Verdict: fail**"))
    }

    @Test func writerWritesThreeFilesThatReadBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = Self.hostileResults()
        try ReportWriter.write(results, to: directory)
        for name in ReportWriter.fileNames {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path))
        }
        let data = try Data(contentsOf: directory.appendingPathComponent("results.json"))
        #expect(try ResultsCoding.decode(RunResults.self, from: data) == results)
        // No temporary files are left beside the reports.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ReportWriter.fileNames.sorted())
    }

    @Test func consoleSummaryListsTheFailingMetricAndTheVerdict() {
        let text = ConsoleSummary.render(Self.hostileResults())
        #expect(text.contains("a*b_c"))
        #expect(text.hasSuffix("verdict: fail (0 pass, 0 missed target, 0 regressed, 1 fail)"))
    }
}
