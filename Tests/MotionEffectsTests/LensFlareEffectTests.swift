import MotionEffects
import Testing

@Suite struct LensFlareEffectTests {
    // Tolerance 1e-12 throughout: HSB conversion and trigonometry round at ~1e-16 relative on values ≤ 20.

    @Test func colorEffectMapsHorizontalToBrightnessAndVerticalToHue() throws {
        let red = RGBAColor(red: 1, green: 0, blue: 0)
        let effect = try LensFlareColorMotionEffect(baseColor: red, brightnessSpan: 0.4, hueSpan: 1.0 / 3)
        // x = −0.5: brightness 1 − 0.2 = 0.8; y = 0.5: hue 0 + 1/6 (yellow) → (0.8, 0.8, 0).
        #expect(maxDifference(effect.color(forViewerOffset: try offset(-0.5, 0.5)), RGBAColor(red: 0.8, green: 0.8, blue: 0)) < 1e-12)
        // y = −0.5: hue wraps to 5/6 (magenta) → (1, 0, 1).
        #expect(maxDifference(effect.color(forViewerOffset: try offset(0, -0.5)), RGBAColor(red: 1, green: 0, blue: 1)) < 1e-12)
        // x = +1: brightness 1.4 clamps to 1 → unchanged red, zero relative value.
        let delta = color(try effect.keyPathsAndRelativeValues(forViewerOffset: offset(1, 0))[.fillColor])
        #expect(delta.map { maxDifference($0, .clear) } ?? 1 < 1e-12)
    }

    @Test func colorEffectOnDesaturatedCyanPresentsHandComputedColor() throws {
        // Base HSB (0.5, 0.5, 0.6) = RGB (0.3, 0.6, 0.6). Offset (0.5, 0.25), spans 0.4 / 0.2:
        // b' = 0.6 + 0.2 = 0.8, h' = 0.5 + 0.05 = 0.55 → sector 3, f = 0.3,
        // p = 0.8 × 0.5 = 0.4, q = 0.8 × (1 − 0.5 × 0.3) = 0.68 → RGB (p, q, v) = (0.4, 0.68, 0.8).
        let base = RGBAColor(red: 0.3, green: 0.6, blue: 0.6, alpha: 0.9)
        let effect = try LensFlareColorMotionEffect(baseColor: base, brightnessSpan: 0.4, hueSpan: 0.2)
        let target = MotionTarget()
        try target.setBaseValue(.color(base), for: .fillColor)
        target.addMotionEffect(effect)
        try target.apply(offset: offset(0.5, 0.25))
        let presented = try #require(color(target.presentedValue(for: .fillColor)))
        #expect(maxDifference(presented, RGBAColor(red: 0.4, green: 0.68, blue: 0.8, alpha: 0.9)) < 1e-12)
    }

    @Test func diagonalEffectMovesAlongA45DegreeLine() throws {
        let effect = try LensFlareDiagonalMotionEffect(travel: 20)
        // x = 0.5 → s = 10 → (10/√2, 10/√2); the vertical offset is ignored.
        let values = try effect.keyPathsAndRelativeValues(forViewerOffset: offset(0.5, -0.9))
        let expected = 7.0710678118654755
        #expect(abs(try #require(scalar(values[.centerX])) - expected) < 1e-12)
        #expect(abs(try #require(scalar(values[.centerY])) - expected) < 1e-12)
    }

    @Test func diagonalEffectAtOtherAngle() throws {
        let effect = try LensFlareDiagonalMotionEffect(travel: 20, angle: .pi / 6)
        // x = −1 → s = −20 → (−20 cos 30°, −20 sin 30°) = (−17.3205080756887…, −10).
        let target = MotionTarget()
        try target.setBaseValue(.scalar(50), for: .centerX)
        try target.setBaseValue(.scalar(60), for: .centerY)
        target.addMotionEffect(effect)
        try target.apply(offset: offset(-1, 0))
        #expect(abs(try #require(scalar(target.presentedValue(for: .centerX))) - (50 - 17.320508075688772)) < 1e-12)
        #expect(abs(try #require(scalar(target.presentedValue(for: .centerY))) - 50) < 1e-12)
    }

    @Test func nonFiniteParametersAreRejected() {
        #expect(throws: MotionEffectError.nonFiniteParameter(name: "travel")) {
            try LensFlareDiagonalMotionEffect(travel: .nan)
        }
        #expect(throws: MotionEffectError.nonFiniteParameter(name: "hueSpan")) {
            try LensFlareColorMotionEffect(baseColor: .white, hueSpan: .infinity)
        }
    }
}
