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

    /// A box taller than the inside of its bounds at every turn within reach fits nowhere, and its
    /// whole scene is outside the envelope: wedged between two sides, it crushes what it presses
    /// on (fuzz scene 20261127/2466). A box that exceeds the inside only at its starting angle,
    /// or only by the overlap bound, fits.
    @Test func aBodyTallerThanItsBoundsMakesTheSceneAMisfit() {
        func scene(width: Double, height: Double, angle: Double) -> Scene {
            let wide = SceneItem(id: "a", center: ScenePoint(x: 200, y: 100), size: SceneSize(width: width, height: height), angle: angle)
            let small = SceneItem(id: "b", center: ScenePoint(x: 40, y: 100), size: SceneSize(width: 10, height: 10))
            return Scene(name: "wedged", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 200), items: [wide, small],
                         behaviors: [.collision(CollisionSpec(items: ["a", "b"], referenceBoundsAreBoundary: true), id: "c")],
                         timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
        }
        func misfits(_ scene: Scene) -> [Int] {
            let shapes = SceneShapes(scene), mechanics = SceneMechanics(scene)
            return StartingFit(scene, shapes: shapes, mechanics: mechanics, pairs: CollisionPairs(scene, mechanics: mechanics)).misfits
        }
        var dice = Dice(source: SeededGenerator(seed: 2466))
        for _ in 0..<50 {
            let width = dice.uniform(20, 150)
            // Taller than the 200 pt inside plus the two sides' bounds (5 pt each for items this
            // thick) at every turn up to 30°: h·cos θ + w·sin θ ≥ 250·0.866 + 10 pt there.
            let tall = scene(width: width, height: dice.uniform(250, 300), angle: 0)
            #expect(misfits(tall) == [0], "a \(width) pt wide box too tall at every turn")
            #expect(OperatingEnvelope.standard.excursions(of: tall, trace: nil, before: nil) == ["a created where it does not fit among the walls"])
            #expect(misfits(scene(width: width, height: dice.uniform(150, 209), angle: 0)).isEmpty)
        }
        // A 250 × 20 pt stick is 250·cos θ + 20·sin θ tall at θ from upright: 226 pt at 30°, past
        // the 210 pt allowed, so upright it fits at no searched turn; at 67.5° it stands 114 pt.
        #expect(misfits(scene(width: 20, height: 250, angle: Double.pi / 2 - Double.pi / 8)).isEmpty)
        #expect(misfits(scene(width: 20, height: 250, angle: 0)) == [0])
    }

    /// A box that fits its bounds only turned upright, created tilted (so taller than their
    /// inside, which leaves its overlap with them unjudged) across a shelf: the pose that clears
    /// the shelf must still lie within the bounds (fuzz scene 20261127/710, a 245 × 397 pt box
    /// across a segment spanning a 400 pt room, judged to fit by a pose above the room). Across a
    /// shelf spanning the room no pose clears it; across the end of a short shelf, one does.
    @Test func aPoseThatClearsTheWallsMustStayWithinTheBounds() {
        func scene(width: Double, height: Double, angle: Double, shelfEnd: Double, x: Double) -> Scene {
            let item = SceneItem(id: "a", center: ScenePoint(x: x, y: 100), size: SceneSize(width: width, height: height), angle: angle)
            let shelf = SceneBoundary(identifier: "shelf", from: ScenePoint(x: 0, y: 100), to: ScenePoint(x: shelfEnd, y: 100))
            return Scene(name: "shelf", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 200), items: [item],
                         behaviors: [.collision(CollisionSpec(items: ["a"], referenceBoundsAreBoundary: true, boundaries: [shelf]), id: "c")],
                         timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
        }
        var dice = Dice(source: SeededGenerator(seed: 710))
        for _ in 0..<40 {
            // Taller than the 200 pt inside at its start (h·cos θ + w·sin θ ≥ 205 pt), and within
            // it once turned back by the searched 22.5°: h + w·sin 0.08 ≤ 196 pt, well inside the
            // 210 pt the two sides' 5 pt bounds allow.
            let width = dice.uniform(110, 130), height = dice.uniform(175, 185), angle = dice.uniform(0.43, 0.47)
            #expect(height * cos(angle) + width * sin(angle) > 200)
            let spanning = scene(width: width, height: height, angle: angle, shelfEnd: 400, x: dice.uniform(100, 300))
            #expect(!Self.fits(spanning), "a \(width) × \(height) pt box across a shelf spanning the room")
            let short = scene(width: width, height: height, angle: angle, shelfEnd: 150, x: 150 + dice.uniform(-0.3, 0.3) * width)
            #expect(Self.fits(short), "a \(width) × \(height) pt box across the end of a short shelf")
        }
    }

    /// A 40 pt box 10 pt into the bounds' left side (twice its 5 pt bound), held to the world by
    /// `hold`, or free.
    static func heldBox(_ hold: AttachmentSpec?) -> Scene {
        let item = SceneItem(id: "a", center: ScenePoint(x: 10, y: 200), size: SceneSize(width: 40, height: 40))
        var behaviors: [SceneBehavior] = [.collision(CollisionSpec(items: ["a"], referenceBoundsAreBoundary: true), id: "c")]
        if let hold { behaviors.append(.attachment(hold, id: "h")) }
        return Scene(name: "held", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [item],
                     behaviors: behaviors, timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
    }

    /// A rigid attachment to the world leaves an item only the poses it allows (fuzz scenes
    /// 20261127/1876, a pinned ellipse, and 1426, a rope): held where none clears the wall, the
    /// item does not fit; held so that one does, it fits. Springs hold nothing.
    @Test func anItemHeldToTheWorldFitsOnlyWhereItsHoldLetsItGo() {
        let center = ScenePoint(x: 10, y: 200)
        #expect(Self.fits(Self.heldBox(nil)))
        // A pin at its center: turning leaves a box in the wall; pinned 100 pt above, it swings out.
        #expect(!Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: center, attachmentKind: .pin))))
        #expect(Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: ScenePoint(x: 10, y: 100), attachmentKind: .pin))))
        #expect(!Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: ScenePoint(x: 10, y: 100), attachmentKind: .pin,
                                                          range: SceneRange(lower: -0.01, upper: 0.01)))))
        // A rod from 100 pt above swings it out along its circle; a 2 pt rope leaves it in, a
        // 30 pt one lets it out; a soft spring does not hold it.
        #expect(Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: ScenePoint(x: 10, y: 100)))))
        #expect(!Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: center, length: 2, attachmentKind: .limit))))
        #expect(Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: center, length: 30, attachmentKind: .limit))))
        #expect(Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: center, frequency: 2))))
        // A slider along the wall keeps it in; across the wall lets it out, unless its range stops it.
        #expect(!Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: center, attachmentKind: .sliding, axis: SceneVector(dx: 0, dy: 1)))))
        #expect(Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: center, attachmentKind: .sliding, axis: SceneVector(dx: 1, dy: 0)))))
        #expect(!Self.fits(Self.heldBox(AttachmentSpec(item: "a", anchor: center, attachmentKind: .sliding, range: SceneRange(lower: -50, upper: 2),
                                                           axis: SceneVector(dx: 1, dy: 0)))))
    }

    /// A rigid rod or rope to a fixed point makes its item's scene outside the envelope exactly
    /// when no center inside the bounds meets it (fuzz scenes 20261127/825, a rope of length 0
    /// to a point above the bounds crushing two items under its box, and 321, a rod of 10 000 pt
    /// in 400 pt bounds). Checked against a brute-force search of centers on a 1 pt grid over
    /// the inside (less half the box's thickness, plus its overlap bound): a hold it finds met
    /// by more than a grid step is reachable, one it finds missed by more than that is not.
    @Test func aHoldNoCenterInsideTheBoundsMeetsIsOutsideTheEnvelope() {
        var random = SeededGenerator(seed: 825)
        var decided = (reachable: 0, unreachable: 0)
        for _ in 0..<60 {
            let anchor = ScenePoint(x: Double.random(in: -300...700, using: &random), y: Double.random(in: -300...700, using: &random))
            let exact = Bool.random(using: &random), length = Double.random(in: 0...700, using: &random)
            let item = SceneItem(id: "a", center: ScenePoint(x: 200, y: 200), size: SceneSize(width: 20, height: 20))
            let hold = AttachmentSpec(item: "a", anchor: anchor, length: length, attachmentKind: exact ? .distance : .limit)
            let scene = Scene(name: "held", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [item],
                              behaviors: [.collision(CollisionSpec(items: ["a"], referenceBoundsAreBoundary: true), id: "c"),
                                          .attachment(hold, id: "h")],
                              timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
            // Centers 5 pt from the sides (half the 20 pt box, less its 5 pt bound) and in.
            var best = Double.infinity
            for x in stride(from: 5.0, through: 395, by: 1) {
                for y in stride(from: 5.0, through: 395, by: 1) {
                    let distance = ScenePoint(x: x, y: y).distance(to: anchor)
                    best = min(best, exact ? abs(distance - length) : max(0, distance - length))
                }
            }
            let bound = EmbeddedCheck.bound(thickness: 20), step = 1.5
            let unreachable = WorldHold.unreachable(scene, shapes: SceneShapes(scene), mechanics: SceneMechanics(scene)) == [0]
            if best < bound - step {
                #expect(!unreachable, "anchor \(anchor), length \(length), exact \(exact): met within \(best) pt")
                decided.reachable += 1
            } else if best > bound + step {
                #expect(unreachable, "anchor \(anchor), length \(length), exact \(exact): missed by \(best) pt")
                #expect(OperatingEnvelope.standard.excursions(of: scene, trace: nil, before: nil).contains { $0.contains("cannot reach") })
                decided.unreachable += 1
            }
        }
        #expect(decided.reachable > 10 && decided.unreachable > 10, "\(decided)")
    }

    /// A pin's limits or a slider's axis and range leave an item only an arc or a segment of
    /// centers: the scene is outside the envelope exactly when none lies inside the bounds (fuzz
    /// scene 20261127/1193: an ellipse pinned outside the right wall, its limits keeping it
    /// turned into the wall). Checked against a brute-force sweep of 20 000 turns or positions:
    /// a hold met by more than the sweep's step is reachable, one missed by more is not.
    @Test func aPinOrSliderWhoseLimitsKeepItsItemOutOfTheBoundsIsOutsideTheEnvelope() {
        var random = SeededGenerator(seed: 1193)
        var decided = (reachable: 0, unreachable: 0)
        let region = WallBox(minX: 5, maxX: 395, minY: 5, maxY: 395)
        for trial in 0..<80 {
            let pin = trial % 2 == 0
            let anchor = ScenePoint(x: Double.random(in: -150...550, using: &random), y: Double.random(in: -150...550, using: &random))
            let center = ScenePoint(x: Double.random(in: -50...450, using: &random), y: Double.random(in: -50...450, using: &random))
            let lower = Double.random(in: pin ? -3...0 : -400...0, using: &random)
            let range = SceneRange(lower: lower, upper: lower + Double.random(in: pin ? 0...3 : 0...400, using: &random))
            let axis = SceneVector(dx: cos(Double(trial)), dy: sin(Double(trial)))
            let hold = pin ? AttachmentSpec(item: "a", anchor: anchor, attachmentKind: .pin, range: range)
                : AttachmentSpec(item: "a", anchor: anchor, attachmentKind: .sliding, range: range, axis: axis)
            let item = SceneItem(id: "a", center: center, size: SceneSize(width: 20, height: 20))
            let scene = Scene(name: "held", referenceBounds: SceneRect(x: 0, y: 0, width: 400, height: 400), items: [item],
                              behaviors: [.collision(CollisionSpec(items: ["a"], referenceBoundsAreBoundary: true), id: "c"),
                                          .attachment(hold, id: "h")],
                              timing: SceneTiming(substep: 1.0 / 120, duration: 0.5))
            var best = Double.infinity, step = 0.0
            for k in 0...20_000 {
                let t = range.lower + (range.upper - range.lower) * Double(k) / 20_000
                let point = pin ? anchor + (center - anchor).rotated(by: t) : center + axis * t
                best = min(best, WorldHold.distance(from: point, to: region))
            }
            step = pin ? center.distance(to: anchor) * (range.upper - range.lower) / 20_000 : (range.upper - range.lower) / 20_000
            let unreachable = WorldHold.unreachable(scene, shapes: SceneShapes(scene), mechanics: SceneMechanics(scene)) == [0]
            if best == 0 {
                #expect(!unreachable, "trial \(trial): met")
                decided.reachable += 1
            } else if best > step + 1e-9 {
                #expect(unreachable, "trial \(trial): missed by \(best) pt")
                decided.unreachable += 1
            }
        }
        #expect(decided.reachable > 10 && decided.unreachable > 10, "\(decided)")
    }
}
