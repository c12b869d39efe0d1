import DynamicsAdapter
import Foundation
import Harness

/// The longest simulated time one input may ask for (seconds): long enough for every event kind
/// and several bounces, short enough that libFuzzer runs thousands of inputs a minute with every
/// invariant checked (a scene runs two to four times).
let maximumDuration = 0.25
/// The most items, behaviors and sub-steps one input may ask for, for the same reason.
let maximumItems = 32
let maximumBehaviors = 64
let maximumSubsteps = 2_000.0

/// The checker: the fuzz workers' own, every invariant on the engine's sub-steps.
let checker = PropertyChecker(engine: DynamicsEngine(recordsSubsteps: true), alternatesTreeVariants: true)
/// Signatures known to be open (`FUZZ_KNOWN`, default `Golden/fuzz/open`).
/// A list that cannot be read stops the run at its first input, naming the line: read as empty,
/// it would report every known failure as new.
let known: KnownFailures = {
    do {
        return try KnownFailures.load(from: URL(fileURLWithPath: ProcessInfo.processInfo.environment["FUZZ_KNOWN"] ?? "Golden/fuzz/open"))
    } catch {
        fatalError("the known-failure list cannot be read: \(error)")
    }
}()
/// Where a scene failing with a signature not seen before is written (`FUZZ_FINDINGS`).
let findings = ProcessInfo.processInfo.environment["FUZZ_FINDINGS"].map { URL(fileURLWithPath: $0) }
/// Whether a new signature inside the operating envelope stops the run as a finding
/// (`FUZZ_STRICT=1`, the nightly's choice) rather than only being written down.
let strict = ProcessInfo.processInfo.environment["FUZZ_STRICT"] == "1"
/// Signatures this process has seen (each written once).
nonisolated(unsafe) var seen: Set<String> = []

/// libFuzzer's entry point: arbitrary bytes go to the scene decoder; a scene that decodes and
/// validates is run on the engine and judged by every invariant (duration and size capped),
/// under AddressSanitizer. A typed error is the right answer to bad input. A trap, a crash, a
/// hang or a memory error is a finding libFuzzer saves; so is a non-finite state or a scene
/// the engine refuses, which no engine may give. A failure of another invariant is written down
/// under its signature, and with `FUZZ_STRICT=1` one inside the envelope with a signature not on
/// the known list stops the run too.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard var scene = try? Scene.decode(from: data), scene.problems().isEmpty else { return 0 }
    guard scene.items.count <= maximumItems, scene.allBehaviors.count <= maximumBehaviors else { return 0 }
    // Shortened, the scene keeps only the events within its new length, and must still be valid.
    scene.timing.duration = min(scene.timing.duration, maximumDuration)
    scene.events.removeAll { $0.time > scene.timing.duration }
    guard scene.problems().isEmpty, scene.timing.duration / scene.timing.substep <= maximumSubsteps else { return 0 }
    let report = checker.check(scene)
    for violation in report.violations {
        guard let signature = violation.signature, !known.contains(signature), seen.insert(signature.slug).inserted else { continue }
        if let findings, let file = try? scene.jsonData() {
            try? FileManager.default.createDirectory(at: findings, withIntermediateDirectories: true)
            try? file.write(to: findings.appendingPathComponent("\(signature.slug)--\(seen.count).json"), options: .atomic)
        }
        let always: Set<Invariant> = [.finite, .runs]
        if always.contains(signature.invariant) || (strict && signature.insideEnvelope) {
            fatalError("new failure \(signature.slug): \(violation.detail)")
        }
    }
    return 0
}
