import Foundation

/// No item passes through another it collides with. Within a step (sub-step when the engine
/// reports them) an engine moves and turns each body linearly, so the pair's poses in between
/// are the steps' ends interpolated. One item's center coming inside the other (deeper than
/// ``EmbeddedCheck/bound(thickness:)``) in a step that moved them past each other by more than
/// that and more than half the thinner item's thickness (translation, not turning), after they
/// had been clear of each other, is an item going through another (or past half way): a touch
/// never brings a center inside, and the poses are sampled every quarter of the thinner item's
/// thickness, so a pass within one step is not stepped over. A center that creeps inside more
/// slowly is a crush, left to ``EmbeddedCheck``; items created with a center inside each other
/// are judged once they have come clear.
enum ItemTunnellingCheck {
    /// The most poses tried within one step.
    static let largestSampleCount = 64

    static func check(_ scene: Scene, steps: TraceSteps, shapes: SceneShapes, pairs: CollisionPairs) -> [Violation] {
        var found: [Violation] = []
        let format = ContainmentCheck.format
        for pair in pairs.items {
            let (a, b) = (pair.first, pair.second)
            let (outlineA, outlineB) = (shapes.outlines[a], shapes.outlines[b])
            let thinner = min(outlineA.thickness, outlineB.thickness)
            let shallow = EmbeddedCheck.bound(thickness: thinner)
            let reach = outlineA.radius + outlineB.radius
            /// How far one center is inside the other at the poses `sa`, `sb`.
            func inside(_ sa: (center: ScenePoint, angle: Double), _ sb: (center: ScenePoint, angle: Double)) -> Double {
                max(outlineB.depth(of: sa.center, center: sb.center, angle: sb.angle),
                    outlineA.depth(of: sb.center, center: sa.center, angle: sa.angle))
            }
            var clear = false
            search: for step in steps.states.indices where steps.times[step] >= pair.start - 1e-9 && steps.times[step] <= pair.end + 1e-9 {
                let (a1, b1) = (steps.states[step][a], steps.states[step][b])
                let end = b1.center - a1.center
                guard step > 0, clear else {
                    clear = end.length >= reach || inside((a1.center, a1.angle), (b1.center, b1.angle)) <= shallow
                    continue
                }
                let (a0, b0) = (steps.states[step - 1][a], steps.states[step - 1][b])
                let start = b0.center - a0.center
                let travel = (end - start).length + abs(remainder(a1.angle - a0.angle, 2 * Double.pi)) * outlineA.radius
                    + abs(remainder(b1.angle - b0.angle, 2 * Double.pi)) * outlineB.radius
                guard closest(start, end) < reach else { continue }
                // Too little relative motion to pass (less than half the thinner item in the step,
                // or a turn alone, crushes rather than passes): only whether they are clear now.
                guard (end - start).length > max(shallow, thinner / 2) else {
                    clear = inside((a1.center, a1.angle), (b1.center, b1.angle)) <= shallow
                    continue
                }
                // Clamped as a Double: a travel of 1e300 pt must not trap the conversion.
                let count = Int(min(Double(largestSampleCount), max(2, (4 * travel / max(thinner, 1e-9)).rounded(.up))))
                for index in 1...count {
                    let t = Double(index) / Double(count)
                    let depth = inside(blend(a0, a1, t), blend(b0, b1, t))
                    guard depth > shallow else { continue }
                    let (idA, idB) = (scene.items[a].id, scene.items[b].id)
                    let speed = (end - start).length / max(steps.lengths[step], 1e-12)
                    found.append(Violation(.itemTunnelling, "\(idA) and \(idB) went into each other between t = \(format(steps.times[step - 1])) and \(format(steps.times[step])) s: one's center \(format(depth)) pt inside the other (more than \(format(shallow)) pt), at a relative speed of \(format(speed)) pt/s, after they had been clear", items: [idA, idB], subject: "item-item", time: steps.times[step - 1]))
                    break search
                }
                clear = true
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
