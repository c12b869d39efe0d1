/// The outcome of one metric against its limits.
public enum Verdict: String, Codable, Sendable, Comparable {
    /// Within the target (or within the tolerance when there is no target).
    case pass
    /// Within the tolerance but outside the stricter target: reported, does not fail the run.
    case belowTarget = "below target"
    /// Outside the tolerance: a defect or a regression; fails the run.
    case fail

    private var rank: Int {
        switch self {
        case .pass: 0
        case .belowTarget: 1
        case .fail: 2
        }
    }

    /// Orders by severity: pass < below target < fail.
    public static func < (a: Verdict, b: Verdict) -> Bool { a.rank < b.rank }
}
