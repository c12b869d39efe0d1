import Dynamics
import Foundation
import MallocInterposerSwift

// Throughput benchmark of the Dynamics engine beside Chipmunk 7 and Box2D v3 on the same scenes
// in the same run.
//
// Usage: DynamicsBench [N...] [--rounds R] [--suite | --scene NAME...] [--steps K] [--only-dynamics]
//                      [--chipmunk-iterations K] [--rigid] [--record FILE --commit HASH --machine NAME]
//
// For each N (default 500 1000 2000) it builds the peers' tumbling pile (SceneLayout.pile) in the
// three engines, and in each of R rounds (default 3) runs this engine, then Chipmunk, then Box2D:
// a 60-frame warm-up, then 600 frames of 1/60 s, each frame timed (and, for this engine, its heap
// allocations counted). Each round's ratios (this engine over each other) are taken within the
// round, so machine drift cancels. After the last round the piles run on to 45 s (the 2000-box
// pile of this engine comes to rest at about 42 s) and 120 more frames give the settled pile's
// cost and largest speed; then the piles are built again with island sleep on (0.5 s below
// 1 pt/s) and the same 120 frames after 45 s give the settled cost with sleep.
// --suite runs Box2D's own benchmark scenes (SceneLayout+Box2DSuite.swift: large_pyramid,
// many_pyramids, joint_grid; --scene NAME picks some) in R rounds the same way: per round and
// engine a fresh world, one untimed step (Box2D's driver leaves the first step out too), then
// the driver's steps less one, timed (--steps K caps them); the cost is their mean (ms per step),
// as Box2D's figures are totals. The last round's worlds give each engine's result: the pyramid
// tops' drop, the pins' gaps, the bodies inside.
// --only-dynamics skips the other engines and the settled phase (for scripts/compare-ref, which
// compares two versions of this engine). --chipmunk-iterations sets Chipmunk's solver iterations
// (default 10, its own default). --rigid runs this engine with ContactSolver.rigid instead of its
// default, the soft step.
// Exits 1 if a body of this engine left its scene's region, a pin of its joint grid came apart by
// more than a metre (20 pt) or a steady-state frame allocated (the settled pile's frames, where
// they run; the timed frames otherwise); 2 if allocations could not be counted (the
// interposer was not preloaded).

func measure(_ scene: any BoxScene, frames: Int, countAllocations: Bool) throws -> (times: [Double], allocations: [Int]) {
    var times: [Double] = [], allocations: [Int] = []
    times.reserveCapacity(frames)
    allocations.reserveCapacity(frames)
    let clock = ContinuousClock()
    for _ in 0..<frames {
        let before = MallocInterposerSwift.getStatistics().mallocCount
        if countAllocations { MallocInterposerSwift.hook() }
        let start = clock.now
        try scene.step()
        let elapsed = clock.now - start
        if countAllocations { MallocInterposerSwift.unhook() }
        let after = MallocInterposerSwift.getStatistics().mallocCount
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        allocations.append(after - before)
    }
    return (times, allocations)
}

/// One engine's figures for one scene.
struct Figures {
    var milliseconds: [Double] = []
    var ratios: [Double] = []
    var outcome: SceneOutcome?
    var settledMilliseconds = Double.nan
    var settledSpeed = Double.nan
    var sleepingMilliseconds = Double.nan
    var allocationsPerFrame = 0.0
    var worstAllocations = 0
    /// The most heap allocations of one settled frame (this engine; nil when not measured).
    var settledWorstAllocations: Int?
}

/// The value of `--name VALUE` in `arguments`, removed from them.
func option(_ name: String, in arguments: inout [String]) -> Int? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let value = Int(arguments[index + 1]) else { return nil }
    arguments.removeSubrange(index...(index + 1))
    return value
}
/// The text after `--name` in `arguments`, removed from them.
func textOption(_ name: String, in arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...(index + 1))
    return value
}

