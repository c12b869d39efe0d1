import Foundation
import Testing
@testable import Reference

@Suite("ODEIntegrator: GSL odeiv2 wrapper")
struct ODEIntegratorTests {
    /// y' = −y, y(0) = 1: exact y = e^(−t).
    let decay = ODEProblem(dimension: 1) { _, y, dydt in dydt[0] = -y[0] }
    let decayJacobian = ODEJacobian { _, _, dfdy, dfdt in
        dfdy[0] = -1
        dfdt[0] = 0
    }
    struct Boom: Error {}

    @Test("every method reproduces exponential decay", arguments: ["rk8pd", "rkf45", "msbdf", "bsimp"])
    func exponentialDecay(method name: String) throws {
        let method: ODEMethod = switch name {
        case "rk8pd": .rk8pd
        case "rkf45": .rkf45
        case "msbdf": .msbdf(jacobian: decayJacobian)
        default: .bsimp(jacobian: decayJacobian)
        }
        let times = TestSupport.sampleTimes(upTo: 3, count: 30)
        let solution = try ODEIntegrator(method: method).solve(decay, initialState: [1], from: 0, sampleTimes: times)
        #expect(solution.times == times)
        // Per-step tolerances are 1e-12; the global error over 3 s stays well below 1e-9 for
        // every method (measured: msbdf 1.5e-10, rkf45 4e-13, rk8pd and bsimp ~1e-15).
        #expect(TestSupport.maximumRelativeDeviation(solution.states.map { $0[0] }, times.map { exp(-$0) }, scale: 1) < 1e-9)
        #expect(solution.statistics.steps > 0)
        #expect(solution.statistics.functionEvaluations > solution.statistics.steps)
        if name == "msbdf" || name == "bsimp" { #expect(solution.statistics.jacobianEvaluations > 0) }
    }

    @Test("sample times equal to the start or repeated return the state unchanged")
    func repeatedSampleTimes() throws {
        let solution = try ODEIntegrator(method: .rk8pd).solve(decay, initialState: [2], from: 1, sampleTimes: [1, 1, 2, 2])
        #expect(solution.states[0] == [2] && solution.states[1] == [2])
        #expect(solution.states[2] == solution.states[3])
    }

    @Test("a sample time before the start is rejected")
    func sampleBeforeStart() {
        #expect(throws: ReferenceError.sampleTimeBeforeStart(sampleTime: 0.5, startTime: 1)) {
            try ODEIntegrator(method: .rk8pd).solve(decay, initialState: [1], from: 1, sampleTimes: [2, 0.5])
        }
    }

