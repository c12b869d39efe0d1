import MotionEffects
import Testing

@Suite struct InterpolatingMotionEffectTests {
    let effect = InterpolatingMotionEffect(
        keyPath: .centerX, type: .tiltAlongHorizontalAxis,
        minimumRelativeValue: .scalar(-10), maximumRelativeValue: .scalar(30))

    // Exact equality: min, max, t and the results are all exactly representable binary fractions.
    @Test(arguments: [(-1.0, -10.0), (0.0, 10.0), (1.0, 30.0), (0.5, 20.0), (-0.5, 0.0), (0.25, 15.0)])
    func interpolatesLinearlyInsideTheRange(o: Double, expected: Double) throws {
        let values = try effect.keyPathsAndRelativeValues(forViewerOffset: offset(o, 0.75))
        #expect(values == [.centerX: .scalar(expected)])
    }

    // Exact: as above, representable values.
    @Test(arguments: [(3.0, 70.0), (-2.0, -30.0), (1.5, 40.0)])
    func extrapolatesOutsideTheRangeWithoutClamping(o: Double, expected: Double) throws {
        #expect(scalar(try effect.keyPathsAndRelativeValues(forViewerOffset: offset(o, 0))[.centerX]) == expected)
    }

    @Test func verticalTypeReadsTheVerticalComponent() throws {
        let vertical = InterpolatingMotionEffect(
            keyPath: .centerY, type: .tiltAlongVerticalAxis,
            minimumRelativeValue: .scalar(-10), maximumRelativeValue: .scalar(10))
        let values = try vertical.keyPathsAndRelativeValues(forViewerOffset: offset(1, -0.5))
        #expect(values == [.centerY: .scalar(-5)])
    }

    @Test func interpolatesVectorAndColorComponentWise() throws {
        let shadow = InterpolatingMotionEffect(
            keyPath: .shadowOffset, type: .tiltAlongHorizontalAxis,
            minimumRelativeValue: .vector(MotionVector(x: -4, y: 2)),
            maximumRelativeValue: .vector(MotionVector(x: 4, y: 6)))
        #expect(try shadow.relativeValue(atOffset: 0.5) == .vector(MotionVector(x: 2, y: 5)))

        let tint = InterpolatingMotionEffect(
            keyPath: .fillColor, type: .tiltAlongVerticalAxis,
            minimumRelativeValue: .color(RGBAColor(red: -0.5, green: 0, blue: 0.25, alpha: 0)),
            maximumRelativeValue: .color(RGBAColor(red: 0.5, green: 1, blue: 0.75, alpha: -1)))
        #expect(
            try tint.relativeValue(atOffset: -0.5)
                == .color(RGBAColor(red: -0.25, green: 0.25, blue: 0.375, alpha: -0.25)))
    }

    @Test func defaultsToZeroOfTheKeyPathKind() throws {
        let plain = InterpolatingMotionEffect(keyPath: .fillColor, type: .tiltAlongHorizontalAxis)
        #expect(try plain.relativeValue(atOffset: 0.3) == .color(.clear))
    }

    @Test func mismatchedMinimumAndMaximumKindsThrow() {
        let bad = InterpolatingMotionEffect(
            keyPath: .centerX, type: .tiltAlongHorizontalAxis,
            minimumRelativeValue: .scalar(0), maximumRelativeValue: .color(.white))
        #expect(throws: MotionEffectError.mismatchedKinds(.scalar, .color)) {
            try bad.relativeValue(atOffset: 0)
        }
    }

    @Test func nonFiniteRelativeValuesAndOffsetsAreRejected() {
        let bad = InterpolatingMotionEffect(
            keyPath: .centerX, type: .tiltAlongHorizontalAxis,
            minimumRelativeValue: .scalar(.nan), maximumRelativeValue: .scalar(1))
        #expect(throws: MotionEffectError.nonFiniteParameter(name: "minimumRelativeValue")) {
            try bad.relativeValue(atOffset: 0)
        }
        #expect(throws: MotionEffectError.nonFiniteOffset(component: "vertical")) {
            try ViewerOffset(horizontal: 0, vertical: .infinity)
        }
    }
}
