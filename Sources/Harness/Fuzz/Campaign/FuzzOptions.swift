import Foundation

/// How a fuzz run is set up.
public struct FuzzOptions: Sendable {
    /// The run's seed: scene `k` is generated from `(seed, k)` alone.
    public var seed: UInt64
    /// Run scene indices below this count (with `timeBudget` nil), or stop at the budget.
    public var sceneCount: Int?
    /// Wall-clock budget in seconds.
    public var timeBudget: Double?
    /// This shard (1-based) of `shardCount`: it runs the indices k with k % shardCount == shard − 1.
    public var shard: Int, shardCount: Int
    /// Worker processes.
    public var jobs: Int
    /// Where the report, scenes and summary go.
    public var output: URL
    /// Processor seconds a worker may spend on one scene before it counts as hung (see
    /// `WorkerClock`: the limit does not depend on how loaded the machine is).
    public var timeout: Double
    /// The worker command (executable first).
    public var workerCommand: [String]
    /// The failure signatures known to be open (from `Golden/fuzz/open`).
    public var known: KnownFailures
    /// The failure database replayed first and added to (none when `nil`).
    public var database: URL?
    /// How many known signatures per invariant are shrunk (each once); every new signature is
    /// shrunk once, up to ``newShrinks``; other failures are saved as generated.
    public var shrinksPerInvariant: Int
    /// The most new signatures shrunk in one run.
    public var newShrinks: Int
    /// The shrinker's budget of candidates per failure.
    public var shrinkBudget: Int
    /// The engine's name, for the report.
    public var engineName: String
    /// What `harness replay` needs after the scene to replay a failure on the same engine (for
    /// the rigid contact solver, `--rigid`), for the report's replay commands.
    public var replayOptions: [String]
    /// Whether to print the progress line.
    public var showsProgress: Bool
    /// Whether a scene the engine cannot express is skipped and counted by feature (another
    /// engine's run, or a run restricted to the scenes another engine expresses) rather than
    /// failed (this project's engine, which must run every generated scene).
    public var skipsUnsupported: Bool

    /// Creates options; by default 100 scenes, one shard, two jobs.
    public init(seed: UInt64 = 1, sceneCount: Int? = 100, timeBudget: Double? = nil, shard: Int = 1, shardCount: Int = 1,
                jobs: Int = 2, output: URL, timeout: Double = 20, workerCommand: [String], known: KnownFailures = KnownFailures(),
                database: URL? = nil, shrinksPerInvariant: Int = 3, newShrinks: Int = 20, shrinkBudget: Int = 300,
                engineName: String = "engine", replayOptions: [String] = [], showsProgress: Bool = false,
                skipsUnsupported: Bool = false) {
        self.seed = seed
        self.sceneCount = sceneCount
        self.timeBudget = timeBudget
        self.shard = shard
        self.shardCount = shardCount
        self.jobs = jobs
        self.output = output
        self.timeout = timeout
        self.workerCommand = workerCommand
        self.known = known
        self.database = database
        self.shrinksPerInvariant = shrinksPerInvariant
        self.newShrinks = newShrinks
        self.shrinkBudget = shrinkBudget
        self.engineName = engineName
        self.replayOptions = replayOptions
        self.showsProgress = showsProgress
        self.skipsUnsupported = skipsUnsupported
    }

    /// Parses "90s", "10m", "1.5h" or plain seconds.
    public static func seconds(parsing text: String) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600]
        if let last = text.last, let unit = units[last] { return Double(text.dropLast()).map { $0 * unit }.flatMap { $0 > 0 ? $0 : nil } }
        return Double(text).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Parses "i/n" with 1 ≤ i ≤ n.
    public static func shard(parsing text: String) -> (Int, Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(i) else { return nil }
        return (i, n)
    }

}
