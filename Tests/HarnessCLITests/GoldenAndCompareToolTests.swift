import Foundation
import Testing

/// End-to-end tests of `harness golden update`, the baseline comparison in `harness run`,
/// `harness compare`, and what `run` does when it cannot write its reports.
@Suite struct GoldenAndCompareToolTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harness-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func runFailsOnAMetricWorseThanItsBaselineAndReportsAnImprovement() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let golden = folder.appendingPathComponent("golden").path
        let update = try HarnessToolTests.run(["golden", "update", "--experiment", "override-order", "--golden", golden])
        #expect(update.status == 0, "\(update.output)\(update.error)")
        let file = folder.appendingPathComponent("golden/dynamics/quick/override-order.json")
        let run = { try HarnessToolTests.run(["run", "--quick", "--experiment", "override-order", "--golden", golden,
                                              "--output", folder.appendingPathComponent("out").path]) }
        let clean = try run()
        #expect(clean.status == 0, "\(clean.output)\(clean.error)")

        // A baseline better than this build (a lower error) makes the run regress and fail.
        let text = try String(contentsOf: file, encoding: .utf8)
        let edited = try #require(Self.replacingFirstPositiveValue(in: text, by: 0))
        try edited.write(to: file, atomically: true, encoding: .utf8)
        let worse = try run()
        #expect(worse.status == 1)
        #expect(worse.output.contains("regressed"))
        // A failed run still writes its reports, with the regression in them.
        let report = try String(contentsOf: folder.appendingPathComponent("out/report.md"), encoding: .utf8)
        #expect(report.contains("**Verdict: regressed**"))

        // A baseline worse than this build is an improvement, reported with the update command.
        let improved = try #require(Self.replacingFirstPositiveValue(in: text, by: 1e6))
        try improved.write(to: file, atomically: true, encoding: .utf8)
        let better = try run()
        #expect(better.status == 0, "\(better.output)")
        #expect(better.output.contains("improved on the golden baseline (1); to record: harness golden update"))
    }

    /// `text` with the first `"value" : X` replaced, where X is above the metric's resolution and
    /// the metric's "better" is "lower" (keys are sorted: better, …, resolution, unit, value).
    static func replacingFirstPositiveValue(in text: String, by replacement: Double) -> String? {
        var lines = text.components(separatedBy: "\n")
        var lowerIsBetter = false, resolution = 0.0
        for index in lines.indices {
            if lines[index].contains("\"better\" : ") { lowerIsBetter = lines[index].contains("\"lower\"") }
            if let range = lines[index].range(of: "\"resolution\" : ") {
                resolution = Double(lines[index][range.upperBound...].trimmingCharacters(in: .punctuationCharacters)) ?? 0
            }
            guard lowerIsBetter, let range = lines[index].range(of: "\"value\" : ") else { continue }
            guard let value = Double(lines[index][range.upperBound...]), value > resolution else { continue }
            lines[index] = String(lines[index][..<range.upperBound]) + "\(replacement)"
            return lines.joined(separator: "\n")
        }
        return nil
    }

    @Test func compareExitsOneOnARegressionAndWritesHTML() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = folder.appendingPathComponent("before"), after = folder.appendingPathComponent("after")
        for output in [before, after] {
            let outcome = try HarnessToolTests.run(["run", "--quick", "--experiment", "gravity-push", "--no-golden",
                                                    "--output", output.path])
            #expect(outcome.status == 0)
        }
        let same = try HarnessToolTests.run(["compare", before.appendingPathComponent("results.json").path,
                                             after.appendingPathComponent("results.json").path])
        #expect(same.status == 0, "\(same.output)\(same.error)")
        #expect(same.output.contains("no change: no metric regressed"))

        // The after run's first error (an upper-bounded metric) doubled: a regression.
        let afterFile = after.appendingPathComponent("results.json")
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: afterFile)) as? [String: Any])
        var experiments = try #require(json["experiments"] as? [[String: Any]])
        var metrics = try #require(experiments[0]["metrics"] as? [[String: Any]])
        let index = try #require(metrics.firstIndex { metric in
            let tolerance = metric["tolerance"] as? [String: Any]
            return tolerance?["lower"] == nil && ((metric["value"] as? Double) ?? 0) > 0
        })
        // Doubled, and at least ten times its resolution: a move within the resolution is rounding.
        let resolution = metrics[index]["resolution"] as? Double ?? 0
        metrics[index]["value"] = max((metrics[index]["value"] as? Double ?? 0) * 2, 10 * resolution)
        experiments[0]["metrics"] = metrics
        json["experiments"] = experiments
        try JSONSerialization.data(withJSONObject: json).write(to: afterFile)
        let html = folder.appendingPathComponent("compare.html")
        let regressed = try HarnessToolTests.run(["compare", before.appendingPathComponent("results.json").path, afterFile.path,
                                                  "--format", "html", "--output", html.path])
        #expect(regressed.status == 1, "\(regressed.output)\(regressed.error)")
        #expect(regressed.output.hasPrefix("worse: 1 of "))
        #expect(try String(contentsOf: html, encoding: .utf8).contains("<h2>Regressions (1)</h2>"))

        let unreadable = try HarnessToolTests.run(["compare", before.path, afterFile.path])
        #expect(unreadable.status == 2)
        #expect(unreadable.error == "error: \(before.path) is a directory, not a harness results.json\n", "\(unreadable.error)")
        // A malformed results.json names the file, the line, the column and the path.
        let broken = folder.appendingPathComponent("broken.json")
        try Data("{\"schemaVersion\": 2,\n \"experiments\": [1,]}".utf8).write(to: broken)
        let malformed = try HarnessToolTests.run(["compare", broken.path, afterFile.path])
        #expect(malformed.status == 2)
        #expect(malformed.error.hasPrefix("error: \(broken.path):2:19: experiments: is not valid JSON: a comma before ']'"), "\(malformed.error)")
    }

    /// The output folder is checked before the experiments run: an unwritable one is one line
    /// and exit status 2, as for every command.
    @Test func anUnwritableOutputIsOneLineBeforeTheRun() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A regular file where the output folder should be: nothing can be created inside it.
        let blocker = folder.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let reports = blocker.appendingPathComponent("reports").path
        let outcome = try HarnessToolTests.run(["run", "--quick", "--experiment", "gravity-push", "--output", reports])
        #expect(outcome.status == 2)
        #expect(!outcome.output.contains("verdict:"), "the experiments did not run: \(outcome.output)")
        #expect(outcome.error == "error: cannot write the reports to \(reports): \(blocker.path) is a file, not a folder\n", "\(outcome.error)")
    }

    /// A report file that a directory stands in for is found before the run, and the reports of
    /// the earlier run are left as they were.
    @Test func aDirectoryWhereAReportGoesIsFoundBeforeTheRun() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("earlier".utf8).write(to: folder.appendingPathComponent("results.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("report.html"), withIntermediateDirectories: true)
        let outcome = try HarnessToolTests.run(["run", "--quick", "--experiment", "gravity-push", "--no-golden", "--output", folder.path])
        #expect(outcome.status == 2)
        #expect(!outcome.output.contains("verdict:"), "the experiments did not run: \(outcome.output)")
        #expect(outcome.error.contains("cannot write the HTML report to \(folder.path)/report.html: it is a directory"), "\(outcome.error)")
        #expect(try String(contentsOf: folder.appendingPathComponent("results.json"), encoding: .utf8) == "earlier")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.md").path))
    }
}
