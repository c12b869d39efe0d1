import Foundation
@testable import Harness
import Testing

/// report.html as a browser shows it: a picture that is not blank, and a plot in every
/// experiment's section of the DOM the browser built.
@Suite struct ReportRenderTests {
    static func results() -> RunResults {
        let second = ExperimentResult(
            id: "second", title: "Second", summary: "s", parameters: [:],
            metrics: [Metric(caseName: "c", name: "m", value: 1, unit: "pt", tolerance: .atMost(2), reason: "r")],
            series: [Series(caseName: "c", name: "x", unit: "pt", time: [0, 1, 2], observed: [0, 1, 2], reference: [0, 1.1, 2.3])])
        return RunResults(metadata: RunMetadata(date: "2026-01-01T00:00:00Z", gitCommit: nil, engine: "E",
                                                engineSettings: [:], quick: true),
                          experiments: [ExperimentPlotsTests.experiment(), second])
    }

    @Test(.enabled(if: Chromium.isAvailable, Comment(rawValue: Chromium.installHint)))
    func aBrowserRendersThePlots() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("report.html"), blank = folder.appendingPathComponent("blank.html")
        let results = Self.results()
        try HTMLReport.render(results).write(to: file, atomically: true, encoding: .utf8)
        try "<!DOCTYPE html><html><head><title>blank</title></head><body></body></html>".write(to: blank, atomically: true, encoding: .utf8)
        let picture = try Chromium.screenshot(of: file, width: 1200, height: 2000)
        let empty = try Chromium.screenshot(of: blank, width: 1200, height: 2000)
        #expect(picture.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // A blank page compresses to almost nothing; axes, lines, bars and text do not.
        #expect(picture.count > 5 * empty.count, "\(picture.count) bytes against \(empty.count) for a blank page")
        let dom = try Chromium.dumpDOM(of: file)
        #expect(dom.contains("<title>Dynamics harness report</title>"))
        for (index, experiment) in results.experiments.enumerated() {
            let start = try #require(dom.range(of: "id=\"\(experiment.id)\""), "section \(experiment.id)")
            let next = index + 1 < results.experiments.count
                ? dom.range(of: "id=\"\(results.experiments[index + 1].id)\"", range: start.upperBound..<dom.endIndex)?.lowerBound
                : nil
            let section = dom[start.upperBound..<(next ?? dom.endIndex)]
            #expect(section.contains("<svg") && section.contains("class=\"plot\""), "a plot in \(experiment.id)")
        }
        #expect(!dom.contains("parsererror"))
    }
}
