import Foundation

/// No item passes through another it collides with. Within a sub-step an engine moves and turns
/// each body linearly, so the pair's poses in between are the sub-steps' ends interpolated; the
/// check needs the engine's sub-step states (``TraceSteps/areSubsteps``) and is not made
/// without them, since recorded samples several sub-steps apart are not the path the bodies took.
///
/// One item's center coming inside the other, deeper than the lesser of
/// ``EmbeddedCheck/bound(thickness:)`` for the pair and a quarter of the containing item's own
/// thickness (a center can be at most half of it deep, so a thin item is judged too), in a
/// sub-step that moved them past each other by more than that and more than half the thinner
/// item's thickness (translation, not turning), when at its start neither center was inside
/// the other item, is an item going through another (or past half way): a touch never brings a
/// center inside, and the poses are sampled every quarter of the thinner item's thickness, so a
/// pass within one sub-step is not stepped over. A center that creeps inside over several
/// sub-steps, or slides along while inside, is a crush, left to ``EmbeddedCheck``; items
/// created with a center inside each other are judged once they have come clear.
enum ItemTunnellingCheck {
    /// The most poses tried within one sub-step: a quarter-thickness spacing for a 2 pt item
    /// crossing at 5000 pt/s in a 1/30 s sub-step (the envelope's extremes) is 334 poses.
    static let largestSampleCount = 1024.0

    /// The depth beyond which a center is inside an item `thickness` thick, for a pair whose
    /// overlap bound is `shallow` (points).
    static func threshold(shallow: Double, thickness: Double) -> Double { min(shallow, EmbeddedCheck.thicknessShare * thickness) }

    static func check(_ scene: Scene, steps: TraceSteps, shapes: SceneShapes, pairs: CollisionPairs) -> [Violation] {
        var found: [Violation] = []
        let format = ContainmentCheck.format
        for pair in pairs.items {
            let (a, b) = (pair.first, pair.second)
            let (outlineA, outlineB) = (shapes.outlines[a], shapes.outlines[b])
            let thinner = min(outlineA.thickness, outlineB.thickness)
            let shallow = EmbeddedCheck.bound(thickness: thinner)
            let (insideA, insideB) = (threshold(shallow: shallow, thickness: outlineA.thickness),
                                      threshold(shallow: shallow, thickness: outlineB.thickness))
            let reach = outlineA.radius + outlineB.radius
            /// How far a center is inside the other item at the poses `sa`, `sb` (points; not
            /// positive when neither is), and the most either is beyond the depth that counts for
            /// the item containing it (positive when one is).
            func inside(_ sa: (center: ScenePoint, angle: Double), _ sb: (center: ScenePoint, angle: Double)) -> (depth: Double, excess: Double) {
                let aInB = outlineB.depth(of: sa.center, center: sb.center, angle: sb.angle)
                let bInA = outlineA.depth(of: sb.center, center: sa.center, angle: sa.angle)
                return (max(aInB, bInA), max(aInB - insideB, bInA - insideA))
            }
            /// Clear: far apart, or neither center inside the other item.
            func isClear(_ sa: ItemState, _ sb: ItemState) -> Bool {
                (sb.center - sa.center).length >= reach || inside((sa.center, sa.angle), (sb.center, sb.angle)).depth <= 0
            }
            var clear = false
            search: for step in steps.states.indices where steps.times[step] >= pair.start - 1e-9 && steps.times[step] <= pair.end + 1e-9 {
                let (a1, b1) = (steps.states[step][a], steps.states[step][b])
                guard step > 0, clear else {
                    clear = isClear(a1, b1)
                    continue
                }
                let (a0, b0) = (steps.states[step - 1][a], steps.states[step - 1][b])
                let start = b0.center - a0.center, end = b1.center - a1.center
                guard closest(start, end) < reach else { continue }
                // Too little relative motion to pass (less than half the thinner item in the step,
                // or a turn alone, crushes rather than passes): only whether they are clear now.
                guard (end - start).length > max(shallow, thinner / 2) else {
                    clear = isClear(a1, b1)
                    continue
                }
                let travel = (end - start).length + abs(remainder(a1.angle - a0.angle, 2 * Double.pi)) * outlineA.radius
                    + abs(remainder(b1.angle - b0.angle, 2 * Double.pi)) * outlineB.radius
                // Clamped as a Double: a travel of 1e300 pt must not trap the conversion.
                let count = Int(min(largestSampleCount, max(2, (4 * travel / max(thinner, 1e-9)).rounded(.up))))
                for index in 1...count {
                    let t = Double(index) / Double(count)
                    let excess = inside(blend(a0, a1, t), blend(b0, b1, t)).excess
                    guard excess > 0 else { continue }
                    let (idA, idB) = (scene.items[a].id, scene.items[b].id)
                    let speed = (end - start).length / max(steps.lengths[step], 1e-12)
                    found.append(Violation(.itemTunnelling, "\(idA) and \(idB) went into each other between t = \(format(steps.times[step - 1])) and \(format(steps.times[step])) s: one's center \(format(excess)) pt deeper inside the other than the \(format(min(insideA, insideB)))–\(format(max(insideA, insideB))) pt that counts, at a relative speed of \(format(speed)) pt/s, after neither center had been inside the other", items: [idA, idB], subject: "item-item", time: steps.times[step - 1]))
                    break search
                }
                clear = isClear(a1, b1)
            }
        }
        return found
    }

    /// The state a fraction `t` of the way from `a` to `b` (center and angle linear).
    static func blend(_ a: ItemState, _ b: ItemState, _ t: Double) -> (center: ScenePoint, angle: Double) {
        (a.center + (b.center - a.center) * t, a.angle + remainder(b.angle - a.angle, 2 * Double.pi) * t)
    }

    /// The least length of `start + t·(end − start)` for t in [0, 1].
    static func closest(_ start: SceneVector, _ end: SceneVector) -> Double {
        let path = end - start, length2 = path.dot(path)
        let t = length2 > 0 ? max(0, min(1, -start.dot(path) / length2)) : 0
        return (start + path * t).length
    }
}
