import Foundation
@testable import Harness
import Testing

/// ``StartingFit``: which items start where no push-out can clear the walls they overlap, so
/// that their scenes count outside the operating envelope.
@Suite struct StartingFitTests {
    /// A U-shaped pocket of three named segments, `width` wide inside, open at the top, and a
    /// circle of `diameter` in it, `offset` right of the pocket's middle.
    static func pocket(width: Double, diameter: Double, offset: Double) -> Scene {
        let (left, right, bottom) = (100.0, 100 + width, 300.0)
        let wall = SceneBoundary(identifier: "pocket", points: [ScenePoint(x: left, y: 100), ScenePoint(x: left, y: bottom),
                                                                ScenePoint(x: right, y: bottom), ScenePoint(x: right, y: 100)])
        let center = ScenePoint(x: left + width / 2 + offset, y: bottom - diameter / 2 - 20)
        let item = SceneItem(id: "a", center: center, size: SceneSize(width: diameter, height: diameter), shape: .ellipse)
        let behaviors: [SceneBehavior] = [.collision(CollisionSpec(items: ["a"], referenceBoundsAreBoundary: true, boundaries: [wall]), id: "c")]
        return Scene(name: "pocket", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [item],
                     behaviors: behaviors, timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
    }

    /// A 40 pt circle 15 pt into the bounds' left side, welded to the world at its center or free.
    static func corner(welded: Bool) -> Scene {
        let center = ScenePoint(x: 5, y: 200)
        let item = SceneItem(id: "a", center: center, size: SceneSize(width: 40, height: 40), shape: .ellipse)
        var behaviors: [SceneBehavior] = [.collision(CollisionSpec(items: ["a"], referenceBoundsAreBoundary: true), id: "c")]
        if welded { behaviors.append(.attachment(AttachmentSpec(item: "a", anchor: center, attachmentKind: .fixed), id: "w")) }
        return Scene(name: "corner", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [item],
                     behaviors: behaviors, timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
    }

    static func fits(_ scene: Scene) -> Bool {
        let shapes = SceneShapes(scene), mechanics = SceneMechanics(scene)
        return StartingFit(scene, shapes: shapes, mechanics: mechanics, pairs: CollisionPairs(scene, mechanics: mechanics)).fits[0]
    }

    /// A circle overlapping a side of the pocket fits exactly when centring it leaves each side
    /// within the overlap bound: `(D − W)/2 ≤ bound(D)`. Cases within a lattice spacing of that
    /// edge are not drawn: the search samples poses, so it decides them either way.
    @Test func aCircleFitsAPocketWhenCentringItClearsBothSides() {
        var seed = Dice(source: SeededGenerator(seed: 20261127))
        var checked = (fits: 0, misfits: 0)
        for _ in 0..<300 {
            let width = seed.uniform(10, 120), diameter = seed.uniform(4, 150)
            let bound = EmbeddedCheck.bound(thickness: diameter)
            let sideOverlap = (diameter - width) / 2
            // Its center inside the pocket, off the middle toward the right side.
            let offset = seed.uniform(0, 0.45 * width)
            let scene = Self.pocket(width: width, diameter: diameter, offset: offset)
            let reach = sideOverlap + offset + 2 * bound
            guard abs(sideOverlap - bound) > reach / 6 else { continue }
            let expected = sideOverlap <= bound
            #expect(Self.fits(scene) == expected, "pocket \(width) pt, circle \(diameter) pt, offset \(offset): expected fits = \(expected)")
            if expected { checked.fits += 1 } else { checked.misfits += 1 }
        }
        #expect(checked.fits > 30 && checked.misfits > 30, "\(checked)")
    }

    /// An item across a corner of the bounds must move along the diagonal: the search reaches
    /// that far, so it fits (a reach of its deepest overlap alone did not).
    @Test func anItemAcrossACornerOfTheBoundsFits() {
        let item = SceneItem(id: "a", center: ScenePoint(x: 0, y: 0), size: SceneSize(width: 167, height: 100))
        let scene = Scene(name: "corner", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [item],
                          behaviors: [.collision(CollisionSpec(items: ["a"], referenceBoundsAreBoundary: true), id: "c")],
                          timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
        #expect(Self.fits(scene))
        #expect(OperatingEnvelope.standard.excursions(of: scene, trace: nil, before: nil).isEmpty)
    }

    /// An upright ellipse across a wall 160 pt above the floor, its center 100 pt above the floor:
    /// 150 pt tall it fits, 15 pt lower; 200 pt tall it
    /// would fit only lying down, a quarter turn that no push-out is bound to find, so it does not.
    @Test func anItemThatFitsOnlyAfterAQuarterTurnDoesNotFit() {
        func ellipse(height: Double) -> Scene {
            let item = SceneItem(id: "a", center: ScenePoint(x: 200, y: 300), size: SceneSize(width: 120, height: height), shape: .ellipse)
            let wall = SceneBoundary(identifier: "shelf", from: ScenePoint(x: 0, y: 240), to: ScenePoint(x: 400, y: 240))
            return Scene(name: "shelf", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [item],
                         behaviors: [.collision(CollisionSpec(items: ["a"], referenceBoundsAreBoundary: true, boundaries: [wall]), id: "c")],
                         timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
        }
        #expect(Self.fits(ellipse(height: 150)))
        #expect(!Self.fits(ellipse(height: 200)))
    }

    /// A body welded to the world cannot be pushed: overlapping the bounds beyond the overlap
    /// bound, it does not fit, and the envelope says so; the same body free fits. (A body
    /// hanging from a fixed point is not judged against named segments at all.)
    @Test func aBodyWeldedToTheWorldIntoAWallDoesNotFit() {
        let free = Self.corner(welded: false)
        let welded = Self.corner(welded: true)
        #expect(Self.fits(free))
        #expect(!Self.fits(welded))
        #expect(OperatingEnvelope.standard.excursions(of: welded, trace: nil, before: nil) == ["a created where it does not fit among the walls"])
    }
}
