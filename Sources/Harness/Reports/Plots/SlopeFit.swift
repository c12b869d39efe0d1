import Foundation

/// The straight line through points on log–log axes: ln e = ln c + p·ln h, fitted by least
/// squares over the points above a rounding floor. Its slope p is the empirical order of
/// convergence over the whole sweep (``ConvergenceOrder`` gives it pair by pair).
struct SlopeFit: Equatable, Sendable {
    /// The slope p (dimensionless).
    var slope: Double
    /// ln c: the fitted ln e at h = 1.
    var intercept: Double
    /// How many points the fit used.
    var count: Int

    /// The fitted error at step `h`.
    func error(at h: Double) -> Double { exp(intercept + slope * log(h)) }

    /// The fit over the points with a finite error above `floor` and a positive finite step; nil
    /// with fewer than two such points or without two different steps (rounding, not
    /// truncation, dominates there).
    init?(steps: [Double], errors: [Double], floor: Double) {
        let used = zip(steps, errors).filter { h, e in h.isFinite && h > 0 && e.isFinite && e > floor }
        guard used.count >= 2 else { return nil }
        let x = used.map { log($0.0) }, y = used.map { log($0.1) }
        let n = Double(used.count)
        let meanX = x.reduce(0, +) / n, meanY = y.reduce(0, +) / n
        let sxx = x.reduce(0) { $0 + ($1 - meanX) * ($1 - meanX) }
        guard sxx > 0 else { return nil }
        let sxy = zip(x, y).reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        slope = sxy / sxx
        intercept = meanY - slope * meanX
        count = used.count
    }
}
