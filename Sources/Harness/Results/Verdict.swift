/// The outcome of one metric against its limits and, where one exists, its golden baseline.
public enum Verdict: String, Codable, Sendable, Comparable, CaseIterable {
    /// Within the target (or within the tolerance when there is no target), and no worse than the
    /// baseline beyond its noise band.
    case pass
    /// Within the tolerance but outside the stricter target: reported, does not fail the run.
    case missedTarget = "missed target"
    /// Within the tolerance but worse than the golden baseline by more than the metric's noise
    /// band: fails the run.
    case regressed
    /// Outside the tolerance: a defect; fails the run.
    case fail

    private var rank: Int {
        switch self {
        case .pass: 0
        case .missedTarget: 1
        case .regressed: 2
        case .fail: 3
        }
    }

    /// Whether a run with this verdict fails.
    public var failsRun: Bool { self >= .regressed }

    /// Orders by severity: pass < missed target < regressed < fail.
    public static func < (a: Verdict, b: Verdict) -> Bool { a.rank < b.rank }

    /// Decodes the raw value; results written before version 2 say "below target" for a missed
    /// target.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let verdict = Verdict(rawValue: text == "below target" ? Verdict.missedTarget.rawValue : text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown verdict '\(text)'"))
        }
        self = verdict
    }
}
