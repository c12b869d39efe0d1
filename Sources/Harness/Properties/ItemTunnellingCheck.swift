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
            let judge = PairJudge(pair, shapes: shapes)
            var breach: Pose?
            judge.poses(steps) { pose in
                if pose.excess > 0 { breach = pose }
                return breach == nil
            }
            guard let breach else { continue }
            let step = breach.step
            let (idA, idB) = (scene.items[pair.first].id, scene.items[pair.second].id)
            let start = steps.states[step - 1][pair.second].center - steps.states[step - 1][pair.first].center
            let end = steps.states[step][pair.second].center - steps.states[step][pair.first].center
            let speed = (end - start).length / max(steps.lengths[step], 1e-12)
            let (insideA, insideB) = (judge.insideA, judge.insideB)
            found.append(Violation(.itemTunnelling, "\(idA) and \(idB) went into each other between t = \(format(steps.times[step - 1])) and \(format(steps.times[step])) s: one's center \(format(breach.excess)) pt deeper inside the other than the \(format(min(insideA, insideB)))–\(format(max(insideA, insideB))) pt that counts, at a relative speed of \(format(speed)) pt/s, after neither center had been inside the other", items: [idA, idB], subject: "item-item", time: steps.times[step - 1]))
        }
        return found
    }

    /// A pose of a pair the check judges: a fraction of the way through a step.
    struct Pose {
        /// The step it is in (ending at it), and how far through it.
        let step: Int, fraction: Double
        /// Its time (seconds).
        let time: Double
        /// How far one item's center is deeper inside the other than the depth that counts for
        /// the item containing it, the larger of the two (points; positive when one is).
        let excess: Double
    }

    /// One colliding pair as the check judges it.
    struct PairJudge {
        let pair: CollisionPairs.ItemPair
        let outlineA: ItemOutline, outlineB: ItemOutline
        /// The thinner item's thickness and the pair's overlap bound (points).
        let thinner: Double, shallow: Double
        /// The depth that counts for a center inside the first item and inside the second (points).
        let insideA: Double, insideB: Double
        /// The largest distance between the centers at which they can overlap (points).
        let reach: Double

        init(_ pair: CollisionPairs.ItemPair, shapes: SceneShapes) {
            self.pair = pair
            (outlineA, outlineB) = (shapes.outlines[pair.first], shapes.outlines[pair.second])
            thinner = min(outlineA.thickness, outlineB.thickness)
            shallow = EmbeddedCheck.bound(thickness: thinner)
            (insideA, insideB) = (threshold(shallow: shallow, thickness: outlineA.thickness), threshold(shallow: shallow, thickness: outlineB.thickness))
            reach = outlineA.radius + outlineB.radius
        }

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

        /// Every pose the check judges, in order, over the pair's life in `steps`: those through
        /// each step that moves the items past each other after they were clear; `visit`
        /// returns false to stop.
        func poses(_ steps: TraceSteps, _ visit: (Pose) -> Bool) {
            let (a, b) = (pair.first, pair.second)
            var clear = false
            for step in steps.states.indices where steps.times[step] >= pair.start - 1e-9 && steps.times[step] <= pair.end + 1e-9 {
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
                    let pose = Pose(step: step, fraction: t, time: steps.times[step - 1] + t * steps.lengths[step],
                                    excess: inside(blend(a0, a1, t), blend(b0, b1, t)).excess)
                    guard visit(pose) else { return }
                }
                clear = isClear(a1, b1)
            }
        }
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
