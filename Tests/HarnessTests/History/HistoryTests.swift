import Foundation
@testable import Harness
import Testing

/// `harness history`: step changes found where a metric moved beyond its noise, named by the
/// commit that moved it; the benchmark's ratios and their noise; the page and its files.
@Suite struct HistoryTests {
    /// A change within the noise band (relative), the resolution (absolute) or a millionth is
    /// no step; any change beyond all three is, and its direction follows the metric's preference.
    @Test func aStepIsAChangeBeyondTheNoiseInTheDirectionTheMetricPrefers() {
        var dice = Dice(source: SeededGenerator(seed: 44))
        for _ in 0..<500 {
            let before = dice.uniform(0.1, 10), band = [0, 1e-3, 0.05][Int(dice.uniform(0, 2.999))]
            let resolution = [0, 1e-4][Int(dice.uniform(0, 1.999))]
            let threshold = max(resolution, max(band, StepChange.relativeFloor) * before)
            // Within: up to 90 % of the threshold measured on the smaller value.
            let small = before + dice.uniform(-0.9, 0.9) * threshold * 0.9
            #expect(StepChange.between(before, small, commit: 1, noiseBand: band, resolution: resolution, better: "lower") == nil,
                    "\(before) → \(small), band \(band), resolution \(resolution)")
            let after = before * (dice.uniform(0, 1) < 0.5 ? 0.5 : 1.5)
            let step = StepChange.between(before, after, commit: 3, noiseBand: band, resolution: resolution, better: "lower")
            #expect(step?.commit == 3 && step?.direction == (after < before ? "better" : "worse"))
            let higher = StepChange.between(before, after, commit: 3, noiseBand: band, resolution: resolution, better: "higher")
            #expect(higher?.direction == (after > before ? "better" : "worse"))
        }
        // Two-sided: an order of 2.2 after 1.7 is closer to 2, so better; 2.5 after 2.1 is worse.
        #expect(StepChange.between(1.7, 2.2, commit: 1, noiseBand: 0, resolution: 0, better: "closer to 2")?.direction == "better")
        #expect(StepChange.between(2.1, 2.5, commit: 1, noiseBand: 0, resolution: 0, better: "closer to 2")?.direction == "worse")
        #expect(StepChange.between(1, 2, commit: 1, noiseBand: 0, resolution: 0, better: "none")?.direction == "changed")
        // A value that turns NaN is a step, whatever the band.
        #expect(StepChange.between(1, .nan, commit: 1, noiseBand: 0.5, resolution: 1, better: "lower") != nil)
    }

    /// A baseline file as `harness golden update` writes it, with one metric per value.
    static func baseline(_ experiment: String, _ values: [String: Double], band: Double = 0) -> String {
        let metrics = values.keys.sorted().map { name in
            "{\"caseName\":\"c\",\"metric\":\"\(name)\",\"value\":\(values[name] ?? 0),\"unit\":\"pt\",\"better\":\"lower\",\"noiseBand\":\(band),\"resolution\":0}"
        }
        return "{\"experiment\":\"\(experiment)\",\"suite\":\"full\",\"engine\":\"Dynamics\",\"engineSettings\":{},\"metrics\":[\(metrics.joined(separator: ","))]}"
    }

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments)")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A repository whose baselines move over four commits: the history has a point per commit
    /// that touched them (not the one that did not), and each step is named by its commit.
    @Test func eachStepIsNamedByTheCommitThatMadeIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Golden/metrics/dynamics/full")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try Self.git(["init", "-q", "-b", "main"], in: root)
        let versions: [(String, [String: Double], String)] = [
            ("first", ["drop": 10, "drift": 1], "baselines"),
            ("unrelated", [:], "a README"),
            ("second", ["drop": 5, "drift": 1.0000000001], "the drop halves"),
            ("third", ["drop": 5, "drift": 3], "the drift triples"),
        ]
        var hashes: [String] = []
        for (name, values, subject) in versions {
            if values.isEmpty {
                try Data("\(name)\n".utf8).write(to: root.appendingPathComponent("README"))
            } else {
                try Data(Self.baseline("bounce", values).utf8).write(to: folder.appendingPathComponent("bounce.json"))
            }
            _ = try Self.git(["add", "-A"], in: root)
            _ = try Self.git(["commit", "-q", "-m", subject], in: root)
            hashes.append(try Self.git(["rev-parse", "HEAD"], in: root))
        }
        let history = try GoldenHistory.read(packageRoot: root)
        #expect(history.commits.map(\.hash) == [hashes[0], hashes[2], hashes[3]])
        #expect(history.commits.map(\.subject) == ["baselines", "the drop halves", "the drift triples"])
        let drop = try #require(history.metrics.first { $0.metric == "drop" })
        let drift = try #require(history.metrics.first { $0.metric == "drift" })
        #expect(drop.points.map(\.value) == [10, 5, 5])
        #expect(drop.steps == [StepChange(commit: 1, before: 10, after: 5, direction: "better")])
        // 1 → 1.0000000001 is below a millionth: no step; 1 → 3 is.
        #expect(drift.steps.map(\.commit) == [2])
        #expect(history.steps.map { history.commits[$0.step.commit].hash } == [hashes[2], hashes[3]])
        let page = HistoryReport.html(history)
        #expect(page.contains(String(hashes[2].prefix(7)) + " better") && page.contains(String(hashes[3].prefix(7)) + " worse"))
        #expect(page.components(separatedBy: "<svg").count - 1 == 2, "a plot per changed metric")
        #expect(throws: GoldenHistory.Failure.self) { try GoldenHistory.read(packageRoot: root, suite: "quick") }
    }

    /// The benchmark file: series per machine, scene, size and baseline; a run is a step only
    /// where its range over rounds clears the previous run's; bad lines are named by number.
    @Test func benchmarkRunsAreStepsOnlyBeyondTheirRoundToRoundNoise() throws {
        let header = BenchmarkHistory.columns.joined(separator: ",")
        let rows = [
            "2026-11-20,aaa,m,pile,1000,Chipmunk 7,5,1.3,0.82,0.80,0.85",
            "2026-11-21,bbb,m,pile,1000,Chipmunk 7,5,1.3,0.84,0.81,0.86", // overlaps: no step
            "2026-11-22,ccc,m,pile,1000,Chipmunk 7,5,1.2,0.70,0.68,0.72", // clears it: faster
            "2026-11-22,ccc,m,pile,2000,Chipmunk 7,5,3.1,0.79,0.77,0.80",
            "2026-11-23,ddd,m,pile,1000,Chipmunk 7,5,1.4,0.90,0.88,0.93", // slower
        ]
        let series = try BenchmarkHistory.parse(([header] + rows).joined(separator: "\n") + "\n", path: "m.csv")
        #expect(series.map(\.size) == [1000, 2000])
        #expect(series[0].steps.map(\.index) == [2, 3] && series[0].steps.map(\.faster) == [true, false])
        #expect(series[1].steps.isEmpty)
        for (bad, line) in [("2026-11-20,aaa,m,pile,1000,Chipmunk 7,5,1.3,nan,0.80,0.85", 3), ("2026-11-20,aaa,m,pile,x,Chipmunk 7,5,1.3,0.8,0.8,0.8", 3),
                            ("2026-11-20,aaa,m,pile,1000,Chipmunk 7,5,1.3,0.9,0.80,0.85", 3), ("2026-11-20,aaa", 3)] {
            #expect(throws: BenchmarkHistory.Unreadable.self) { try BenchmarkHistory.parse([header, rows[0], bad].joined(separator: "\n"), path: "m.csv") }
            do {
                _ = try BenchmarkHistory.parse([header, rows[0], bad].joined(separator: "\n"), path: "m.csv")
            } catch let error as BenchmarkHistory.Unreadable {
                #expect(error.line == line && error.description.hasPrefix("m.csv:\(line):"), "\(error)")
            }
        }
        #expect(throws: BenchmarkHistory.Unreadable.self) { try BenchmarkHistory.parse("date,commit\n", path: "m.csv") }
    }

    /// The three files are written all or none: into a folder that cannot take them, nothing of
    /// them is left, and the files already there are kept as they were.
    @Test func theFilesAreWrittenAllOrNone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = History(source: "test", commits: [HistoryCommit(hash: "a", date: "2026-11-27", subject: "s")],
                              values: [[MetricValue(experiment: "e", caseName: "c", metric: "m", unit: "pt", better: "lower", value: 1,
                                                    noiseBand: 0, resolution: 0)]])
        try HistoryReport.write(history, to: folder)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(written == HistoryReport.fileNames.sorted())
        // history.html's place taken by a folder: the rename of the last file fails after the
        // writes; history.json and history.md must still be the earlier ones.
        let earlier = try Data(contentsOf: folder.appendingPathComponent("history.json"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("history.html"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("history.html/inside"), withIntermediateDirectories: true)
        var changed = history
        changed.source = "changed"
        #expect(throws: (any Error).self) { try HistoryReport.write(changed, to: folder) }
        #expect(try Data(contentsOf: folder.appendingPathComponent("history.json")) == earlier)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }.isEmpty, "no temporary left")
    }
}
