import Foundation

/// Two engines' fuzz runs on the same seed set side by side (`harness fuzz compare`): per
/// invariant, the scenes each checked, failed and the failure rate, and the failing scenes inside
/// and outside this project's operating envelope. The rates compare only when both runs checked
/// the same scenes (`fuzz run --same-scenes-as` on this engine's run); otherwise the table says so.
public struct FuzzComparison: Sendable {
    /// Why two summaries cannot be compared.
    public struct Mismatch: Error, CustomStringConvertible {
        /// What differs.
        public var description: String
    }

    /// The runs, in column order.
    public let runs: [FuzzSummary]

    /// Checks that the runs share their seed and scene indices.
    /// - Throws: ``Mismatch`` naming the first difference.
    public init(_ runs: [FuzzSummary]) throws {
        guard runs.count >= 2 else { throw Mismatch(description: "give at least two fuzz runs to compare") }
        let first = runs[0]
        for run in runs.dropFirst() {
            if run.seed != first.seed {
                throw Mismatch(description: "the runs have different seeds (\(first.seed), \(run.seed)): their scenes differ")
            }
            if run.ranges != first.ranges {
                throw Mismatch(description: "the runs ran different scene indices (\(Self.describe(first.ranges)) and \(Self.describe(run.ranges))) of seed \(first.seed)")
            }
        }
        self.runs = runs
    }

    /// Whether every run checked the same number of scenes (the same scenes, when each skipped
    /// what the others cannot express).
    public var sameScenesChecked: Bool { Set(runs.map(\.scenesChecked)).count == 1 }

    /// "12.3 %" of `part` in `whole`, or "–" for none.
    static func rate(_ part: Int, of whole: Int) -> String {
        whole > 0 ? String(format: "%.1f %%", 100 * Double(part) / Double(whole)) : "–"
    }

    /// The rows: the whole run, then each invariant either run checked, with each engine's
    /// checked, failing and rate.
    public var rows: [[String]] {
        func cells(_ run: FuzzSummary, checked: Int, failing: Int) -> [String] {
            ["\(checked)", "\(failing)", Self.rate(failing, of: checked)]
        }
        var rows: [[String]] = [["every invariant"] + runs.flatMap { cells($0, checked: $0.scenesChecked, failing: $0.allCounts.failing) }]
        rows.append(["inside this engine's envelope"] + runs.flatMap { cells($0, checked: $0.scenesChecked, failing: $0.allCounts.inside) })
        rows.append(["outside it"] + runs.flatMap { cells($0, checked: $0.scenesChecked, failing: $0.allCounts.outside) })
        for invariant in Invariant.allCases {
            let name = invariant.rawValue
            guard runs.contains(where: { ($0.checked[name] ?? 0) > 0 || ($0.failing[name] ?? 0) > 0 }) else { continue }
            rows.append([name] + runs.flatMap { cells($0, checked: $0.checked[name] ?? 0, failing: $0.failing[name] ?? 0) })
        }
        return rows
    }

    /// The comparison as Markdown.
    public var markdown: String {
        let first = runs[0]
        var text = "# Fuzz runs compared\n\n"
        text += "- Seed \(first.seed), scenes \(Self.describe(first.ranges)) (\(first.scenesRun) generated)\n"
        for run in runs {
            text += "- \(run.engine): \(run.scenesChecked) checked, \(run.unsupportedCount) skipped as not supported"
            if let kinds = run.unsupported, !kinds.isEmpty {
                text += " (" + kinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }.joined(separator: "; ") + ")"
            }
            text += "\n"
        }
        text += sameScenesChecked
            ? "- Every run checked the same number of scenes: the rates compare scene for scene.\n"
            : "- **The runs checked different numbers of scenes**: an engine skipped scenes the other ran, so the rates are over different scenes. Run this engine with `--same-scenes-as ENGINE` for rates that compare.\n"
        text += "- \"Inside\" and \"outside\" are this project's operating envelope (README), read from each scene; another engine promises no envelope of its own here.\n\n"
        let header = ["invariant"] + runs.flatMap { ["\($0.engine): checked", "failing", "rate"] }
        text += MarkdownReport.row(header) + "\n" + MarkdownReport.row(Array(repeating: "---", count: header.count)) + "\n"
        text += rows.map { MarkdownReport.row($0) + "\n" }.joined()
        return text
    }

    /// "0…2499" for one range, else the ranges joined.
    static func describe(_ ranges: [ClosedRange<Int>]) -> String {
        ranges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)…\($0.upperBound)" }.joined(separator: ", ")
    }
}
