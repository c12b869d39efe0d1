import Foundation
import MallocInterposerSwift

/// Throughput benchmark of the Dynamics engine (issue: collisions). For each N it runs a 60-frame
/// warm-up, then 600 frames of 1/60 s, timing each frame and counting heap allocations inside
/// each frame, and reports the median frame time, body-steps per second, the boxes still inside
/// the container, and allocations per steady-state frame. The same N boxes in free fall without
/// collisions are measured in the same run as the baseline, so the ratio column compares
/// machines and engine versions fairly. Exits 1 if a box escaped or a frame allocated, 2 if
/// allocations could not be counted (the interposer was not preloaded).
struct Row {
    var count: Int
    var medianMilliseconds: Double
    var baselineMilliseconds: Double
    var bodyStepsPerSecond: Double
    var inside: Int
    var allocationsPerFrame: Double
    var worstAllocations: Int
}

func measure(_ pile: BoxPile, frames: Int, countAllocations: Bool) throws -> (times: [Double], allocations: [Int]) {
    var times: [Double] = [], allocations: [Int] = []
    times.reserveCapacity(frames)
    allocations.reserveCapacity(frames)
    let clock = ContinuousClock()
    for _ in 0..<frames {
        let before = MallocInterposerSwift.getStatistics().mallocCount
        if countAllocations { MallocInterposerSwift.hook() }
        let start = clock.now
        try pile.step()
        let elapsed = clock.now - start
        if countAllocations { MallocInterposerSwift.unhook() }
        let after = MallocInterposerSwift.getStatistics().mallocCount
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        allocations.append(after - before)
    }
    return (times, allocations)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

let arguments = CommandLine.arguments.dropFirst()
let counts = arguments.isEmpty ? [100, 500, 1000, 2000] : arguments.compactMap { Int($0) }
let warmUp = 60, frames = 600, substepsPerFrame = 2.0
MallocInterposerSwift.initialize()
let interposed = ProcessInfo.processInfo.environment["LD_PRELOAD"]?.contains("MallocInterposer") ?? false
if !interposed {
    print("warning: LD_PRELOAD does not load libMallocInterposerSwift.so; allocation counts will read 0 (use scripts/bench)")
}

var rows: [Row] = []
for count in counts {
    let pile = try BoxPile(count: count)
    for _ in 0..<warmUp { try pile.step() }
    let (times, allocations) = try measure(pile, frames: frames, countAllocations: true)
    let baseline = try BoxPile(count: count, colliding: false)
    for _ in 0..<warmUp { try baseline.step() }
    let (baselineTimes, _) = try measure(baseline, frames: frames, countAllocations: false)
    let medianTime = median(times)
    rows.append(Row(count: count, medianMilliseconds: medianTime, baselineMilliseconds: median(baselineTimes),
                    bodyStepsPerSecond: Double(count) * substepsPerFrame / (medianTime / 1000),
                    inside: pile.boxesInside,
                    allocationsPerFrame: Double(allocations.reduce(0, +)) / Double(frames),
                    worstAllocations: allocations.max() ?? 0))
}

print("")
print("| N | median ms/frame | body-steps/s | vs free fall (same N, same run) | boxes inside | allocations/frame (mean, worst) |")
print("|---:|---:|---:|---:|---:|---:|")
for row in rows {
    print(String(format: "| %d | %.3f | %.3e | %.1f× | %d/%d | %.2f, %d |", row.count, row.medianMilliseconds,
                 row.bodyStepsPerSecond, row.medianMilliseconds / row.baselineMilliseconds, row.inside, row.count,
                 row.allocationsPerFrame, row.worstAllocations))
}
let escaped = rows.filter { $0.inside != $0.count }
let allocating = rows.filter { $0.worstAllocations > 0 }
for row in escaped { print("FAIL N = \(row.count): \(row.count - row.inside) boxes left the container") }
for row in allocating { print("FAIL N = \(row.count): steady-state frames allocate (worst \(row.worstAllocations))") }
if !interposed { print("FAIL allocations were not counted (run through scripts/bench)") }
exit(!escaped.isEmpty || !allocating.isEmpty ? 1 : (interposed ? 0 : 2))
