import Foundation
@testable import Harness
import Testing

/// The seed interactions a scene file can say (`Examples/seed-*.json`), run through `simulate`
/// and judged by what a person watching would see. Those that need code are built-in scenarios
/// (`Tests/SeedScenariosTests`).
@Suite struct SeedExampleSceneTests {
    /// SPEC's default elasticity 0.2 from a 418 pt drop: a few rebounds, then rest on the floor
    /// and one pause, well within the 4 s run.
    @Test func theBouncyFallBouncesRestsAndPauses() throws {
        let run = try ExampleScenes.simulate("seed-bouncy-fall.json")
        let track = run.trace.track("box")
        // A rebound is upward motion faster than the animator's rest speed (1 pt/s): a box resting
        // on the floor reports rounding-level velocities of either sign (~1e-15 pt/s).
        let rebounds = zip(track, track.dropFirst()).filter { $0.state.velocity.dy >= -1 && $1.state.velocity.dy < -1 }.count
        #expect(rebounds >= 1 && rebounds <= 3, "\(rebounds) rebounds")
        #expect(run.summary.pauses.count == 1 && run.summary.pausedAtEnd)
        let end = try #require(track.last?.state)
        // The animator pauses below 1 pt/s, a 1/60 s frame from contact: 0.1 pt is well above that.
        #expect(abs(end.center.y - (568 - 50)) <= 0.1, "rests at \(end.center.y)")
    }

    /// A rigid attachment to the moving finger carries the card at the finger's 600 pt/s; released
    /// into gravity it keeps that velocity, less SPEC's default resistance (0.1/s), and falls.
    @Test func theDraggedCardFollowsTheFingerAndKeepsItsReleaseVelocity() throws {
        let run = try ExampleScenes.simulate("seed-drag-and-fall.json")
        let release = try #require(run.trace.state(of: "card", at: 0.5))
        #expect(abs(release.center.x - 400) <= 1 && abs(release.velocity.dx - 600) <= 6, "\(release)")
        let thrown = try #require(run.trace.state(of: "card", at: 0.5 + 1.0 / 60))
        #expect(abs(thrown.velocity.dx - release.velocity.dx * exp(-0.1 / 60)) <= 1e-6 * 600, "\(thrown.velocity)")
        #expect(thrown.velocity.dy > 0)
        #expect(run.summary.pausedAtEnd)
    }

    /// The camera tap: 100·J/m = 1000 pt/s up for the 18.2 mass-unit view; 0.2 s later it has risen
    /// about 1000·0.2 − ½·1000·0.2² = 180 pt (less resistance) and the finger catches it, carries it
    /// 100 pt down at 300 pt/s; released, it falls back to rest on the bottom.
    @Test func theCameraTapBouncesTheViewAndADragCatchesItMidFlight() throws {
        let run = try ExampleScenes.simulate("seed-lock-screen.json")
        let caught = try #require(run.trace.state(of: "lockScreen", at: 0.7))
        #expect(284 - caught.center.y > 150 && 284 - caught.center.y < 185, "rose \(284 - caught.center.y) pt")
        let carried = try #require(run.trace.state(of: "lockScreen", at: 0.9))
        // The rigid rod (3.2 pt long: the anchor was set 3.2 pt below the view's center) carries the
        // view at the finger's speed.
        #expect(abs(carried.velocity.dy - 300) <= 3, "\(carried.velocity)")
        let end = try #require(run.trace.track("lockScreen").last?.state)
        #expect(abs(end.center.y - 284) <= 0.05 && run.summary.pausedAtEnd, "back at rest: \(end.center.y)")
    }

    /// Each quadrant's spring field pulls toward its centre and the drag field bleeds the speed:
    /// thrown up-left and down-right, the two items settle in those quadrants (5 pt: a twelfth of an
    /// item), the path item like the ellipse.
    @Test func thrownItemsSettleInTheQuadrantTheyWereThrownInto() throws {
        let run = try ExampleScenes.simulate("seed-sticky-corners.json")
        let ellipse = try #require(run.trace.track("ellipse").last?.state), hexagon = try #require(run.trace.track("hexagon").last?.state)
        #expect(ellipse.center.distance(to: ScenePoint(x: 100, y: 200)) <= 5, "\(ellipse.center)")
        #expect(hexagon.center.distance(to: ScenePoint(x: 300, y: 600)) <= 5, "\(hexagon.center)")
        #expect(ellipse.angle == 0 && hexagon.angle == 0)
    }
}
