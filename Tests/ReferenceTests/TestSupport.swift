import Reference

/// Shared helpers for the reference tests.
enum TestSupport {
    /// `count` evenly spaced sample times in (0, end].
    static func sampleTimes(upTo end: Double, count: Int) -> [Double] {
        (1...count).map { end * Double($0) / Double(count) }
    }

    /// The largest |a − b| over two equally long arrays, divided by `scale`.
    static func maximumRelativeDeviation(_ a: [Double], _ b: [Double], scale: Double) -> Double {
        zip(a, b).map { abs($0 - $1) }.max().map { $0 / scale } ?? 0
    }

    /// Integrator at the tight tolerances the reference comparisons use (1e-13 absolute and
    /// relative per step), so the ODE error is far below the 1e-9 comparison tolerances.
    static func tightIntegrator(_ method: ODEMethod = .rk8pd) -> ODEIntegrator {
        ODEIntegrator(method: method, absoluteTolerance: 1e-13, relativeTolerance: 1e-13)
    }

    /// The time near `guess` at which the first component of the ODE solution starting from
    /// `initialState` at `start` crosses zero, by Newton's method on the integrated solution
    /// (the second component must be the first's derivative). Independent of any closed form.
    static func zeroCrossing(
        of problem: ODEProblem, initialState: [Double], from start: Double, near guess: Double,
        using integrator: ODEIntegrator = tightIntegrator()
    ) throws -> Double {
        var t = guess
        for _ in 0..<60 {
            let state = try integrator.solve(problem, initialState: initialState, from: start, sampleTimes: [t]).states[0]
            let step = state[0] / state[1]
            t -= step
            if abs(step) <= 1e-15 * abs(t) { break }
        }
        return t
    }
}
