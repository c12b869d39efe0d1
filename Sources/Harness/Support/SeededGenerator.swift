/// A small, fast, seedable pseudo-random generator (SplitMix64: Steele, Lea and Flood, "Fast
/// splittable pseudorandom number generators", OOPSLA 2014). Same seed, same sequence, on every
/// platform: randomized scenes and fuzzing are reproducible from their seed alone.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
