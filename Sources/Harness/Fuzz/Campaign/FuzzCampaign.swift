import Foundation

/// A fuzz run: replays the failure database first, then generates scenes from `(seed, index)`,
/// checks each in a worker process (so a trap, a crash or a hang is a recorded failure, not the
/// end of the run), counts every failure, saves the first ``FuzzSummary/recordsPerSignature``
/// failing scenes of each signature before anything else is done with them, shrinks one failure
/// of every new signature and of a few known ones per invariant, keeping the signature at every
/// step, adds the run's failures to the database, and writes the summary and the reports.
/// A finding it cannot save stops the run (see ``SaveFailure``): going on would lose every later
/// one the same way.
///
/// Scenes are checked in parallel but their outcomes are taken in index order (an outcome waits
/// for those of lower indices, at most one per other worker): which scenes are recorded, shrunk
/// and kept for the database is the same for any number of workers.
public final class FuzzCampaign: Sendable {
    /// A failing scene, its line in the failure log, or a minimal scene that could not be written.
    /// The run stops issuing scenes, writes what it can and throws this.
    public struct SaveFailure: Error, CustomStringConvertible {
        /// The file it could not write, relative to the output folder.
        public let path: String
        /// The run's seed and the failing scene's index: the generator makes the scene again from
        /// these alone.
        public let seed: UInt64, index: Int
        /// Why the write failed.
        public let reason: String
        /// The run's shard as `i/n`, or `nil` for an unsharded run.
        public let shard: String?

        public var description: String {
            let shardOption = shard.map { " --shard \($0)" } ?? ""
            return "could not save \(path) for failing scene \(index) of seed \(seed): \(reason). The run stopped; "
                + "`harness fuzz run --seed \(seed) --scenes \(index + 1)\(shardOption)` generates the scene again"
        }
    }

    /// One checked scene, waiting for its turn.
    private struct Outcome {
        let index: Int
        let scene: Scene
        let checked: [Invariant]
        let violations: [Violation]
        /// What the engine (or the one it is compared with) cannot express, when skipped.
        let unsupported: String?
    }

    /// A failing scene to shrink toward one signature.
    private struct ShrinkJob {
        let scene: Scene
        let index: Int
        let signature: FailureSignature
    }

    private struct State {
        /// Scenes issued so far, and the first issue number whose outcome is not yet taken.
        var issued = 0, taken = 0
        /// Outcomes checked ahead of a lower index, by issue number.
        var waiting: [Int: Outcome] = [:]
        var indices: [Int] = []
        var checked: [String: Int] = [:]
        var failing: [String: Int] = [:]
        var failures: [FuzzSummary.Failure] = []
        var counts = FuzzSummary.Counts()
        var unsupported: [String: Int] = [:]
        /// Failing scenes recorded per signature slug.
        var recorded: [String: Int] = [:]
        var minimal: [FuzzSummary.Minimal] = []
        /// Signatures whose shrink has started, and how many known ones per invariant and new ones.
        var shrunkSignatures: Set<String> = []
        var knownShrinks: [Invariant: Int] = [:]
        var newShrinks = 0
        /// Scenes to add to the database, by signature slug (as many as it keeps per signature).
        var toRemember: [String: [Scene]] = [:]
        var replayed: [FuzzSummary.Replayed] = []
        var saveFailure: SaveFailure?
        var finished = false
    }

    private let options: FuzzOptions
    private let generator: SceneGenerator
    private let state = Locked(State())
    /// Held while outcomes are taken, so that they are taken in index order.
    private let taking = Locked(())

    /// Creates a run.
    public init(options: FuzzOptions, generator: SceneGenerator = SceneGenerator()) {
        self.options = options
        self.generator = generator
    }

