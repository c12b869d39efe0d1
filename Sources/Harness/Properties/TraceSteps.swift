/// A trace as a sequence of states one physics step apart: after every sub-step when the engine
/// reports them (``TraceSample/substepStates``), else after every recorded sample. The checks of
/// motion follow these steps, within which an engine moves every body in a straight line.
struct TraceSteps {
    /// Every item's state after each step, the first being the trace's first sample.
    let states: [[ItemState]]
    /// The time at the end of each step (seconds): a sub-step's end counted back from its sample.
    let times: [Double]
    /// Each step's length (seconds); the first entry, for the first state, is 0.
    let lengths: [Double]
    /// Whether the steps are the engine's sub-steps (otherwise recorded samples).
    let areSubsteps: Bool

    init(_ trace: Trace) {
        var states: [[ItemState]] = [], times: [Double] = [], lengths: [Double] = []
        let substep = trace.substep
        let areSubsteps = substep != nil && trace.samples.dropFirst().allSatisfy { $0.substepStates != nil }
        for (index, sample) in trace.samples.enumerated() {
            if index == 0 {
                states.append(sample.states)
                times.append(sample.time)
                lengths.append(0)
                continue
            }
            if areSubsteps, let substep, let perItem = sample.substepStates {
                let count = perItem.map(\.count).min() ?? 0
                for step in 0..<count {
                    states.append(perItem.map { $0[step] })
                    times.append(sample.time - Double(count - 1 - step) * substep)
                    lengths.append(substep)
                }
            } else {
                states.append(sample.states)
                times.append(sample.time)
                lengths.append(sample.time - trace.samples[index - 1].time)
            }
        }
        self.states = states
        self.times = times
        self.lengths = lengths
        self.areSubsteps = areSubsteps
    }
}
