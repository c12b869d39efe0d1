import DynamicsAdapter
import Foundation
import Harness

/// A fuzz worker whose engine misbehaves by scene index, for testing worker isolation: scene
/// index ≡ 3 (mod 10) traps, ≡ 7 (mod 10) hangs; the others run on the real engine.
struct TrappingOrHangingEngine: SimulationEngine {
    var name: String { "trapping-or-hanging" }
    var settings: [String: String] { [:] }
    var integrator: IntegrationScheme { .exact }

    func run(_ scene: Scene) throws -> Trace {
        let parts = scene.name.split(separator: "-")
        if parts.count >= 3, let index = Int(parts[2]) {
            if index % 10 == 3 { fatalError("deliberate trap in scene \(index)") }
            if index % 10 == 7 { while true { sleep(1) } }
        }
        return try DynamicsEngine().run(scene)
    }
}

FuzzWorker.serve(checker: PropertyChecker(engine: TrappingOrHangingEngine()))