    /// Runs to the scene count, the time budget or a stop request, then writes `summary.json`,
    /// `fuzz-report.md` and `fuzz-report.html` into the output folder.
    /// - Throws: if the output folder cannot be written.
    public func run() throws -> FuzzSummary {
        let files = try FuzzFiles(root: options.output, startingFresh: true)
        let start = Date()
        let progress = options.showsProgress ? Thread { [self] in showProgress(since: start) } : nil
        progress?.start()
        let database = options.database.map(FailureDatabase.init)
        let stored = Locked(database?.entries() ?? [])
        DispatchQueue.concurrentPerform(iterations: max(1, options.jobs)) { slot in
            let worker = WorkerProcess(command: options.workerCommand, errorLog: files.url("workers/worker-\(slot + 1).log"))
            defer { worker.stop() }
            if let database {
                while !isStopping, let entry = stored.withLock({ $0.popLast() }) { replay(entry, from: database, worker: worker) }
            }
            runSlot(worker: worker, files: files, start: start)
        }
        if let database {
            for (slug, scenes) in state.withLock({ $0.toRemember }) {
                for scene in scenes { _ = try? database.save(scene, as: slug) }
            }
        }
        state.withLock { $0.finished = true }
        let summary = state.withLock { state in
            FuzzSummary(
                seed: options.seed, shards: ["\(options.shard)/\(options.shardCount)"], engine: options.engineName,
                replayOptions: options.replayOptions, ranges: state.indices.asRanges, scenesRun: state.indices.count, seconds: Date().timeIntervalSince(start),
                jobs: max(1, options.jobs), interrupted: FuzzStop.isRequested || state.saveFailure != nil, checked: state.checked, failing: state.failing,
                failures: state.failures.sorted { $0.index < $1.index },
                minimal: state.minimal.sorted { ($0.invariant, $0.index) < ($1.invariant, $1.index) },
                replayed: database == nil ? nil : state.replayed.sorted { $0.file < $1.file }, knownSlugs: options.known.slugs,
                counts: state.counts, unsupported: options.skipsUnsupported ? state.unsupported : nil)
        }
        if options.showsProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        try FuzzReport.write(summary, to: files)
        if let failure = state.withLock({ $0.saveFailure }) { throw failure }
        return summary
    }

    /// Whether a stop was requested or a finding could not be saved.
    private var isStopping: Bool { FuzzStop.isRequested || state.withLock { $0.saveFailure != nil } }

    /// The next scene of this shard, by issue number and index, or `nil` when the run is over.
    private func nextIndex(start: Date) -> (issue: Int, index: Int)? {
        if isStopping { return nil }
        if let budget = options.timeBudget, Date().timeIntervalSince(start) >= budget { return nil }
        return state.withLock { state in
            let index = state.issued * options.shardCount + (options.shard - 1)
            if options.timeBudget == nil, let count = options.sceneCount, index >= count { return nil }
            state.issued += 1
            return (state.issued - 1, index)
        }
    }

    /// Checks one stored scene again: kept while it fails, dropped when it passes.
    private func replay(_ entry: FailureDatabase.Entry, from database: FailureDatabase, worker: WorkerProcess) {
        let path = entry.slug + "/" + entry.file.lastPathComponent
        guard let scene = try? SceneFile.load(entry.file.path) else {
            database.remove(entry)
            return
        }
        let (_, violations, _) = evaluate(scene, worker: worker, only: nil)
        let failing = Array(Set(violations.compactMap { $0.signature?.slug })).sorted()
        if failing.isEmpty { database.remove(entry) }
        state.withLock { $0.replayed.append(FuzzSummary.Replayed(file: path, recorded: entry.slug, failing: failing)) }
    }

    private func runSlot(worker: WorkerProcess, files: FuzzFiles, start: Date) {
        while let (issue, index) = nextIndex(start: start) {
            let scene = generator.scene(run: options.seed, index: index)
            let (checked, violations, unsupported) = evaluate(scene, worker: worker, only: nil)
            let jobs = take(Outcome(index: index, scene: scene, checked: checked, violations: violations, unsupported: unsupported),
                            issue: issue, files: files)
            for job in jobs {
                if let minimal = shrink(job.scene, index: job.index, signature: job.signature, worker: worker, files: files) {
                    remember(minimal, as: job.signature.slug, first: true)
                } else {
                    remember(job.scene, as: job.signature.slug)
                }
            }
        }
    }

    /// Files `outcome` under its issue number and takes, in order, every outcome whose lower
    /// indices are all taken; returns the shrinks they call for, for this worker to do.
    private func take(_ outcome: Outcome, issue: Int, files: FuzzFiles) -> [ShrinkJob] {
        taking.withLock { _ in
            let ready = state.withLock { state in
                state.waiting[issue] = outcome
                var ready: [Outcome] = []
                while let next = state.waiting.removeValue(forKey: state.taken) {
                    ready.append(next)
                    state.taken += 1
                }
                return ready
            }
            return ready.flatMap { handle($0, files: files) }
        }
    }

