import MotionEffects
import Testing

@Suite struct MotionValueTests {
    @Test func addsComponentWise() throws {
        #expect(try MotionValue.scalar(1.5).adding(.scalar(2)) == .scalar(3.5))
        #expect(
            try MotionValue.vector(MotionVector(x: 1, y: -2)).adding(.vector(MotionVector(x: 0.5, y: 4)))
                == .vector(MotionVector(x: 1.5, y: 2)))
        #expect(
            try MotionValue.color(RGBAColor(red: 0.5, green: 0.25, blue: 0, alpha: 1))
                .adding(.color(RGBAColor(red: -0.25, green: 0.5, blue: 0.125, alpha: 0)))
                == .color(RGBAColor(red: 0.25, green: 0.75, blue: 0.125, alpha: 1)))
    }

    @Test(arguments: [
        (MotionValue.scalar(1), MotionValue.vector(.zero)),
        (MotionValue.vector(.zero), MotionValue.color(.white)),
        (MotionValue.color(.white), MotionValue.scalar(0)),
    ])
    func mismatchedKindsThrowATypedError(a: MotionValue, b: MotionValue) {
        #expect(throws: MotionEffectError.mismatchedKinds(a.kind, b.kind)) { try a.adding(b) }
    }

    // 1e-12: HSB↔RGB conversion uses a handful of rounded multiplications/divisions on values ≤ 1.
    @Test(arguments: [
        RGBAColor(red: 1, green: 0, blue: 0), RGBAColor(red: 0.3, green: 0.6, blue: 0.6),
        RGBAColor(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.5), RGBAColor(red: 0.7, green: 0.1, blue: 0.8),
        RGBAColor(red: 0.5, green: 0.5, blue: 0.5),
    ])
    func hsbRoundTripsToRGB(c: RGBAColor) {
        #expect(maxDifference(HSBAColor(c).rgba, c) < 1e-12)
    }
}
