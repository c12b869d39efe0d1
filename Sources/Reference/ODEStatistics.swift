/// Work counters of one `ODEIntegrator.solve` call, summed over all sample intervals.
public struct ODEStatistics: Sendable, Codable, Equatable {
    /// Accepted steps counted by the GSL driver (`driver->n`, summed over the samples).
    public var steps: Int
    /// Calls to `gsl_odeiv2_evolve_apply`, accepted or not (`evolve->count`).
    public var attemptedSteps: Int
    /// Steps GSL rejected and retried with a smaller step (`evolve->failed_steps`).
    public var failedSteps: Int
    /// Right-hand-side evaluations.
    public var functionEvaluations: Int
    /// Jacobian evaluations (0 for explicit methods).
    public var jacobianEvaluations: Int
    /// The step size (s) the driver would try next when the integration ended (`driver->h`).
    public var lastStepSize: Double

    /// Creates statistics from the counters above (step size in s).
    public init(
        steps: Int = 0, attemptedSteps: Int = 0, failedSteps: Int = 0,
        functionEvaluations: Int = 0, jacobianEvaluations: Int = 0, lastStepSize: Double = 0
    ) {
        self.steps = steps
        self.attemptedSteps = attemptedSteps
        self.failedSteps = failedSteps
        self.functionEvaluations = functionEvaluations
        self.jacobianEvaluations = jacobianEvaluations
        self.lastStepSize = lastStepSize
    }
}
