
/// An engine that counts what its runs cost: it runs each scene on `base` and adds the CPU time
/// of the run and the simulated time of the scene to an account shared by its copies. A sweep
/// point gets a fresh one, so reference computations around the runs are not counted.
struct MeteredEngine: SimulationEngine {
    /// The engine that does the work.
    let base: any SimulationEngine
    private let account = Account()

    /// Wraps `base` with an empty account.
    init(_ base: any SimulationEngine) {
        self.base = base
    }

    var name: String { base.name }
    var settings: [String: String] { base.settings }
    var integrator: IntegrationScheme { base.integrator }

    func run(_ scene: Scene) throws -> Trace {
        let (trace, seconds) = try CPUClock.measure { try base.run(scene) }
        account.add(cpuSeconds: seconds, simulatedSeconds: scene.timing.duration)
        return trace
    }

    /// CPU seconds of the runs so far per simulated second (NaN before any run).
    var cpuSecondsPerSimulatedSecond: Double { account.ratio }

    /// The running totals (s), behind a lock so that the wrapper stays `Sendable`.
    private final class Account: Sendable {
        private let totals = Locked((cpu: 0.0, simulated: 0.0))

        func add(cpuSeconds: Double, simulatedSeconds: Double) {
            totals.withLock { $0 = ($0.cpu + cpuSeconds, $0.simulated + simulatedSeconds) }
        }

        var ratio: Double {
            totals.withLock { $0.simulated > 0 ? $0.cpu / $0.simulated : .nan }
        }
    }
}