    /// Counts one outcome; records (saves, logs, lists) a failing scene while one of its
    /// signatures has fewer than ``FuzzSummary/recordsPerSignature`` recorded, chooses the
    /// signatures to shrink, and keeps the scene for the database under the others.
    private func handle(_ outcome: Outcome, files: FuzzFiles) -> [ShrinkJob] {
        let (index, scene, checked, violations) = (outcome.index, outcome.scene, outcome.checked, outcome.violations)
        let failed = Array(Set(violations.map(\.invariant))).sorted()
        var jobs: [ShrinkJob] = []
        if !violations.isEmpty {
            let signatures = Array(Set(violations.compactMap(\.signature))).sorted()
            let failure = FuzzSummary.Failure(index: index, violations: Self.condensed(violations), scene: "scenes/\(index).json",
                                              known: !signatures.isEmpty && signatures.allSatisfy(options.known.contains))
            let records = state.withLock { state in
                state.counts.add(failure)
                let records = signatures.contains { state.recorded[$0.slug, default: 0] < FuzzSummary.recordsPerSignature }
                if records { for signature in signatures { state.recorded[signature.slug, default: 0] += 1 } }
                return records
            }
            let isSaved = records && save(failure, scene, to: files)
            state.withLock { state in
                if records { state.failures.append(failure) }
                guard isSaved else { return }
                for signature in signatures where !state.shrunkSignatures.contains(signature.slug) {
                    if options.known.contains(signature) {
                        guard state.knownShrinks[signature.invariant, default: 0] < options.shrinksPerInvariant else { continue }
                        state.knownShrinks[signature.invariant, default: 0] += 1
                    } else {
                        guard state.newShrinks < options.newShrinks else { continue }
                        state.newShrinks += 1
                    }
                    state.shrunkSignatures.insert(signature.slug)
                    jobs.append(ShrinkJob(scene: scene, index: index, signature: signature))
                }
            }
        }
        state.withLock { state in
            state.indices.append(index)
            if let unsupported = outcome.unsupported { state.unsupported[FuzzSummary.featureClass(unsupported), default: 0] += 1 }
            for invariant in Set(checked) { state.checked[invariant.rawValue, default: 0] += 1 }
            for invariant in failed { state.failing[invariant.rawValue, default: 0] += 1 }
        }
        let shrinking = Set(jobs.map(\.signature.slug))
        for slug in Set(violations.compactMap { $0.signature?.slug }).subtracting(shrinking).sorted() { remember(scene, as: slug) }
        return jobs
    }

    /// The first violation of each signature, its detail cut to 300 characters: a scene of thirty
    /// items can break one speed cap thirty times, and the summary keeps every failing scene.
    static func condensed(_ violations: [Violation]) -> [Violation] {
        var seen: Set<String> = [], kept: [Violation] = []
        for violation in violations where seen.insert(violation.signature?.slug ?? violation.invariant.rawValue).inserted {
            var short = violation
            if short.detail.count > 300 { short.detail = String(short.detail.prefix(299)) + "…" }
            kept.append(short)
        }
        return kept
    }

    /// Keeps `scene` for the failure database (when there is one), up to its share per signature;
    /// a minimal scene goes `first`, ahead of the failing scenes kept already.
    private func remember(_ scene: Scene, as slug: String, first: Bool = false) {
        guard options.database != nil else { return }
        state.withLock { state in
            var kept = state.toRemember[slug] ?? []
            guard first || kept.count < FailureDatabase.perSignature else { return }
            if first { kept.insert(scene, at: 0) } else { kept.append(scene) }
            state.toRemember[slug] = Array(kept.prefix(FailureDatabase.perSignature))
        }
    }

    /// Writes a failing scene and its line in the failure log, and returns whether both were
    /// written; an error is recorded, which stops the run.
    private func save(_ failure: FuzzSummary.Failure, _ scene: Scene, to files: FuzzFiles) -> Bool {
        var target = failure.scene
        do {
            try files.write(scene, to: failure.scene)
            target = "failures.jsonl"
            // Sorted keys: the same failure is the same line in every run.
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            try files.appendLine(String(decoding: try encoder.encode(failure), as: UTF8.self), to: target)
            return true
        } catch {
            recordSaveFailure(path: target, index: failure.index, error: error)
            return false
        }
    }

    /// Keeps the first save failure of the run (the one `run()` throws).
    private func recordSaveFailure(path: String, index: Int, error: any Error) {
        let failure = SaveFailure(path: path, seed: options.seed, index: index, reason: error.localizedDescription,
                                  shard: options.shardCount > 1 ? "\(options.shard)/\(options.shardCount)" : nil)
        state.withLock { state in
            if state.saveFailure == nil { state.saveFailure = failure }
        }
    }

