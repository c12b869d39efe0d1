import Foundation
import Testing
import Reference

@Suite("DampedOscillator: x'' + 2ζωx' + ω²x = 0")
struct DampedOscillatorTests {
    static let frequencies = [0.5, 1, 2, 4]
    static let ratios = [0, 0.1, 0.5, 1, 2]
    static let cases = frequencies.flatMap { f in ratios.map { (f, $0) } }
    let x0 = 10.0, v0 = 30.0

    enum Method: String, CaseIterable, Sendable { case rk8pd, msbdf, bsimp }

    static func problem(omega: Double, zeta: Double) -> ODEProblem {
        ODEProblem(dimension: 2) { _, y, dydt in
            dydt[0] = y[1]
            dydt[1] = -omega * omega * y[0] - 2 * zeta * omega * y[1]
        }
    }

    static func method(_ method: Method, omega: Double, zeta: Double) -> ODEMethod {
        let jacobian = ODEJacobian { _, _, dfdy, dfdt in
            dfdy[0] = 0
            dfdy[1] = 1
            dfdy[2] = -omega * omega
            dfdy[3] = -2 * zeta * omega
            dfdt[0] = 0
            dfdt[1] = 0
        }
        return switch method {
        case .rk8pd: .rk8pd
        case .msbdf: .msbdf(jacobian: jacobian)
        case .bsimp: .bsimp(jacobian: jacobian)
        }
    }

    func compare(_ oscillator: DampedOscillator, method: Method) throws {
        let omega = oscillator.angularFrequency, zeta = oscillator.dampingRatio
        let times = TestSupport.sampleTimes(upTo: 5, count: 100)
        // msbdf (order ≤ 5) accumulates ~2e-9 phase error over 20 undamped cycles at 1e-13 per
        // step, so it gets 1e-14 to stay a meaningful 1e-9 check; the others use 1e-13.
        let tolerance = method == .msbdf ? 1e-14 : 1e-13
        let integrator = ODEIntegrator(method: Self.method(method, omega: omega, zeta: zeta),
                                       absoluteTolerance: tolerance, relativeTolerance: tolerance)
        let states = try integrator.solve(Self.problem(omega: omega, zeta: zeta), initialState: [x0, v0],
                                          from: 0, sampleTimes: times).states
        // Relative to the initial amplitude √(x0² + (v0/ω)²) (and ω times it for velocity): the
        // solution decays, so pointwise relative error is meaningless. 1e-9 is the harness's
        // reference accuracy; measured deviations are ≤ 1e-11 (rk8pd, bsimp) and
        // ≤ 3e-10 (msbdf, undamped 4 Hz), so the check has margin yet catches formula errors.
        let amplitude = (x0 * x0 + (v0 / omega) * (v0 / omega)).squareRoot()
        #expect(TestSupport.maximumRelativeDeviation(times.map(oscillator.displacement), states.map { $0[0] }, scale: amplitude) <= 1e-9)
        #expect(TestSupport.maximumRelativeDeviation(times.map(oscillator.velocity), states.map { $0[1] }, scale: omega * amplitude) <= 1e-9)
    }

    @Test("closed form matches GSL over 5 s", arguments: cases, Method.allCases)
    func matchesODE(parameters: (Double, Double), method: Method) throws {
        let oscillator = try DampedOscillator(
            naturalFrequency: parameters.0, dampingRatio: parameters.1, initialDisplacement: x0, initialVelocity: v0)
        try compare(oscillator, method: method)
    }

    @Test("damping ratios just off critical match GSL", arguments: [1 - 1e-6, 1 - 1e-9, 1 + 1e-9, 1 + 1e-6])
    func nearCritical(zeta: Double) throws {
        try compare(DampedOscillator(naturalFrequency: 1, dampingRatio: zeta, initialDisplacement: x0, initialVelocity: v0), method: .rk8pd)
    }

    @Test("the solution is continuous in ζ across critical damping")
    func continuityAtCritical() throws {
        let critical = try DampedOscillator(naturalFrequency: 2, dampingRatio: 1, initialDisplacement: x0, initialVelocity: v0)
        for zeta in [1 - 1e-12, 1 + 1e-12] {
            let nearby = try DampedOscillator(naturalFrequency: 2, dampingRatio: zeta, initialDisplacement: x0, initialVelocity: v0)
            for t in TestSupport.sampleTimes(upTo: 5, count: 50) {
                // The true change for δζ = 1e-12 is ~1e-12 of the amplitude; cancellation in
                // a naive under/over-damped formula would give ~1e-4. 1e-9 separates the two.
                #expect(abs(nearby.displacement(at: t) - critical.displacement(at: t)) <= 1e-9 * x0)
                #expect(abs(nearby.velocity(at: t) - critical.velocity(at: t)) <= 1e-9 * critical.angularFrequency * x0)
            }
        }
    }

    @Test("energy never increases with damping and is constant without", arguments: cases)
    func energy(parameters: (Double, Double)) throws {
        let oscillator = try DampedOscillator(
            naturalFrequency: parameters.0, dampingRatio: parameters.1, initialDisplacement: x0, initialVelocity: v0)
        let energies = TestSupport.sampleTimes(upTo: 5, count: 5000).map(oscillator.energy)
        let initial = oscillator.energy(at: 0)
        #expect(abs(initial - 0.5 * (v0 * v0 + pow(oscillator.angularFrequency * x0, 2))) <= 1e-15 * initial)
        if parameters.1 == 0 {
            // Only rounding of sin/cos at arguments up to ~125 rad: 1e-13 relative.
            #expect(energies.allSatisfy { abs($0 - initial) <= 1e-13 * initial })
        } else {
            // dE/dt = −2ζωv² ≤ 0; allow rounding (1e-13 of the initial energy) where v ≈ 0.
            #expect(zip(energies.dropFirst(), energies).allSatisfy { $0 <= $1 + 1e-13 * initial })
            #expect(energies.last! < initial)
        }
    }

    @Test("the damped period is a true period of the oscillation up to decay")
    func period() throws {
        let oscillator = try DampedOscillator(naturalFrequency: 2, dampingRatio: 0.1, initialDisplacement: x0, initialVelocity: v0)
        let period = try #require(oscillator.period)
        let decay = exp(-0.1 * oscillator.angularFrequency * period)
        for t in [0.1, 0.37, 1.2] {
            // e^(−ζωT) is exact for the period of the damped sinusoid; rounding only (1e-12).
            #expect(abs(oscillator.displacement(at: t + period) - decay * oscillator.displacement(at: t)) <= 1e-12 * x0)
        }
        #expect(try DampedOscillator(naturalFrequency: 2, dampingRatio: 1, initialDisplacement: 1, initialVelocity: 0).period == nil)
        #expect(try DampedOscillator(naturalFrequency: 2, dampingRatio: 3, initialDisplacement: 1, initialVelocity: 0).period == nil)
    }

    @Test("invalid parameters are rejected")
    func invalidParameters() {
        #expect(throws: ReferenceError.self) {
            try DampedOscillator(naturalFrequency: 0, dampingRatio: 0.5, initialDisplacement: 1, initialVelocity: 0)
        }
        #expect(throws: ReferenceError.self) {
            try DampedOscillator(naturalFrequency: 1, dampingRatio: -0.1, initialDisplacement: 1, initialVelocity: 0)
        }
        #expect(throws: ReferenceError.nonFiniteInput(name: "initialVelocity")) {
            try DampedOscillator(naturalFrequency: 1, dampingRatio: 0.1, initialDisplacement: 1, initialVelocity: .nan)
        }
    }
}
