/// The machine-readable record of a fuzz run (`summary.json`), also what `fuzz merge` reads.
public struct FuzzSummary: Codable, Equatable, Sendable {
    /// One scene that failed, as generated (saved in `scenes/`).
    public struct Failure: Codable, Equatable, Sendable {
        /// The scene's index in the run.
        public var index: Int
        /// The invariants it broke, with details.
        public var violations: [Violation]
        /// The scene file, relative to the output folder.
        public var scene: String
        /// Whether every broken invariant is a known open class (`Golden/fuzz/open`).
        public var known: Bool
    }

    /// A failure shrunk to a minimal scene (saved in `minimal/`, animated in `svg/`).
    public struct Minimal: Codable, Equatable, Sendable {
        /// The invariant the minimal scene still breaks.
        public var invariant: Invariant
        /// The index of the scene it came from.
        public var index: Int
        /// What the minimal scene's run showed.
        public var detail: String
        /// The minimal scene file, relative to the output folder.
        public var scene: String
        /// Its animated SVG, relative to the output folder (absent for a crash or a hang).
        public var animation: String?
        /// Its size: items, behaviors (all, nested included) and events.
        public var items: Int, behaviors: Int, events: Int
        /// Candidates tried while shrinking.
        public var shrinkTries: Int
    }

    /// The run's seed.
    public var seed: UInt64
    /// Shards: which of how many (1-based); 1/1 for a whole run; merged runs list all.
    public var shards: [String]
    /// The engine under test.
    public var engine: String
    /// What `harness replay` needs after the scene to replay a failure on this engine
    /// (``FuzzOptions/replayOptions``); absent in summaries written before it was recorded.
    public var replayOptions: [String]?
    /// Scene indices run, as sorted closed ranges.
    public var ranges: [ClosedRange<Int>]
    /// Scenes run.
    public var scenesRun: Int
    /// Wall-clock seconds, and worker processes used.
    public var seconds: Double, jobs: Int
    /// Whether the run was stopped by a signal before its budget.
    public var interrupted: Bool
    /// Scenes on which each invariant was checked, by invariant name.
    public var checked: [String: Int]
    /// Scenes failing each invariant, by invariant name.
    public var failing: [String: Int]
    /// Every failing scene.
    public var failures: [Failure]
    /// The shrunk failures.
    public var minimal: [Minimal]

    /// Failures not of a known open class.
    public var newFailures: [Failure] { failures.filter { !$0.known } }

    /// Scenes per second per worker.
    public var ratePerJob: Double { seconds > 0 && jobs > 0 ? Double(scenesRun) / seconds / Double(jobs) : 0 }
}

extension Array where Element == Int {
    /// Sorted integers as closed ranges of consecutive values.
    var asRanges: [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for value in sorted() {
            if let last = result.last, value == last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...value
            } else if result.last?.contains(value) != true {
                result.append(value...value)
            }
        }
        return result
    }
}
