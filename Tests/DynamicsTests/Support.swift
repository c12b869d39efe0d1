import Dynamics

/// Records the animator's pause and resume callbacks, in order.
final class DelegateRecorder: DynamicAnimatorDelegate {
    var events: [String] = []
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { events.append("pause") }
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { events.append("resume") }
}

/// A 100×100 item (mass 1 at density 1) at `center`.
func largeItem(at center: Point = Point(x: 0, y: 0)) -> HeadlessItem {
    HeadlessItem(center: center, size: Size(width: 100, height: 100))
}

/// A 50×50 item (mass 0.25 at density 1) at `center`.
func smallItem(at center: Point = Point(x: 0, y: 0)) -> HeadlessItem {
    HeadlessItem(center: center, size: Size(width: 50, height: 50))
}

/// An item behavior that turns resistance off for `items`, so motion follows the forces alone.
func frictionless(_ items: [any DynamicItem]) throws -> DynamicItemBehavior {
    let behavior = try DynamicItemBehavior(items: items)
    behavior.resistance = 0
    behavior.angularResistance = 0
    return behavior
}

extension DynamicAnimator {
    /// Steps `frames` frames of 1/60 s.
    func run(frames: Int, frame: Double = 1.0 / 60) throws {
        for _ in 0..<frames { try step(by: frame) }
    }
}

/// A small deterministic generator (SplitMix64: Steele, Lea and Flood, 2014) so that sampled tests
/// are reproducible on every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
