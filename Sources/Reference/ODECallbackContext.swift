import CGSL

/// The Swift side of a GSL ODE system, passed to C through `params` as an unmanaged reference.
///
/// GSL cannot carry Swift errors, so a failing callback records its `ReferenceError` here and
/// returns `GSL_EBADFUNC`, which makes GSL stop at once; `ODEIntegrator` then rethrows it.
/// Used synchronously by a single `solve` call, never shared.
final class ODECallbackContext {
    let problem: ODEProblem
    let jacobian: ODEJacobian?
    private(set) var failure: ReferenceError?
    private(set) var functionEvaluations = 0
    private(set) var jacobianEvaluations = 0

    init(problem: ODEProblem, jacobian: ODEJacobian?) {
        self.problem = problem
        self.jacobian = jacobian
    }

    /// GSL's `function` callback body: evaluates the right-hand side and checks its output.
    func derivative(_ t: Double, _ y: UnsafePointer<Double>?, _ dydt: UnsafeMutablePointer<Double>?) -> Int32 {
        functionEvaluations += 1
        let n = problem.dimension
        let output = UnsafeMutableBufferPointer(start: dydt, count: n)
        do {
            try problem.derivative(t, UnsafeBufferPointer(start: y, count: n), output)
        } catch {
            return fail(.rightHandSideThrew(time: t, message: String(describing: error)))
        }
        guard output.allSatisfy(\.isFinite) else { return fail(.nonFiniteDerivative(time: t)) }
        return GSLRuntime.success
    }

    /// GSL's `jacobian` callback body: evaluates the Jacobian and checks its output.
    func jacobian(
        _ t: Double, _ y: UnsafePointer<Double>?, _ dfdy: UnsafeMutablePointer<Double>?,
        _ dfdt: UnsafeMutablePointer<Double>?
    ) -> Int32 {
        jacobianEvaluations += 1
        guard let jacobian else { return fail(.jacobianThrew(time: t, message: "no Jacobian supplied")) }
        let n = problem.dimension
        let matrix = UnsafeMutableBufferPointer(start: dfdy, count: n * n)
        let timeDerivative = UnsafeMutableBufferPointer(start: dfdt, count: n)
        do {
            try jacobian.evaluate(t, UnsafeBufferPointer(start: y, count: n), matrix, timeDerivative)
        } catch {
            return fail(.jacobianThrew(time: t, message: String(describing: error)))
        }
        guard matrix.allSatisfy(\.isFinite), timeDerivative.allSatisfy(\.isFinite) else {
            return fail(.nonFiniteDerivative(time: t))
        }
        return GSLRuntime.success
    }

    private func fail(_ error: ReferenceError) -> Int32 {
        if failure == nil { failure = error }
        return GSLRuntime.badFunction
    }
}
