/// A headless stand-in for a view: base values per key path plus attached motion effects.
///
/// After ``apply(offset:)``, the presented value of each key path is its base value plus the sum of
/// every attached effect's relative value for that key path (effects added in attachment order).
/// Presented values are always recomputed from the base, so removing all effects restores the base
/// exactly. A class because effects attach to one particular object.
public final class MotionTarget {
    /// Base (model) values per key path, in each key path's units.
    public private(set) var baseValues: [AnimatableKeyPath: MotionValue]
    /// The attached effects, in attachment order.
    public private(set) var motionEffects: [MotionEffect] = []
    /// The offset last passed to ``apply(offset:)`` (dimensionless), or ``ViewerOffset/zero``.
    public private(set) var lastOffset: ViewerOffset = .zero
    /// Each attached effect's relative values from the last ``apply(offset:)``, parallel to `motionEffects`.
    private var contributions: [[AnimatableKeyPath: MotionValue]] = []
    /// Cached presented values.
    public private(set) var presentedValues: [AnimatableKeyPath: MotionValue]

    /// Creates a target with every key path at its ``AnimatableKeyPath/defaultBaseValue``.
    public init() {
        var base: [AnimatableKeyPath: MotionValue] = [:]
        for keyPath in AnimatableKeyPath.allCases { base[keyPath] = keyPath.defaultBaseValue }
        baseValues = base
        presentedValues = base
    }

    /// The base value of `keyPath`, in its units.
    public func baseValue(for keyPath: AnimatableKeyPath) -> MotionValue {
        baseValues[keyPath] ?? keyPath.defaultBaseValue
    }

    /// The presented value (base + effects) of `keyPath`, in its units.
    public func presentedValue(for keyPath: AnimatableKeyPath) -> MotionValue {
        presentedValues[keyPath] ?? baseValue(for: keyPath)
    }

    /// Sets the base value of `keyPath` (in its units) and recomputes the presented values.
    /// - Throws: ``MotionEffectError/wrongKind(keyPath:expected:found:)`` or
    ///   ``MotionEffectError/nonFiniteValue(keyPath:)``; the target is unchanged on error.
    public func setBaseValue(_ value: MotionValue, for keyPath: AnimatableKeyPath) throws(MotionEffectError) {
        try Self.validate(value, for: keyPath)
        var newBase = baseValues
        newBase[keyPath] = value
        let presented = try Self.presented(base: newBase, contributions: contributions)
        baseValues = newBase
        presentedValues = presented
    }

    /// Attaches `effect`. It contributes from the next ``apply(offset:)`` on. Attaching an
    /// already-attached instance does nothing.
    public func addMotionEffect(_ effect: MotionEffect) {
        guard !motionEffects.contains(where: { $0 === effect }) else { return }
        motionEffects.append(effect)
        contributions.append([:])
    }

    /// Detaches `effect` (by identity) and recomputes presented values from the base without it.
    /// Detaching an effect that is not attached does nothing. In the pathological case where the
    /// remaining contributions no longer sum to finite values (they cancelled an overflow before),
    /// all contributions are dropped and the presented values equal the base until the next apply.
    public func removeMotionEffect(_ effect: MotionEffect) {
        guard let index = motionEffects.firstIndex(where: { $0 === effect }) else { return }
        motionEffects.remove(at: index)
        contributions.remove(at: index)
        do {
            presentedValues = try Self.presented(base: baseValues, contributions: contributions)
        } catch {
            contributions = Array(repeating: [:], count: motionEffects.count)
            presentedValues = baseValues
        }
    }

    /// Evaluates every attached effect on `offset` and updates the presented values.
    /// - Throws: the first effect error, ``MotionEffectError/wrongKind(keyPath:expected:found:)`` or
    ///   ``MotionEffectError/nonFiniteValue(keyPath:)``; the target is unchanged on error.
    public func apply(offset: ViewerOffset) throws(MotionEffectError) {
        var newContributions: [[AnimatableKeyPath: MotionValue]] = []
        newContributions.reserveCapacity(motionEffects.count)
        for effect in motionEffects {
            let values = try effect.keyPathsAndRelativeValues(forViewerOffset: offset)
            // Key paths in declaration order, so the error reported does not depend on hashing.
            for keyPath in AnimatableKeyPath.allCases {
                if let value = values[keyPath] { try Self.validate(value, for: keyPath) }
            }
            newContributions.append(values)
        }
        let presented = try Self.presented(base: baseValues, contributions: newContributions)
        contributions = newContributions
        presentedValues = presented
        lastOffset = offset
    }

    private static func validate(_ value: MotionValue, for keyPath: AnimatableKeyPath) throws(MotionEffectError) {
        guard value.kind == keyPath.valueKind else {
            throw .wrongKind(keyPath: keyPath, expected: keyPath.valueKind, found: value.kind)
        }
        guard value.isFinite else { throw .nonFiniteValue(keyPath: keyPath) }
    }

    private static func presented(
        base: [AnimatableKeyPath: MotionValue], contributions: [[AnimatableKeyPath: MotionValue]]
    ) throws(MotionEffectError) -> [AnimatableKeyPath: MotionValue] {
        var result = base
        for values in contributions {
            for keyPath in AnimatableKeyPath.allCases {
                guard let value = values[keyPath] else { continue }
                let sum = try (result[keyPath] ?? keyPath.defaultBaseValue).adding(value)
                guard sum.isFinite else { throw .nonFiniteValue(keyPath: keyPath) }
                result[keyPath] = sum
            }
        }
        return result
    }
}
