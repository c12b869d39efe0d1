import Foundation

/// How a scene looks after it ran: the bodies still inside its region, and, where the scene has
/// them, how far its pyramids' tops sank and how far its pins pulled apart.
struct SceneOutcome {
    var inside: Int
    var count: Int
    /// The largest drop of a pyramid's top box below its start (pt; positive is down).
    var topDrop: Double?
    /// How many tops dropped by more than one box: fallen pyramids, not sagging ones.
    var fallenTops = 0
    var tops = 0
    /// The largest and mean distance between the two bodies' points of a pin (pt); 0 is a rigid pin.
    var largestGap: Double?
    var meanGap: Double?
    /// The lowest body's depth below the pinned row (pt): 1980 for the 100-row grid hanging
    /// straight at rest length, more as it stretches or its sides swing down.
    var depth: Double?

    init(_ layout: SceneLayout, _ poses: [SceneLayout.Pose]) {
        count = layout.poses.count
        inside = poses.filter { layout.isInside(x: $0.x, y: $0.y) }.count
        if !layout.tops.isEmpty {
            let drops = layout.tops.map { poses[$0].y - layout.poses[$0].y }
            topDrop = drops.max()
            fallenTops = drops.filter { !($0 <= layout.shape.extent) }.count
            tops = drops.count
        }
        if !layout.pins.isEmpty {
            // A pin's point on a body: its offset from the start, turned with the body.
            func point(_ index: Int, _ pin: SceneLayout.Pin) -> (x: Double, y: Double) {
                let start = layout.poses[index], now = poses[index]
                let (dx, dy) = (pin.x - start.x, pin.y - start.y), turn = now.angle - start.angle
                return (now.x + dx * cos(turn) - dy * sin(turn), now.y + dx * sin(turn) + dy * cos(turn))
            }
            let gaps = layout.pins.map { pin in
                let a = point(pin.a, pin), b = pin.b.map { point($0, pin) } ?? (x: pin.x, y: pin.y)
                return hypot(a.x - b.x, a.y - b.y)
            }
            largestGap = gaps.contains { !$0.isFinite } ? .infinity : gaps.max()
            meanGap = gaps.reduce(0, +) / Double(gaps.count)
            let anchorRow = layout.pins.filter { $0.b == nil }.map(\.y).min() ?? 0
            depth = poses.map { $0.y - anchorRow }.max()
        }
    }

    /// One line without commas (it goes into a CSV field): "5050/5050 inside; top drop 14.6 pt (0.73 box)".
    func text(box: Double) -> String {
        var parts = ["\(inside)/\(count) inside"]
        if let topDrop {
            parts.append(tops == 1 ? String(format: "top drop %.3g pt (%.2g box)", topDrop, topDrop / box)
                         : String(format: "largest top drop %.3g pt (%.2g box); %d/%d tops down > 1 box", topDrop, topDrop / box, fallenTops, tops))
        }
        if let largestGap, let meanGap, let depth {
            parts.append(String(format: "pin gap largest %.3g pt mean %.2g pt; lowest body %.4g pt below the pins", largestGap, meanGap, depth))
        }
        return parts.joined(separator: "; ")
    }
}
