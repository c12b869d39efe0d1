/// SplitMix64 pseudo-random generator (Steele, Lea & Flood 2014): deterministic for a given seed.
///
/// Used instead of system randomness so that simulations are reproducible.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    /// The internal 64-bit state.
    public private(set) var state: UInt64

    /// Creates a generator whose whole output sequence is determined by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 pseudo-random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in (0, 1] with 53 random bits (never 0, so its logarithm is finite).
    public mutating func nextUnitInterval() -> Double {
        (Double(next() >> 11) + 1) * 0x1p-53
    }
}
