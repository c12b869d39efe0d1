import MotionEffects
import PropertyBased
import Testing

@Suite struct MotionPropertyTests {
    @Test func interpolationIsAffineInTheOffset() async {
        await propertyCheck(
            input: Gen.double(in: -100...100), Gen.double(in: -100...100), Gen.double(in: -3...3),
            Gen.double(in: -3...3), Gen.double(in: 0...1)
        ) { lo, hi, a, b, lambda in
            let effect = InterpolatingMotionEffect(
                keyPath: .centerX, type: .tiltAlongHorizontalAxis,
                minimumRelativeValue: .scalar(lo), maximumRelativeValue: .scalar(hi))
            let f = { (o: Double) throws -> Double in scalar(try effect.relativeValue(atOffset: o)) ?? .nan }
            let lhs = try f(lambda * a + (1 - lambda) * b)
            let rhs = lambda * (try f(a)) + (1 - lambda) * (try f(b))
            // 1e-9: magnitudes ≤ ~400, each side a few rounded operations (~1e-13 absolute).
            #expect(abs(lhs - rhs) < 1e-9)
        }
    }

    @Test func clampedOffsetIsAlwaysWithinUnitRange() async {
        await propertyCheck(
            count: 30, input: Gen.uint64(), Gen.double(in: 0...3), Gen.double(in: -3...3), Gen.double(in: 0...0.5)
        ) { seed, sd, bias, tau in
            let sim = try TiltSensorSimulation(
                source: .noise(seed: seed, bias: DeviceAttitude(roll: bias, pitch: -bias), standardDeviation: sd),
                sampleRate: 100, maximumTiltAngle: 0.4, smoothingTimeConstant: tau, frameRate: 60, duration: 1)
            for frame in sim.run() {
                #expect((-1...1).contains(frame.offset.horizontal) && (-1...1).contains(frame.offset.vertical))
            }
        }
    }

    @Test func removingEveryEffectRestoresArbitraryBases() async {
        await propertyCheck(
            input: Gen.double(in: -1e6...1e6), Gen.double(in: -1e3...1e3), Gen.double(in: -1e3...1e3),
            Gen.double(in: -2...2)
        ) { base, lo, hi, o in
            let target = MotionTarget()
            try target.setBaseValue(.scalar(base), for: .centerY)
            let effects = [
                InterpolatingMotionEffect(
                    keyPath: .centerY, type: .tiltAlongVerticalAxis,
                    minimumRelativeValue: .scalar(lo), maximumRelativeValue: .scalar(hi)),
                InterpolatingMotionEffect(
                    keyPath: .centerY, type: .tiltAlongHorizontalAxis,
                    minimumRelativeValue: .scalar(hi), maximumRelativeValue: .scalar(lo)),
            ]
            effects.forEach(target.addMotionEffect)
            try target.apply(offset: ViewerOffset(horizontal: o, vertical: -o))
            effects.forEach(target.removeMotionEffect)
            #expect(target.presentedValue(for: .centerY) == .scalar(base))
        }
    }
}
