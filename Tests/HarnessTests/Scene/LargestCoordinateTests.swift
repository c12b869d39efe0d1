import DynamicsAdapter
import Foundation
import Harness
import Testing

/// A scene validation accepts is one the engine accepts: geometry at the edge of the format's
/// range (±`Scene.largestCoordinate`) still gives finite distances, lengths and masses, so the
/// engine neither refuses the scene nor produces a non-finite state. (libFuzzer found a scene
/// with points near ±1e300 whose attachment's default length, their distance, overflowed.)
@Suite struct LargestCoordinateTests {
    static let limit = Scene.largestCoordinate

    /// Items at opposite corners of the format's range, joined by every attachment kind that
    /// takes its length from the current distance, and held to anchors at the other corners.
    static func farApart(_ kind: AttachmentKind, size: Double) -> Scene {
        let a = ScenePoint(x: -limit, y: -limit), b = ScenePoint(x: limit, y: limit)
        return Scene(
            name: "items \(2 * limit) pt apart, \(kind.rawValue)",
            items: [SceneItem(id: "a", center: a, size: SceneSize(width: size, height: size)),
                    SceneItem(id: "b", center: b, size: SceneSize(width: size, height: size))],
            behaviors: [
                .attachment(AttachmentSpec(item: "a", otherItem: "b", attachmentKind: kind)),
                .attachment(AttachmentSpec(item: "a", anchor: ScenePoint(x: limit, y: -limit))),
                .attachment(AttachmentSpec(item: "b", anchor: ScenePoint(x: -limit, y: limit), frequency: 2)),
                .gravity(GravitySpec(items: ["a", "b"])),
            ],
            timing: SceneTiming(duration: 0.05))
    }

    @Test(arguments: [AttachmentKind.distance, .limit], [1.0, limit])
    func theFarthestGeometryTheFormatAllowsRuns(kind: AttachmentKind, size: Double) throws {
        let scene = Self.farApart(kind, size: size)
        #expect(scene.problems().isEmpty)
        let trace = try DynamicsEngine().run(scene)
        #expect(!trace.samples.isEmpty && trace.samples.allSatisfy { $0.states.allSatisfy(\.isFinite) })
    }

    /// Just past the range, every such value is refused by validation, naming its path.
    @Test func justPastTheRangeIsRefused() {
        var scene = Self.farApart(.distance, size: 1)
        scene.items[1].center.x = Self.limit.nextUp
        #expect(scene.problems() == [SceneError(path: "items[1].center.x", problem: .outOfRange(Self.limit.nextUp, lower: -Self.limit, upper: Self.limit))])
    }
}
