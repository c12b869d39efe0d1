import CGSL

/// Integrates an `ODEProblem` with GSL's `odeiv2` driver and samples the solution.
///
/// Each sample time is reached with `gsl_odeiv2_driver_apply`, which lands on it exactly (no
/// interpolation). Every failure — GSL status, a throwing or non-finite right-hand side, bad
/// inputs — comes back as a thrown `ReferenceError`; GSL's aborting error handler is switched off.
public struct ODEIntegrator: Sendable {
    /// The stepping method.
    public let method: ODEMethod
    /// Absolute error tolerance per step (units of the state), GSL `epsabs`.
    public let absoluteTolerance: Double
    /// Relative error tolerance per step (dimensionless), GSL `epsrel`.
    public let relativeTolerance: Double
    /// The first trial step (s), GSL `hstart`.
    public let initialStep: Double
    /// The most steps allowed between two consecutive sample times (GSL `nmax`); beyond it GSL
    /// reports `GSL_EMAXITER`.
    public let maximumStepsPerSample: Int

    /// Creates an integrator. Tolerances are per step (absolute in state units, relative
    /// dimensionless), `initialStep` in seconds. Settings are validated by `solve`.
    public init(
        method: ODEMethod, absoluteTolerance: Double = 1e-12, relativeTolerance: Double = 1e-12,
        initialStep: Double = 1e-6, maximumStepsPerSample: Int = 1_000_000
    ) {
        self.method = method
        self.absoluteTolerance = absoluteTolerance
        self.relativeTolerance = relativeTolerance
        self.initialStep = initialStep
        self.maximumStepsPerSample = maximumStepsPerSample
    }

    /// Solves `problem` from `initialState` at `startTime` (s) and returns the state at each of
    /// `sampleTimes` (s; finite, non-decreasing, none before `startTime`).
    public func solve(
        _ problem: ODEProblem, initialState: [Double], from startTime: Double, sampleTimes: [Double]
    ) throws(ReferenceError) -> ODESolution {
        try validate(problem, initialState: initialState, startTime: startTime, sampleTimes: sampleTimes)
        _ = GSLRuntime.errorHandlerDisabled

        let context = ODECallbackContext(problem: problem, jacobian: method.jacobian)
        let params = Unmanaged.passUnretained(context).toOpaque()
        var system = gsl_odeiv2_system(
            function: { t, y, dydt, params in
                Unmanaged<ODECallbackContext>.fromOpaque(params!).takeUnretainedValue()
                    .derivative(t, y, dydt)
            },
            jacobian: { t, y, dfdy, dfdt, params in
                Unmanaged<ODECallbackContext>.fromOpaque(params!).takeUnretainedValue()
                    .jacobian(t, y, dfdy, dfdt)
            },
            dimension: problem.dimension,
            params: params
        )
        return try withExtendedLifetime(context) { () throws(ReferenceError) -> ODESolution in
            try withUnsafePointer(to: &system) { (system) throws(ReferenceError) -> ODESolution in
                try integrate(system, context: context, initialState: initialState,
                              startTime: startTime, sampleTimes: sampleTimes)
            }
        }
    }

    private func integrate(
        _ system: UnsafePointer<gsl_odeiv2_system>, context: ODECallbackContext,
        initialState: [Double], startTime: Double, sampleTimes: [Double]
    ) throws(ReferenceError) -> ODESolution {
        guard let driver = gsl_odeiv2_driver_alloc_y_new(
            system, stepType, initialStep, absoluteTolerance, relativeTolerance)
        else {
            throw .gslFailure(status: GSLRuntime.outOfMemory, message: GSLRuntime.message(for: GSLRuntime.outOfMemory), time: startTime)
        }
        defer { gsl_odeiv2_driver_free(driver) }
        gsl_odeiv2_driver_set_nmax(driver, UInt(maximumStepsPerSample))

        var t = startTime
        var y = initialState
        var states: [[Double]] = []
        states.reserveCapacity(sampleTimes.count)
        var steps = 0
        for sampleTime in sampleTimes {
            driver.pointee.n = 0  // make `nmax` a per-sample limit
            let status = y.withUnsafeMutableBufferPointer { gsl_odeiv2_driver_apply(driver, &t, sampleTime, $0.baseAddress) }
            steps += Int(driver.pointee.n)
            if let failure = context.failure { throw failure }
            guard status == GSLRuntime.success else {
                throw .gslFailure(status: status, message: GSLRuntime.message(for: status), time: t)
            }
            guard y.allSatisfy(\.isFinite) else { throw .nonFiniteState(time: t) }
            states.append(y)
        }
        let evolve = driver.pointee.e.pointee
        let statistics = ODEStatistics(
            steps: steps, attemptedSteps: Int(evolve.count), failedSteps: Int(evolve.failed_steps),
            functionEvaluations: context.functionEvaluations,
            jacobianEvaluations: context.jacobianEvaluations, lastStepSize: driver.pointee.h)
        return ODESolution(times: sampleTimes, states: states, statistics: statistics)
    }

    private var stepType: UnsafePointer<gsl_odeiv2_step_type> {
        switch method {
        case .rk8pd: cgsl_step_rk8pd()
        case .rkf45: cgsl_step_rkf45()
        case .msbdf: cgsl_step_msbdf()
        case .bsimp: cgsl_step_bsimp()
        }
    }

    private func validate(
        _ problem: ODEProblem, initialState: [Double], startTime: Double, sampleTimes: [Double]
    ) throws(ReferenceError) {
        typealias V = ParameterValidation
        try V.require(Double(problem.dimension), "dimension", "≥ 1") { $0 >= 1 }
        try V.require(absoluteTolerance, "absoluteTolerance", "≥ 0") { $0 >= 0 }
        try V.require(relativeTolerance, "relativeTolerance", "≥ 0, and not both tolerances 0") {
            $0 >= 0 && ($0 > 0 || absoluteTolerance > 0)
        }
        try V.require(initialStep, "initialStep", "> 0") { $0 > 0 }
        try V.require(Double(maximumStepsPerSample), "maximumStepsPerSample", "≥ 1") { $0 >= 1 }
        guard initialState.count == problem.dimension else {
            throw .dimensionMismatch(expected: problem.dimension, actual: initialState.count)
        }
        try V.finite(initialState, "initialState")
        try V.finite(startTime, "startTime")
        try V.finite(sampleTimes, "sampleTimes")
        var previous = startTime
        for (index, time) in sampleTimes.enumerated() {
            guard time >= startTime else { throw .sampleTimeBeforeStart(sampleTime: time, startTime: startTime) }
            guard time >= previous else { throw .nonMonotonicSampleTimes(index: index) }
            previous = time
        }
    }
}
