import Foundation

/// Random choices for scene generation, drawn from any seeded generator: uniform and log-uniform
/// numbers, coin flips, picks. Every draw consumes the generator in a fixed way, so a seed gives
/// the same scene on every platform.
struct Dice<Source: RandomNumberGenerator> {
    var source: Source

    /// A uniform number in `lower...upper`.
    mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * Double(source.next() >> 11) / Double(1 << 53)
    }

    /// A number whose logarithm is uniform in `log(lower)...log(upper)` (both positive).
    mutating func logUniform(_ lower: Double, _ upper: Double) -> Double {
        exp(uniform(log(lower), log(upper)))
    }

    /// True with probability `probability`.
    mutating func chance(_ probability: Double) -> Bool { uniform(0, 1) < probability }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(source.next() % UInt64(range.count))
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }

    /// A random subset of `choices` with at least one element (when there is one).
    mutating func subset<T>(_ choices: [T], probability: Double = 0.5) -> [T] {
        guard !choices.isEmpty else { return [] }
        let chosen = choices.filter { _ in chance(probability) }
        return chosen.isEmpty ? [pick(choices)] : chosen
    }

    /// A vector of random direction and a length drawn uniformly from `lengths`.
    mutating func vector(length lengths: ClosedRange<Double>) -> SceneVector {
        SceneVector(angle: uniform(0, 2 * Double.pi), length: uniform(lengths.lowerBound, lengths.upperBound))
    }

    /// A random 64-bit value.
    mutating func bits() -> UInt64 { source.next() }
}