var arguments = Array(CommandLine.arguments.dropFirst())
// --record FILE: each scene's figures are appended to FILE, a row per engine (ResultRow), with
// --commit and --machine naming where they were measured.
let recordFile = textOption("--record", in: &arguments)
let recordCommit = textOption("--commit", in: &arguments) ?? "unknown"
let recordMachine = textOption("--machine", in: &arguments) ?? "unknown"
var recorded: [ResultRow] = []
let rounds = max(1, option("--rounds", in: &arguments) ?? 3)
let stepCap = option("--steps", in: &arguments)
let chipmunkIterations = max(1, option("--chipmunk-iterations", in: &arguments) ?? 10)
var sceneNames: [String] = []
while let name = textOption("--scene", in: &arguments) { sceneNames.append(name) }
if arguments.contains("--suite") { sceneNames = SceneLayout.suiteNames }
let onlyDynamics = arguments.contains("--only-dynamics")
let solver: ContactSolver = arguments.contains("--rigid") ? .rigid : AnimatorConfiguration().contactSolver
arguments.removeAll { $0 == "--only-dynamics" || $0 == "--rigid" || $0 == "--suite" }
// Whatever is left must be N values: a misspelt or removed option (such as --pyramid, which the
// suite's large_pyramid replaced) would otherwise run nothing and exit 0.
if let unknown = arguments.first(where: { Int($0) == nil }) ?? sceneNames.first(where: { SceneLayout.suite($0) == nil }) {
    print("error: unknown argument \(unknown); expected N values and --rounds R, --suite, --scene "
          + SceneLayout.suiteNames.joined(separator: "|") + ", --steps K, --only-dynamics, --chipmunk-iterations K, --rigid")
    exit(2)
}
let counts = arguments.isEmpty && sceneNames.isEmpty ? [500, 1000, 2000] : arguments.compactMap { Int($0) }
let engines: [Engine] = onlyDynamics ? [.dynamics] : Engine.allCases
let baselines = engines.dropFirst()
let warmUp = 60, frames = 600, settleFrames = 2700, settledFrames = 120
MallocInterposerSwift.initialize()
let interposed = ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("MallocInterposer") ?? false
if !interposed {
    print("warning: LD_PRELOAD does not load libMallocInterposerSwift.so; allocation counts will read 0 (use scripts/bench)")
}

/// Runs `layout` in every engine for `rounds` rounds: a fresh world per round and engine,
/// `untimed` steps, then `timed` steps; returns each engine's figures (its cost per round by
/// `cost`, its ratios against this engine within each round) and the last round's worlds.
func interleave(_ layout: SceneLayout, untimed: Int, timed: Int, cost: ([Double]) -> Double) throws -> ([Figures], [any BoxScene]) {
    var figures = [Figures](repeating: Figures(), count: engines.count), last: [any BoxScene] = []
    for _ in 1...rounds {
        last = []
        for (index, engine) in engines.enumerated() {
            let scene = try engine.build(layout, solver: solver, chipmunkIterations: chipmunkIterations)
            for _ in 0..<untimed { try scene.step() }
            let (times, allocations) = try measure(scene, frames: timed, countAllocations: engine == .dynamics)
            figures[index].milliseconds.append(cost(times))
            if engine == .dynamics {
                figures[index].allocationsPerFrame = max(figures[index].allocationsPerFrame, Double(allocations.reduce(0, +)) / Double(timed))
                figures[index].worstAllocations = max(figures[index].worstAllocations, allocations.max() ?? 0)
            }
            last.append(scene)
        }
        for index in figures.indices.dropFirst() {
            figures[index].ratios.append(figures[0].milliseconds.last! / figures[index].milliseconds.last!)
        }
    }
    return (figures, last)
}

