import MotionEffects
import Testing

/// Bad input gets a typed error, never a hang, trap or silent NaN.
@Suite struct RobustnessTests {
    @Test func aGroupContainingItselfThrowsInsteadOfRecursing() throws {
        let outer = MotionEffectGroup(), inner = MotionEffectGroup()
        inner.motionEffects.append(outer)
        outer.motionEffects.append(inner)
        #expect(throws: MotionEffectError.groupCycle) {
            try outer.keyPathsAndRelativeValues(forViewerOffset: .zero)
        }
        let selfContaining = MotionEffectGroup()
        selfContaining.motionEffects.append(selfContaining)
        #expect(throws: MotionEffectError.groupCycle) {
            try selfContaining.keyPathsAndRelativeValues(forViewerOffset: .zero)
        }
    }

    @Test func theLowPassFilterRejectsNonFiniteInputAndNegativeTime() throws {
        var filter = try LowPassFilter(timeConstant: 0.1, initialOutput: 0.5)
        #expect(throws: TiltSensorError.self) { try filter.advance(heldInput: .nan, by: 0.01) }
        #expect(throws: TiltSensorError.self) { try filter.advance(heldInput: 1, by: -0.01) }
        #expect(throws: TiltSensorError.self) { try filter.advance(heldInput: 1, by: .infinity) }
        #expect(filter.output == 0.5)
    }
}
