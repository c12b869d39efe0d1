import Foundation
@testable import Harness
import Testing

/// A crowd filling more of its bounds than disordered packings can (``CrowdFill``) puts the
/// scene outside the envelope; one that leaves room, or items that need not stay apart or
/// inside, does not.
@Suite struct CrowdFillTests {
    /// `count` squares of `side` pt in a 100 × 100 pt room, kept inside and apart by one collision
    /// behavior of `mode`, the room inset by `inset` on every side.
    static func crowd(count: Int, side: Double, mode: CollisionMode = .everything, inset: Double = 0) -> Scene {
        let items = (0..<count).map { index in
            SceneItem(id: "i\(index)", center: ScenePoint(x: 50, y: 50), size: SceneSize(width: side, height: side))
        }
        var spec = CollisionSpec(items: items.map(\.id), mode: mode, referenceBoundsAreBoundary: true)
        spec.referenceBoundsInsets = SceneInsets(top: inset, left: inset, bottom: inset, right: inset)
        return Scene(name: "crowd", referenceBounds: SceneRect(x: 0, y: 0, width: 100, height: 100), items: items,
                     behaviors: [.collision(spec, id: "c")], timing: SceneTiming(duration: 0.2))
    }

    static func outside(_ scene: Scene) -> Bool {
        OperatingEnvelope.standard.excursions(of: scene, trace: nil, before: nil).contains { $0.contains("a crowd filling") }
    }

    @Test func theFillIsTheItemsAreaOverTheInside() {
        #expect(abs(CrowdFill.largest(Self.crowd(count: 4, side: 40)) - 0.64) < 1e-12)
        #expect(abs(CrowdFill.largest(Self.crowd(count: 4, side: 40, inset: 10)) - 1.0) < 1e-12)
        #expect(CrowdFill.largest(Self.crowd(count: 4, side: 40, mode: .items)) == 0, "items free to leave the room")
        #expect(CrowdFill.largest(Self.crowd(count: 4, side: 40, mode: .boundaries)) == 0, "items free to overlap")
        #expect(CrowdFill.largest(Self.crowd(count: 1, side: 95)) == 0, "one item is StartingFit's to judge")
    }

    @Test func aCrowdBeyondTheDensestDisorderedPackingIsOutsideTheEnvelope() {
        #expect(!Self.outside(Self.crowd(count: 4, side: 40)))
        #expect(Self.outside(Self.crowd(count: 4, side: 46)), "0.846 of the room")
        #expect(!Self.outside(Self.crowd(count: 4, side: 40, inset: 5)), "0.79 of its inset inside")
        #expect(Self.outside(Self.crowd(count: 4, side: 40, inset: 8)), "0.64 of the room, 0.89 of its inset inside")
    }
}
