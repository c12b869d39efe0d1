import CGSL

/// The complete elliptic integral of the first kind K(k) = ∫₀^{π/2} dφ / √(1 − k² sin²φ),
/// in the modulus convention (k, not the parameter m = k²). Dimensionless.
public enum CompleteEllipticIntegral {
    /// K(k) from GSL's `gsl_sf_ellint_Kcomp_e` (Carlson's R_F), double precision.
    /// Throws for non-finite k, |k| ≥ 1 (K diverges at 1), or a GSL failure.
    public static func firstKind(modulus k: Double) throws(ReferenceError) -> Double {
        try ParameterValidation.require(k, "modulus", "|k| < 1") { abs($0) < 1 }
        _ = GSLRuntime.errorHandlerDisabled
        var result = gsl_sf_result(val: 0, err: 0)
        let status = gsl_sf_ellint_Kcomp_e(k, gsl_mode_t(GSL_PREC_DOUBLE), &result)
        guard status == GSLRuntime.success, result.val.isFinite else {
            throw .gslFailure(status: status, message: GSLRuntime.message(for: status), time: 0)
        }
        return result.val
    }

    /// K(k) = π / (2·AGM(1, √(1 − k²))) by the arithmetic–geometric mean (Gauss; Abramowitz &
    /// Stegun 17.6), independent of GSL. Throws for non-finite k or |k| ≥ 1.
    public static func firstKindByAGM(modulus k: Double) throws(ReferenceError) -> Double {
        try ParameterValidation.require(k, "modulus", "|k| < 1") { abs($0) < 1 }
        return Double.pi / (2 * arithmeticGeometricMean(1, ((1 - k) * (1 + k)).squareRoot()))
    }

    /// AGM(a, b) of two positive numbers: iterate a ← (a+b)/2, b ← √(ab) until they agree.
    /// Convergence is quadratic; 64 iterations are far more than any double needs.
    static func arithmeticGeometricMean(_ a0: Double, _ b0: Double) -> Double {
        var (a, b) = (a0, b0)
        for _ in 0..<64 where a != b {
            let next = 0.5 * (a + b)
            if next == a || next == b { break }
            (a, b) = (next, (a * b).squareRoot())
        }
        return a
    }
}
