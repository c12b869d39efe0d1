import Foundation
import Harness

/// A fuzz worker that misbehaves by scene index, for testing worker isolation: scene index ≡ 3
/// (mod 10) traps, ≡ 7 (mod 10) spins for good, as an engine caught in an endless loop does
/// (the time limit counts the worker's processor time); every other scene is answered at once
/// as passing, without running an engine. With `--refuse-fives`, scene index ≡ 5 (mod 10) is
/// answered as one the engine cannot express.
let refusesFives = CommandLine.arguments.contains("--refuse-fives")
FuzzWorker.serve { request in
    let scene = try? Scene.decode(from: Data(request.scene.utf8))
    let parts = scene?.name.split(separator: "-") ?? []
    if parts.count >= 3, let index = Int(parts[2]) {
        if refusesFives && index % 10 == 5 {
            return FuzzResponse(report: PropertyReport(checked: [], violations: [], unsupported: "faulty: snap behaviors (at behaviors[\(index)])"))
        }
        if index % 10 == 3 { fatalError("deliberate trap in scene \(index)") }
        if index % 10 == 7 {
            var spin = UInt64(index)
            while true { spin = spin &* 6364136223846793005 &+ 1442695040888963407; if spin == 0 { print(spin) } }
        }
    }
    return FuzzResponse(report: PropertyReport(checked: [.runs], violations: []))
}