    @Test("decreasing sample times are rejected")
    func nonMonotonic() {
        #expect(throws: ReferenceError.nonMonotonicSampleTimes(index: 2)) {
            try ODEIntegrator(method: .rk8pd).solve(decay, initialState: [1], from: 0, sampleTimes: [1, 2, 1.5])
        }
    }

    @Test("an initial state of the wrong length is rejected")
    func dimensionMismatch() {
        #expect(throws: ReferenceError.dimensionMismatch(expected: 1, actual: 2)) {
            try ODEIntegrator(method: .rk8pd).solve(decay, initialState: [1, 2], from: 0, sampleTimes: [1])
        }
    }

    @Test("non-finite inputs are rejected before GSL sees them")
    func nonFiniteInputs() {
        let integrator = ODEIntegrator(method: .rk8pd)
        #expect(throws: ReferenceError.nonFiniteInput(name: "initialState[0]")) {
            try integrator.solve(decay, initialState: [.nan], from: 0, sampleTimes: [1])
        }
        #expect(throws: ReferenceError.nonFiniteInput(name: "startTime")) {
            try integrator.solve(decay, initialState: [1], from: -.infinity, sampleTimes: [1])
        }
        #expect(throws: ReferenceError.nonFiniteInput(name: "sampleTimes[1]")) {
            try integrator.solve(decay, initialState: [1], from: 0, sampleTimes: [1, .infinity])
        }
    }

    @Test("invalid integrator settings are rejected")
    func invalidSettings() {
        let cases: [ODEIntegrator] = [
            ODEIntegrator(method: .rk8pd, absoluteTolerance: -1),
            ODEIntegrator(method: .rk8pd, absoluteTolerance: 0, relativeTolerance: 0),
            ODEIntegrator(method: .rk8pd, initialStep: 0),
            ODEIntegrator(method: .rk8pd, initialStep: .nan),
            ODEIntegrator(method: .rk8pd, maximumStepsPerSample: 0),
        ]
        for integrator in cases {
            #expect(throws: ReferenceError.self) {
                try integrator.solve(decay, initialState: [1], from: 0, sampleTimes: [1])
            }
        }
        #expect(throws: ReferenceError.invalidParameter(name: "dimension", value: 0, requirement: "≥ 1")) {
            try ODEIntegrator(method: .rk8pd).solve(ODEProblem(dimension: 0) { _, _, _ in }, initialState: [], from: 0, sampleTimes: [1])
        }
    }

    @Test("a GSL status (too many steps) surfaces as gslFailure")
    func gslStatus() throws {
        let integrator = ODEIntegrator(method: .rk8pd, maximumStepsPerSample: 3)
        let error = #expect(throws: ReferenceError.self) {
            try integrator.solve(decay, initialState: [1], from: 0, sampleTimes: [100])
        }
        guard case .gslFailure(let status, let message, let time) = error else {
            Issue.record("expected gslFailure, got \(String(describing: error))")
            return
        }
        #expect(status == 11)  // GSL_EMAXITER in gsl_errno.h
        #expect(message == "exceeded max number of iterations")
        #expect(time > 0 && time < 100)
    }

    @Test("a right-hand side that throws surfaces as rightHandSideThrew")
    func throwingRightHandSide() {
        let problem = ODEProblem(dimension: 1) { t, _, dydt in
            if t > 0.5 { throw Boom() }
            dydt[0] = 1
        }
        let error = #expect(throws: ReferenceError.self) {
            try ODEIntegrator(method: .rk8pd).solve(problem, initialState: [0], from: 0, sampleTimes: [1])
        }
        guard case .rightHandSideThrew(let time, let message) = error else {
            Issue.record("expected rightHandSideThrew, got \(String(describing: error))")
            return
        }
        #expect(time > 0.5 && time <= 1)
        #expect(message.contains("Boom"))
    }

    @Test("a right-hand side returning NaN is an error, not a silent NaN", arguments: ["rk8pd", "bsimp"])
    func nanRightHandSide(method name: String) {
        let problem = ODEProblem(dimension: 1) { t, y, dydt in dydt[0] = t > 0.25 ? .nan : y[0] }
        let method: ODEMethod = name == "rk8pd" ? .rk8pd : .bsimp(jacobian: ODEJacobian { _, _, dfdy, dfdt in
            dfdy[0] = 1
            dfdt[0] = 0
        })
        let error = #expect(throws: ReferenceError.self) {
            try ODEIntegrator(method: method).solve(problem, initialState: [1], from: 0, sampleTimes: [0.5, 1])
        }
        guard case .nonFiniteDerivative(let time) = error else {
            Issue.record("expected nonFiniteDerivative, got \(String(describing: error))")
            return
        }
        #expect(time > 0.25 && time <= 0.5)
    }

    @Test("a Jacobian that throws surfaces as jacobianThrew")
    func throwingJacobian() {
        let method = ODEMethod.msbdf(jacobian: ODEJacobian { _, _, _, _ in throw Boom() })
        let error = #expect(throws: ReferenceError.self) {
            try ODEIntegrator(method: method).solve(decay, initialState: [1], from: 0, sampleTimes: [1])
        }
        guard case .jacobianThrew = error else {
            Issue.record("expected jacobianThrew, got \(String(describing: error))")
            return
        }
    }

    @Test("a solution that blows up in finite time ends in an error, never an abort")
    func finiteTimeBlowUp() {
        // y' = y², y(0) = 1 has y = 1/(1 − t): it leaves every finite range before t = 1.
        let problem = ODEProblem(dimension: 1) { _, y, dydt in dydt[0] = y[0] * y[0] }
        #expect(throws: ReferenceError.self) {
            try ODEIntegrator(method: .rk8pd).solve(problem, initialState: [1], from: 0, sampleTimes: [2])
        }
    }
}
