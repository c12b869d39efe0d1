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
        /// Whether every signature of its violations is known (``KnownFailures``).
        public var known: Bool

        /// The distinct signatures of its violations.
        public var signatures: [FailureSignature] { Array(Set(violations.compactMap(\.signature))).sorted() }
    }

    /// A failure shrunk to a minimal scene (saved in `minimal/`, animated in `svg/`).
    public struct Minimal: Codable, Equatable, Sendable {
        /// The invariant the minimal scene still breaks.
        public var invariant: Invariant
        /// The signature it still has (every shrink step kept it); absent in older summaries.
        public var signature: FailureSignature?
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
        /// The violated quantity over the minimal scene's run against its bound
        /// (``ViolationProfile``); absent for an invariant without one and in older summaries.
        public var profile: MeasuredCurve?
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
    /// The failing scenes recorded: the first ``recordsPerSignature`` of each signature (every
    /// failure is counted in ``counts``; any other scene the generator makes again from the seed
    /// and its index).
    public var failures: [Failure]
    /// How many scenes failed, in all and by signature; absent in older summaries, whose
    /// ``failures`` hold every failing scene.
    public var counts: Counts?
    /// Scenes skipped because the engine, or the engine the run is compared with, cannot
    /// express them, by ``featureClass(_:)``; `nil` in a run that skips none (this project's
    /// engine alone) and in older summaries. They are in ``scenesRun`` but checked by nothing.
    public var unsupported: [String: Int]?

    /// Scenes skipped as unsupported.
    public var unsupportedCount: Int { unsupported?.values.reduce(0, +) ?? 0 }
    /// Scenes run and checked: ``scenesRun`` less the unsupported ones; the base of failure rates.
    public var scenesChecked: Int { scenesRun - unsupportedCount }

    /// An unsupported feature with the particulars that vary from scene to scene cut off, so that
    /// the report counts kinds: "Box2D v3: snap behaviors (at behaviors[2])" → "Box2D v3: snap
    /// behaviors"; "Chipmunk 7: changing "magnitude" of "p1" while running" → "Chipmunk 7:
    /// changing … of … while running" (the text after the engine's name up to its first
    /// parenthesis or colon, quoted names as "…", numbers as "N").
    public static func featureClass(_ feature: String) -> String {
        let engineEnd = feature.range(of: ": ")
        let engine = engineEnd.map { String(feature[..<$0.lowerBound]) + ": " } ?? ""
        let rest = engineEnd.map { feature[$0.upperBound...] } ?? feature[...]
        let cut = rest.firstIndex { "(:".contains($0) } ?? rest.endIndex
        let parts = rest[..<cut].split(separator: "\"", omittingEmptySubsequences: false)
        let unquoted = parts.enumerated().map { $0.offset % 2 == 1 ? "…" : String($0.element) }.joined()
        // Counts too: "a path of 9 points" and "a path of 1002 points" are one kind (a number is
        // digits standing alone, not inside a name such as "Box2D").
        var counted = "", number = "", previous: Character = " "
        for character in unquoted + " " {
            if character.isNumber && (number.isEmpty ? !(previous.isLetter || previous.isNumber) : true) {
                number.append(character)
            } else {
                if !number.isEmpty { counted += character.isLetter ? number : "N" }
                number = ""
                counted.append(character)
            }
            previous = character
        }
        counted.removeLast()
        return engine + counted.trimmingCharacters(in: .whitespaces)
    }

    /// The failing scenes recorded per signature: enough to replay and compare, while a run in
    /// which a third of the scenes fail does not write a gigabyte.
    public static let recordsPerSignature = 5

    /// Failure counts over every failing scene, recorded or not.
    public struct Counts: Codable, Equatable, Sendable {
        /// Failing scenes; those with a violation inside the envelope, outside it, and with a
        /// signature that is not known.
        public var failing = 0, inside = 0, outside = 0, new = 0
        /// Failing scenes per signature slug.
        public var bySignature: [String: Int] = [:]
        /// Failing scenes per invariant with a violation of it inside and outside the envelope.
        public var insideByInvariant: [String: Int] = [:], outsideByInvariant: [String: Int] = [:]

        /// No failures.
        public init() {}

        /// Counts `failure`.
        public mutating func add(_ failure: Failure) {
            failing += 1
            let signed = failure.violations.compactMap(\.signature)
            if signed.contains(where: \.insideEnvelope) { inside += 1 }
            if signed.contains(where: { !$0.insideEnvelope }) { outside += 1 }
            if !failure.known { new += 1 }
            for slug in Set(signed.map(\.slug)) { bySignature[slug, default: 0] += 1 }
            for invariant in Set(signed.filter(\.insideEnvelope).map(\.invariant.rawValue)) { insideByInvariant[invariant, default: 0] += 1 }
            for invariant in Set(signed.filter { !$0.insideEnvelope }.map(\.invariant.rawValue)) { outsideByInvariant[invariant, default: 0] += 1 }
        }

        /// The sum of two runs' counts.
        public static func + (a: Counts, b: Counts) -> Counts {
            var sum = a
            sum.failing += b.failing
            sum.inside += b.inside
            sum.outside += b.outside
            sum.new += b.new
            sum.bySignature.merge(b.bySignature, uniquingKeysWith: +)
            sum.insideByInvariant.merge(b.insideByInvariant, uniquingKeysWith: +)
            sum.outsideByInvariant.merge(b.outsideByInvariant, uniquingKeysWith: +)
            return sum
        }

        /// The counts of a list of failures.
        public init(_ failures: [Failure]) {
            for failure in failures { add(failure) }
        }
    }

    /// ``counts``, or for an older summary those of its failures.
    public var allCounts: Counts { counts ?? Counts(failures) }
    /// The shrunk failures.
    public var minimal: [Minimal]
    /// The scenes of the failure database replayed before the run; absent in older summaries.
    public var replayed: [Replayed]?

    /// A scene of the failure database, replayed first.
    public struct Replayed: Codable, Equatable, Sendable {
        /// Its file in the database.
        public var file: String
        /// The signature it was stored under.
        public var recorded: String
        /// The signatures it fails with now; empty when it passes (it is then dropped).
        public var failing: [String]
    }

    /// One signature's share of the run's failures.
    public struct Tally: Equatable, Sendable {
        /// The signature.
        public var signature: FailureSignature
        /// Generated scenes failing with it.
        public var scenes: Int
        /// Whether it is known.
        public var known: Bool
        /// The first failing scene's index, and what it showed.
        public var firstIndex: Int, detail: String
        /// Its minimal scene, if one was shrunk.
        public var minimal: Minimal?
    }

    /// The failures by signature: new ones first, then inside the envelope before outside.
    public var tallies: [Tally] {
        var byslug: [String: Tally] = [:]
        for failure in failures {
            for violation in failure.violations {
                guard let signature = violation.signature else { continue }
                if var tally = byslug[signature.slug] {
                    if tally.firstIndex != failure.index && counts == nil { tally.scenes += 1 }
                    byslug[signature.slug] = tally
                } else {
                    byslug[signature.slug] = Tally(signature: signature, scenes: counts?.bySignature[signature.slug] ?? 1,
                                                   known: knownSlugs.contains(signature.slug),
                                                   firstIndex: failure.index, detail: violation.detail,
                                                   minimal: minimal.first { $0.signature?.slug == signature.slug })
                }
            }
        }
        return byslug.values.sorted { a, b in
            (a.known ? 1 : 0, a.signature.insideEnvelope ? 0 : 1, a.signature.invariant, -a.scenes, a.signature.slug)
                < (b.known ? 1 : 0, b.signature.insideEnvelope ? 0 : 1, b.signature.invariant, -b.scenes, b.signature.slug)
        }
    }

    /// The signatures the run knew; absent in older summaries.
    public var knownSlugs: Set<String> = []

    /// Recorded failures with a signature that is not known.
    public var newFailures: [Failure] { failures.filter { !$0.known } }

    /// Creates a summary.
    public init(seed: UInt64, shards: [String], engine: String, replayOptions: [String]?, ranges: [ClosedRange<Int>], scenesRun: Int,
                seconds: Double, jobs: Int, interrupted: Bool, checked: [String: Int], failing: [String: Int], failures: [Failure],
                minimal: [Minimal], replayed: [Replayed]? = nil, knownSlugs: Set<String> = [], counts: Counts? = nil,
                unsupported: [String: Int]? = nil) {
        self.seed = seed
        self.shards = shards
        self.engine = engine
        self.replayOptions = replayOptions
        self.ranges = ranges
        self.scenesRun = scenesRun
        self.seconds = seconds
        self.jobs = jobs
        self.interrupted = interrupted
        self.checked = checked
        self.failing = failing
        self.failures = failures
        self.minimal = minimal
        self.replayed = replayed
        self.knownSlugs = knownSlugs
        self.counts = counts
        self.unsupported = unsupported
    }

    private enum CodingKeys: String, CodingKey {
        case seed, shards, engine, replayOptions, ranges, scenesRun, seconds, jobs, interrupted, checked, failing, failures, minimal, replayed
        case knownSlugs, counts, unsupported
    }

    /// Decodes a summary; one written before the database and signatures has neither.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(seed: try c.decode(UInt64.self, forKey: .seed), shards: try c.decode([String].self, forKey: .shards),
                  engine: try c.decode(String.self, forKey: .engine), replayOptions: try c.decodeIfPresent([String].self, forKey: .replayOptions),
                  ranges: try c.decode([ClosedRange<Int>].self, forKey: .ranges), scenesRun: try c.decode(Int.self, forKey: .scenesRun),
                  seconds: try c.decode(Double.self, forKey: .seconds), jobs: try c.decode(Int.self, forKey: .jobs),
                  interrupted: try c.decode(Bool.self, forKey: .interrupted), checked: try c.decode([String: Int].self, forKey: .checked),
                  failing: try c.decode([String: Int].self, forKey: .failing), failures: try c.decode([Failure].self, forKey: .failures),
                  minimal: try c.decode([Minimal].self, forKey: .minimal), replayed: try c.decodeIfPresent([Replayed].self, forKey: .replayed),
                  knownSlugs: Set(try c.decodeIfPresent([String].self, forKey: .knownSlugs) ?? []),
                  counts: try c.decodeIfPresent(Counts.self, forKey: .counts),
                  unsupported: try c.decodeIfPresent([String: Int].self, forKey: .unsupported))
    }

    /// Encodes the summary (the known signatures sorted, so that the file is stable).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(seed, forKey: .seed)
        try c.encode(shards, forKey: .shards)
        try c.encode(engine, forKey: .engine)
        try c.encodeIfPresent(replayOptions, forKey: .replayOptions)
        try c.encode(ranges, forKey: .ranges)
        try c.encode(scenesRun, forKey: .scenesRun)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(jobs, forKey: .jobs)
        try c.encode(interrupted, forKey: .interrupted)
        try c.encode(checked, forKey: .checked)
        try c.encode(failing, forKey: .failing)
        try c.encode(failures, forKey: .failures)
        try c.encode(minimal, forKey: .minimal)
        try c.encodeIfPresent(replayed, forKey: .replayed)
        try c.encode(knownSlugs.sorted(), forKey: .knownSlugs)
        try c.encodeIfPresent(counts, forKey: .counts)
        try c.encodeIfPresent(unsupported, forKey: .unsupported)
    }

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
