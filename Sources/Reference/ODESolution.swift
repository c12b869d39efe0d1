/// The states of an ODE solution at the requested sample times.
public struct ODESolution: Sendable {
    /// The sample times (s), as requested.
    public let times: [Double]
    /// `states[i]` is the state at `times[i]` (units of the problem's state).
    public let states: [[Double]]
    /// What the integration cost.
    public let statistics: ODEStatistics

    /// Creates a solution from sample times (s), the states there, and the work counters.
    public init(times: [Double], states: [[Double]], statistics: ODEStatistics) {
        self.times = times
        self.states = states
        self.statistics = statistics
    }
}
