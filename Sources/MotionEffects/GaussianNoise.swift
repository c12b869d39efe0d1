import Foundation

/// Pairs of independent standard normal variates (mean 0, standard deviation 1) via Box–Muller,
/// drawn from a seeded ``SplitMix64``.
struct GaussianNoise: Sendable {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// Two independent N(0, 1) samples (dimensionless).
    mutating func nextPair() -> (Double, Double) {
        let u1 = generator.nextUnitInterval()
        let u2 = generator.nextUnitInterval()
        let radius = (-2 * log(u1)).squareRoot()
        let theta = 2 * Double.pi * u2
        return (radius * cos(theta), radius * sin(theta))
    }
}