/// This engine's failures on `layout`: bodies out of the region, torn pins, allocating steps.
func check(_ figures: Figures, _ layout: SceneLayout, label: String) -> [String] {
    var found: [String] = []
    if let outcome = figures.outcome, outcome.inside != outcome.count {
        found.append("\(label): \(outcome.count - outcome.inside) bodies left the scene")
    }
    if let gap = figures.outcome?.largestGap, !(gap <= SceneLayout.pointsPerMeter) {
        found.append("\(label): a pin came apart by \(gap) pt")
    }
    // The steady state is the settled pile when it was run: while a pile of thousands still
    // packs, its contacts can pass the room kept for them (World.resetContacts) and the arrays
    // grow once to a new high-water mark, which the timed frames then show (and the table
    // reports); a settled frame must not allocate at all. Without the settled phase
    // (--only-dynamics, the suite) the timed frames are the steady state.
    if let settled = figures.settledWorstAllocations {
        if settled > 0 { found.append("\(label): settled steps allocate (worst \(settled) in a frame)") }
    } else if figures.worstAllocations > 0 {
        found.append("\(label): steady-state steps allocate (worst \(figures.worstAllocations))")
    }
    return found
}

/// One value of every engine's figures, for a table cell.
func each(_ figures: [Figures], _ format: String, _ value: (Figures) -> Double) -> String {
    figures.map { String(format: format, value($0)) }.joined(separator: ", ")
}

func names(_ list: [String]) -> String { list.joined(separator: ", ") }
let shortNames = engines.map { String($0.name.prefix(1)) }

var failures: [String] = []
print("")
print("Dynamics solves contacts \(solver == .rigid ? "rigidly (--rigid)" : "by the soft step (its default)"); Chipmunk 7 runs "
      + "\(chipmunkIterations) solver iterations per 1/60 s step\(chipmunkIterations == 10 ? " (its default)" : ""); "
      + "\(Box2DBoxes.engineName) runs 4 sub-steps per step, one worker.")
if !counts.isEmpty {
    print("| N | " + engines.map { "\($0.name) ms/frame" }.joined(separator: " | ") + " | "
          + baselines.map { "Dynamics / \($0.name) (rounds)" }.joined(separator: " | ")
          + " | boxes inside (\(names(shortNames))) | settled ms/frame | largest speed at 47 s, pt/s | settled with sleep ms/frame "
          + "| allocations/frame (mean, worst) |")
    print("|---:|" + String(repeating: "---:|", count: engines.count + baselines.count + 5))
}
for count in counts {
    let layout = SceneLayout.pile(count: count)
    var (figures, scenes) = try interleave(layout, untimed: warmUp, timed: frames, cost: median)
    for index in figures.indices {
        figures[index].outcome = SceneOutcome(layout, scenes[index].poses)
    }
    if !onlyDynamics {
        for (index, scene) in scenes.enumerated() {
            for _ in (warmUp + frames)..<settleFrames { try scene.step() }
            let settled = try measure(scene, frames: settledFrames, countAllocations: index == 0)
            figures[index].settledMilliseconds = median(settled.times)
            if index == 0 { figures[index].settledWorstAllocations = settled.allocations.max() ?? 0 }
            (figures[index].settledSpeed, figures[index].outcome) = (scene.largestSpeed, SceneOutcome(layout, scene.poses))
        }
        scenes = []
        for (index, engine) in engines.enumerated() {
            let scene = try engine.build(layout, solver: solver, chipmunkIterations: chipmunkIterations, sleeps: true)
            for _ in 0..<settleFrames { try scene.step() }
            figures[index].sleepingMilliseconds = median(try measure(scene, frames: settledFrames, countAllocations: false).times)
        }
    }
    print("| \(count) | " + figures.map { String(format: "%.3f", median($0.milliseconds)) }.joined(separator: " | ") + " | "
          + figures.dropFirst().map { ratioText($0.ratios) }.joined(separator: " | ")
          + " | " + figures.map { "\($0.outcome?.inside ?? 0)" }.joined(separator: ", ")
          + " | " + each(figures, "%.3f", \.settledMilliseconds) + " | " + each(figures, "%.3g", \.settledSpeed) + " | "
          + each(figures, "%.3f", \.sleepingMilliseconds)
          + String(format: " | %.2f, %d |", figures[0].allocationsPerFrame, figures[0].worstAllocations))
    for (engine, figure) in zip(engines, figures) {
        let speed = figure.settledSpeed.isNaN ? "" : String(format: "; largest speed at 47 s %.3g pt/s", figure.settledSpeed)
        recorded.append(ResultRow(scene: layout.name, size: count, engine: engine.name, rounds: rounds, steps: frames,
                                  milliseconds: median(figure.milliseconds), ratios: figure.ratios,
                                  result: (figure.outcome?.text(box: 20) ?? "") + speed))
    }
    failures += check(figures[0], layout, label: "N = \(count)")
}
if !counts.isEmpty {
    print("")
    print("Median frame time over \(rounds) rounds of \(frames) frames after a \(warmUp)-frame warm-up; each round runs")
    print(names(engines.map(\.name)) + " in turn, and its ratios are taken within the round. Settled: frames \(settleFrames)–\(settleFrames + settledFrames).")
}