    /// Checks a scene in the worker: what was checked and what broke (a crash or a hang is a
    /// violation too, signed here from the scene alone; so is an invalid generated scene, a
    /// generator bug).
    /// A scene the engine cannot express (only in a run that allows it,
    /// ``FuzzOptions/skipsUnsupported``) is checked by nothing and named as skipped.
    private func evaluate(_ scene: Scene, worker: WorkerProcess, only: Invariant?) -> ([Invariant], [Violation], String?) {
        func signed(_ violation: Violation) -> [Violation] {
            var signed = violation
            signed.signature = FailureSignature.of(violation, in: scene, trace: nil)
            return [signed]
        }
        guard let request = try? FuzzRequest(scene: scene, only: only.map { [$0] }) else {
            return ([.runs], signed(Violation(.runs, "the scene could not be encoded")), nil)
        }
        switch worker.evaluate(request, timeout: options.timeout) {
        case .answered(let response):
            if let invalid = response.report.invalid { return ([.runs], signed(Violation(.runs, "invalid scene: \(invalid)")), nil) }
            if let unsupported = response.report.unsupported {
                // This project's engine expresses every scene its generator makes: a refusal
                // there is a failure to run, not a skip.
                guard options.skipsUnsupported else {
                    return ([.runs], signed(Violation(.runs, "not supported by this engine: \(unsupported)")), nil)
                }
                return ([], [], unsupported)
            }
            return (response.report.checked, response.report.violations, nil)
        case .crashed(let reason): return ([.crash], signed(Violation(.crash, reason)), nil)
        case .timedOut(let limit): return ([.hang], signed(Violation(.hang, "no answer within \(limit) s")), nil)
        }
    }

    /// Shrinks a failing scene to a minimal one failing with the same signature, saves it and
    /// its animation, and returns it.
    private func shrink(_ scene: Scene, index: Int, signature: FailureSignature, worker: WorkerProcess, files: FuzzFiles) -> Scene? {
        let invariant = signature.invariant
        let budget = invariant == .hang ? 8 : options.shrinkBudget
        let only: Invariant? = invariant == .crash || invariant == .hang ? nil : invariant
        let (minimal, tries) = SceneShrinker(budget: budget).shrink(scene) { candidate in
            guard !isStopping else { return false }
            return evaluate(candidate, worker: worker, only: only).1.contains { $0.signature?.slug == signature.slug }
        }
        let name = "\(signature.slug)--\(index)"
        do {
            try files.write(minimal, to: "minimal/\(name).json")
        } catch {
            recordSaveFailure(path: "minimal/\(name).json", index: index, error: error)
            return nil
        }
        var detail = "", animation: String?, profile: MeasuredCurve?
        if invariant != .crash && invariant != .hang, let request = try? FuzzRequest(scene: minimal, only: [invariant], wantsAnimation: true),
           case .answered(let response) = worker.evaluate(request, timeout: options.timeout) {
            let shown = response.report.violations.firstIndex { $0.signature?.slug == signature.slug }
            detail = shown.map { response.report.violations[$0].detail } ?? ""
            if let shown, let profiles = response.profiles, shown < profiles.count { profile = profiles[shown] }
            if let svg = response.animation {
                do {
                    try files.write(svg, to: "svg/\(name).svg")
                    animation = "svg/\(name).svg"
                } catch {
                    recordSaveFailure(path: "svg/\(name).svg", index: index, error: error)
                }
            }
        } else {
            detail = evaluate(minimal, worker: worker, only: only).1.first { $0.invariant == invariant }?.detail ?? ""
        }
        let record = FuzzSummary.Minimal(
            invariant: invariant, signature: signature, index: index, detail: detail, scene: "minimal/\(name).json", animation: animation,
            items: minimal.items.count, behaviors: minimal.allBehaviors.count, events: minimal.events.count, shrinkTries: tries,
            profile: profile)
        state.withLock { $0.minimal.append(record) }
        return minimal
    }

    /// Prints the progress line every second (every ten when standard error is not a terminal).
    private func showProgress(since start: Date) {
        let terminal = isatty(STDERR_FILENO) == 1
        var tick = 0
        while !state.withLock({ $0.finished }) {
            Thread.sleep(forTimeInterval: 1)
            tick += 1
            guard terminal || tick % 10 == 0 else { continue }
            let (run, failing, replayed, new) = state.withLock { state in
                (state.indices.count, state.failing, state.replayed.count,
                 state.counts.bySignature.keys.filter { !options.known.slugs.contains($0) }.count)
            }
            let elapsed = Date().timeIntervalSince(start)
            var line = "scenes \(run) (\(String(format: "%.1f", Double(run) / max(elapsed, 1e-9)))/s)"
            if replayed > 0 { line += " | replayed \(replayed)" }
            let counts = failing.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            line += " | failures: " + (counts.isEmpty ? "none" : counts.joined(separator: ", ")) + " | new signatures: \(new)"
            if let budget = options.timeBudget { line += " | \(Int(max(0, budget - elapsed)))s left" }
            else if let count = options.sceneCount { line += " | of \((count + options.shardCount - 1 - (options.shard - 1)) / options.shardCount)" }
            if isStopping { line += " | stopping" }
            FileHandle.standardError.write(Data((terminal ? "\r\u{1b}[K" + line : line + "\n").utf8))
        }
    }
}
