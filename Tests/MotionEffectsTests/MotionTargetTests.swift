import MotionEffects
import Testing

@Suite struct MotionTargetTests {
    private func interpolating(_ keyPath: AnimatableKeyPath, _ type: InterpolatingMotionEffect.TiltAxis, _ span: Double)
        -> InterpolatingMotionEffect
    {
        InterpolatingMotionEffect(
            keyPath: keyPath, type: type, minimumRelativeValue: .scalar(-span), maximumRelativeValue: .scalar(span))
    }

    @Test func groupEvaluatesAllMembersOnOneSample() throws {
        let a = RecordingEffect([.opacity: .scalar(-0.25)])
        let b = RecordingEffect([.centerY: .scalar(3)])
        let x = interpolating(.centerX, .tiltAlongHorizontalAxis, 10)
        let group = MotionEffectGroup([a, x, b])
        let target = MotionTarget()
        target.addMotionEffect(group)
        let sample = try offset(0.5, -1)
        try target.apply(offset: sample)
        #expect(a.seenOffsets == [sample])
        #expect(b.seenOffsets == [sample])
        #expect(scalar(target.presentedValue(for: .centerX)) == 5)  // exact: 10 × 0.5
        #expect(scalar(target.presentedValue(for: .centerY)) == 3)
        #expect(scalar(target.presentedValue(for: .opacity)) == 0.75)
    }

    @Test func seedButtonAltitudeGroupMovesCenter() throws {
        // Seed 004: center.x / center.y interpolating ±10 points, grouped.
        let group = MotionEffectGroup([
            interpolating(.centerX, .tiltAlongHorizontalAxis, 10),
            interpolating(.centerY, .tiltAlongVerticalAxis, 10),
        ])
        let target = MotionTarget()
        try target.setBaseValue(.scalar(100), for: .centerX)
        try target.setBaseValue(.scalar(200), for: .centerY)
        target.addMotionEffect(group)
        try target.apply(offset: offset(-0.5, 0.25))
        // Exact: 100 − 5 and 200 + 2.5 are representable.
        #expect(scalar(target.presentedValue(for: .centerX)) == 95)
        #expect(scalar(target.presentedValue(for: .centerY)) == 202.5)
    }

    @Test func effectsOnOneKeyPathAddUp() throws {
        let target = MotionTarget()
        try target.setBaseValue(.scalar(1), for: .centerX)
        target.addMotionEffect(RecordingEffect([.centerX: .scalar(5)]))
        target.addMotionEffect(interpolating(.centerX, .tiltAlongHorizontalAxis, 8))
        target.addMotionEffect(MotionEffectGroup([RecordingEffect([.centerX: .scalar(0.5)]), RecordingEffect([.centerX: .scalar(-2)])]))
        try target.apply(offset: offset(0.25, 0))
        #expect(scalar(target.presentedValue(for: .centerX)) == 1 + 5 + 2 + 0.5 - 2)  // exact: small binary fractions
        #expect(target.motionEffects.count == 3)
    }

    @Test func removingEffectsRestoresTheBaseExactly() throws {
        let target = MotionTarget()
        let base = 123.456789  // not a binary fraction: base + 0.1 − 0.1 would not round-trip
        try target.setBaseValue(.scalar(base), for: .centerX)
        try target.setBaseValue(.color(RGBAColor(red: 0.3, green: 0.7, blue: 0.1)), for: .fillColor)
        let e1 = RecordingEffect([.centerX: .scalar(0.1), .fillColor: .color(RGBAColor(red: 0.1, green: -0.3, blue: 0.7, alpha: 0))])
        let e2 = interpolating(.centerX, .tiltAlongHorizontalAxis, 1 / 3)
        target.addMotionEffect(e1)
        target.addMotionEffect(e2)
        try target.apply(offset: offset(0.7, 0.2))
        #expect(target.presentedValue(for: .centerX) != .scalar(base))

        target.removeMotionEffect(e1)
        // Exact: recomputed from the base, not by subtracting e1's contribution.
        #expect(try target.presentedValue(for: .centerX) == MotionValue.scalar(base).adding(e2.relativeValue(atOffset: 0.7)))
        #expect(target.presentedValue(for: .fillColor) == target.baseValue(for: .fillColor))

        target.removeMotionEffect(e2)
        #expect(target.motionEffects.isEmpty)
        #expect(target.presentedValues == target.baseValues)
        #expect(target.presentedValue(for: .centerX) == .scalar(base))
    }

    @Test func addingTwiceIsANoOpAndRemovingUnknownIsHarmless() throws {
        let target = MotionTarget()
        let e = RecordingEffect([.opacity: .scalar(-0.5)])
        target.addMotionEffect(e)
        target.addMotionEffect(e)
        target.removeMotionEffect(RecordingEffect([:]))
        try target.apply(offset: .zero)
        #expect(target.motionEffects.count == 1)
        #expect(scalar(target.presentedValue(for: .opacity)) == 0.5)
    }

    @Test func wrongKindOrNonFiniteValuesThrowAndLeaveTheTargetUnchanged() throws {
        let target = MotionTarget()
        target.addMotionEffect(RecordingEffect([.centerX: .scalar(4)]))
        try target.apply(offset: .zero)
        let before = target.presentedValues

        let wrong = RecordingEffect([.opacity: .color(.white)])
        target.addMotionEffect(wrong)
        #expect(throws: MotionEffectError.wrongKind(keyPath: .opacity, expected: .scalar, found: .color)) {
            try target.apply(offset: .zero)
        }
        #expect(target.presentedValues == before)
        target.removeMotionEffect(wrong)

        target.addMotionEffect(RecordingEffect([.centerY: .scalar(.infinity)]))
        #expect(throws: MotionEffectError.nonFiniteValue(keyPath: .centerY)) { try target.apply(offset: .zero) }
        #expect(target.presentedValues == before)

        #expect(throws: MotionEffectError.wrongKind(keyPath: .fillColor, expected: .color, found: .scalar)) {
            try target.setBaseValue(.scalar(1), for: .fillColor)
        }
    }
}
