import Foundation
import Harness

/// A fuzz worker that misbehaves by scene index, for testing worker isolation: scene index ≡ 3
/// (mod 10) traps, ≡ 7 (mod 10) hangs for good; every other scene is answered at once as
/// passing, without running an engine, so that no healthy answer comes near the time limit
/// however loaded the machine is.
FuzzWorker.serve { request in
    let scene = try? Scene.decode(from: Data(request.scene.utf8))
    let parts = scene?.name.split(separator: "-") ?? []
    if parts.count >= 3, let index = Int(parts[2]) {
        if index % 10 == 3 { fatalError("deliberate trap in scene \(index)") }
        if index % 10 == 7 { while true { sleep(60) } }
    }
    return FuzzResponse(report: PropertyReport(checked: [.runs], violations: []))
}
