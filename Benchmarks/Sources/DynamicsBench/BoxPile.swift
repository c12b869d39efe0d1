import Dynamics

/// The benchmark scene: `count` boxes of 20×20 pt, density 1, friction 0.5 (pair-wise: √(0.5·0.5)),
/// dropped in a grid into a 1000×1000 pt container (floor and two walls), gravity 1000 pt/s²,
/// rest detection effectively off (the animator never pauses).
final class BoxPile {
    let animator: DynamicAnimator
    let boxes: [HeadlessItem]
    static let containerSize = 1000.0
    static let boxSize = 20.0

    /// - Parameter colliding: false gives the same boxes in free fall with no collision behavior,
    ///   the baseline workload measured in the same run.
    init(count: Int, colliding: Bool = true) throws {
        var configuration = AnimatorConfiguration()
        configuration.restDuration = 1e9
        animator = try DynamicAnimator(configuration: configuration)
        let columns = 40
        let spacing = Self.containerSize / Double(columns)
        boxes = (0..<count).map { index in
            let column = index % columns, row = index / columns
            return HeadlessItem(center: Point(x: spacing * (Double(column) + 0.5), y: Self.containerSize - 30 - Double(row) * 24),
                                size: Size(width: Self.boxSize, height: Self.boxSize))
        }
        let properties = try DynamicItemBehavior(items: boxes)
        properties.friction = 0.5
        properties.density = 1
        try animator.addBehavior(properties)
        try animator.addBehavior(try GravityBehavior(items: boxes))
        if colliding {
            let collision = try CollisionBehavior(items: boxes)
            let s = Self.containerSize
            try collision.addBoundary(withIdentifier: "floor", from: Point(x: 0, y: s), to: Point(x: s, y: s))
            try collision.addBoundary(withIdentifier: "left", from: Point(x: 0, y: -10 * s), to: Point(x: 0, y: s))
            try collision.addBoundary(withIdentifier: "right", from: Point(x: s, y: -10 * s), to: Point(x: s, y: s))
            try animator.addBehavior(collision)
        }
    }

    /// Advances one frame of 1/60 s.
    func step() throws {
        try animator.step(by: 1.0 / 60)
    }

    /// How many boxes have their centers inside the container: between the walls and above the
    /// floor (a box whose center crossed a wall or the floor has tunnelled).
    var boxesInside: Int {
        let s = Self.containerSize
        return boxes.filter { box in
            box.center.isFinite && box.center.x > 0 && box.center.x < s && box.center.y < s
        }.count
    }
}
