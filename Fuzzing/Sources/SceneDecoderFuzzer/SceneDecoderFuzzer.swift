import DynamicsAdapter
import Foundation
import Harness

/// The longest simulated time one input may ask for (seconds): long enough for every event kind
/// and several bounces, short enough that libFuzzer runs thousands of inputs a minute.
let maximumDuration = 0.25
/// The most items, behaviors and sub-steps one input may ask for, for the same reason.
let maximumItems = 64
let maximumBehaviors = 64
let maximumSubsteps = 10_000.0

/// libFuzzer's entry point: arbitrary bytes go to the scene decoder; a scene that decodes and
/// validates is run on the engine (duration and size capped). A typed error is the right answer
/// to bad input; a trap, crash or hang is a finding (libFuzzer saves the input that caused it).
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    guard var scene = try? Scene.decode(from: data), scene.problems().isEmpty else { return 0 }
    guard scene.items.count <= maximumItems, scene.allBehaviors.count <= maximumBehaviors else { return 0 }
    scene.timing.duration = min(scene.timing.duration, maximumDuration)
    guard scene.timing.duration / scene.timing.substep <= maximumSubsteps else { return 0 }
    _ = try? Simulation.run(scene, on: DynamicsEngine())
    return 0
}