if !sceneNames.isEmpty {
    var results: [String] = []
    print("")
    print("| Box2D scene | bodies | steps | " + engines.map { "\($0.name) ms/step" }.joined(separator: " | ") + " | "
          + baselines.map { "Dynamics / \($0.name) (rounds)" }.joined(separator: " | ") + " | allocations/step (mean, worst) |")
    print("|---|---:|---:|" + String(repeating: "---:|", count: engines.count + baselines.count + 1))
    for name in sceneNames {
        let (layout, driverSteps) = SceneLayout.suite(name)!
        let steps = min(driverSteps, stepCap ?? driverSteps)
        var (figures, scenes) = try interleave(layout, untimed: 1, timed: steps - 1, cost: mean)
        for index in figures.indices { figures[index].outcome = SceneOutcome(layout, scenes[index].poses) }
        print("| \(name) | \(layout.poses.count) | \(steps) | " + figures.map { String(format: "%.3f", median($0.milliseconds)) }.joined(separator: " | ")
              + " | " + figures.dropFirst().map { ratioText($0.ratios) }.joined(separator: " | ")
              + String(format: " | %.2f, %d |", figures[0].allocationsPerFrame, figures[0].worstAllocations))
        for (engine, figure) in zip(engines, figures) {
            let text = figure.outcome?.text(box: SceneLayout.pointsPerMeter) ?? ""
            results.append("| \(name) | \(engine.name) | \(text) |")
            recorded.append(ResultRow(scene: name, size: layout.poses.count, engine: engine.name, rounds: rounds, steps: steps - 1,
                                      milliseconds: median(figure.milliseconds), ratios: figure.ratios, result: text))
        }
        failures += check(figures[0], layout, label: name)
    }
    print("")
    print("Mean step time of steps 2…\(stepCap.map { "min(\($0), the driver's)" } ?? "the driver's") of a fresh world, median over \(rounds) rounds;")
    print("20 pt = 1 m, gravity 200 pt/s² (10 m/s²), 4 sub-steps per 1/60 s step in Dynamics and Box2D, one step in Chipmunk.")
    print("")
    print("| Box2D scene | engine | after the last step |")
    print("|---|---|---|")
    for line in results { print(line) }
}

if let recordFile, !recorded.isEmpty {
    do {
        try ResultRow.append(recorded, to: recordFile, commit: recordCommit, machine: recordMachine)
        print("recorded \(recorded.count) rows in \(recordFile)")
    } catch {
        failures.append("cannot record the figures in \(recordFile): \(error.localizedDescription)")
    }
}

for failure in failures { print("FAIL \(failure)") }
if !interposed { print("FAIL allocations were not counted (run through scripts/bench)") }
exit(!failures.isEmpty ? 1 : (interposed ? 0 : 2))
