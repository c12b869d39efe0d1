/// A seeded generator of random valid scenes across the range of everything the scene format
/// expresses, awkward corners included: tiny (1 pt) and huge items, sticks of aspect 1:50,
/// densities 0.01–100 (mass ratios past 10⁶ with sizes), overlapping starts, items starting on
/// or touching a boundary, speeds up to the engine's cap, stiff springs, long chains, several
/// fields on one item, item groups, nested trees, timed events, sub-steps from 1/480 to 1/30 s,
/// and (rarely) extreme finite parameters. Half the scenes are given inputs inside the engine's
/// operating envelope (``OperatingEnvelope``); a run may still leave it (an item reaching a
/// speed past it), and the fuzz report classifies each failure by what happened before it. The fuzzer and the property tests use this one generator.
public struct SceneGenerator: Sendable {
    /// The profiles to draw from (all of them by default).
    public var profiles: [SceneProfile]

    /// Creates a generator drawing from `profiles`.
    public init(profiles: [SceneProfile] = SceneProfile.allCases) {
        precondition(!profiles.isEmpty, "a generator needs at least one profile")
        self.profiles = profiles
    }

    /// The seed of scene number `index` of a run seeded with `runSeed`: one SplitMix64 step over
    /// the pair, so every scene of every run is reproducible from `(runSeed, index)` alone.
    public static func seed(run runSeed: UInt64, index: Int) -> UInt64 {
        var mixer = SeededGenerator(seed: runSeed ^ (UInt64(truncatingIfNeeded: index) &* 0xd1b5_4a32_d192_ed03))
        return mixer.next()
    }

    /// Scene number `index` of a run seeded with `runSeed`.
    public func scene(run runSeed: UInt64, index: Int) -> Scene {
        var source = SeededGenerator(seed: Self.seed(run: runSeed, index: index))
        var scene = scene(using: &source)
        scene.name = "fuzz-\(runSeed)-\(index)-\(scene.name)"
        return scene
    }

    /// A random scene drawn from `source`.
    public func scene<Source: RandomNumberGenerator>(using source: inout Source) -> Scene {
        var builder = SceneBuilder(dice: Dice(source: SeededGenerator(seed: source.next())))
        let profile = builder.dice.pick(profiles)
        builder.withinEnvelope = builder.dice.chance(0.5)
        var scene = builder.build(profile)
        scene.name = profile.rawValue
        return scene
    }
}
