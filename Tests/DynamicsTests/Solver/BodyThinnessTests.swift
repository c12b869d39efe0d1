import Testing
@testable import Dynamics

/// What the continuous step uses to call a body fast (``Body/halfThinness``).
@Suite struct BodyThinnessTests {
    @Test func halfThinnessIsTheInradiusOfARectangleAboutItsCenter() {
        let rectangle = [Vector(dx: -10, dy: -3), Vector(dx: 10, dy: -3), Vector(dx: 10, dy: 3), Vector(dx: -10, dy: 3)]
        #expect(Body.halfThinness(of: rectangle) == 3)
        // Winding and a translation do not change it.
        let moved = rectangle.reversed().map { $0 + Vector(dx: 7, dy: -2) }
        #expect(abs(Body.halfThinness(of: Array(moved)) - 3) < 1e-12)
    }
}
