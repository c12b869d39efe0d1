/// The scenes of Box2D v3's own benchmark suite, as its repository defines them
/// (github.com/erincatto/box2d, `shared/benchmarks.c`: CreateLargePyramid, CreateManyPyramids,
/// CreateJointGrid; `benchmark/main.c` steps each world at 1/60 s with 4 sub-steps, 500, 200 and
/// 500 steps, with the world's defaults: gravity 10 m/s², friction 0.6, density 1). Box2D's
/// metres become points at ``SceneLayout/pointsPerMeter`` (20 pt/m) and its y axis is flipped:
/// a point (x, y) m lies at (`originX` + 20 x, `originY` − 20 y) pt. Gravity is 10 m/s² = 200 pt/s².
extension SceneLayout {
    /// Box2D's gravity in points: 10 m/s² × 20 pt/m.
    static let suiteGravity = 10 * pointsPerMeter
    /// Box2D's default friction (`b2DefaultShapeDef`), the same for every pair under its
    /// geometric-mean mixing.
    static let suiteFriction = 0.6

    /// The Box2D scene names, in the order they run.
    static let suiteNames = ["large_pyramid", "many_pyramids", "joint_grid"]

    /// The scene of Box2D's suite called `name`, and the steps its benchmark driver runs.
    static func suite(_ name: String) -> (layout: SceneLayout, steps: Int)? {
        switch name {
        case "large_pyramid": (largePyramid(), 500)
        case "many_pyramids": (manyPyramids(), 200)
        case "joint_grid": (jointGrid(), 500)
        default: nil
        }
    }

    /// `large_pyramid`: 100 rows of 1 m boxes (5050), each row one box shorter and half a box
    /// further in, touching, the bottom row resting on a 200 m wide ground whose top is y = 0;
    /// sleep off. Box2D's ground is a 200 × 2 m box; here it is its top face, a segment.
    static func largePyramid(rows: Int = 100) -> SceneLayout {
        let originX = 100 * pointsPerMeter, originY = 1000.0
        var poses: [Pose] = []
        pyramid(rows: rows, left: -0.5 * Double(rows), base: 0, into: &poses, originX: originX, originY: originY)
        return SceneLayout(name: "large_pyramid", shape: .box(side: pointsPerMeter), poses: poses,
                           segments: [Segment(ax: 0, ay: originY, bx: 2 * originX, by: originY)],
                           gravity: suiteGravity, pairFriction: suiteFriction, substeps: 4,
                           left: 0, right: 2 * originX, floor: originY, tops: [poses.count - 1])
    }

    /// `many_pyramids`: a 20 × 20 grid of 10-row pyramids of 1 m boxes (22 000 boxes) on 20
    /// shelves 11 m apart, each 220 m wide; in a row, pyramids start 11 m apart, the first 1 m
    /// in from the shelf's left end (the current repository's layout; v3.1.1's shelves were twice
    /// as wide and its pyramids half a metre further left). Sleep off.
    static func manyPyramids(grid: Int = 20, rows: Int = 10) -> SceneLayout {
        let pitch = Double(rows + 1)                 // 11 m: a pyramid's base plus a box's gap
        let shelfWidth = Double(grid) * pitch        // 220 m
        let originX = shelfWidth / 2 * pointsPerMeter, originY = 5000.0
        var poses: [Pose] = [], tops: [Int] = [], segments: [Segment] = []
        for shelf in 0..<grid {
            let y = originY - Double(shelf) * pitch * pointsPerMeter
            segments.append(Segment(ax: 0, ay: y, bx: 2 * originX, by: y))
            for column in 0..<grid {
                // A pyramid's bottom-left box is centred 1 m right of its slot's start.
                let slot = -shelfWidth / 2 + Double(column) * pitch + 1
                pyramid(rows: rows, left: slot - 0.5, base: Double(shelf) * pitch, into: &poses, originX: originX, originY: originY)
                tops.append(poses.count - 1)
            }
        }
        return SceneLayout(name: "many_pyramids", shape: .box(side: pointsPerMeter), poses: poses, segments: segments,
                           gravity: suiteGravity, pairFriction: suiteFriction, substeps: 4,
                           left: 0, right: 2 * originX, floor: originY, tops: tops)
    }

    /// Appends a pyramid of `rows` rows of 1 m boxes whose bottom row starts at x = `left` m
    /// (the left face of its first box) and rests on y = `base` m; the last box is its top.
    private static func pyramid(rows: Int, left: Double, base: Double, into poses: inout [Pose], originX: Double, originY: Double) {
        for row in 0..<rows {
            for column in 0..<(rows - row) {
                // Row `row` starts half a box further in per row below it; boxes touch.
                let x = left + 0.5 * Double(row + 1) + Double(column), y = base + Double(row) + 0.5
                poses.append(Pose(x: originX + x * pointsPerMeter, y: originY - y * pointsPerMeter, angle: 0))
            }
        }
    }

    /// `joint_grid`: 100 × 100 circles of radius 0.4 m, 1 m apart (column k, row i at (k, −i) m),
    /// each pinned to its upper and left neighbours at the midpoint between them; the 7 circles
    /// of the top row around the middle (k = 47 … 53) are static, so the grid hangs from them.
    /// The circles never collide (Box2D filters them out of each other's way). Sleep off. The
    /// static circles are no bodies here: a pin to one is a pin to a point fixed in space, and the
    /// pins between two of them (which hold nothing) are left out.
    static func jointGrid(size: Int = 100) -> SceneLayout {
        let spacing = pointsPerMeter
        // The anchors sit in the middle of a region 150 m to either side and below them, which
        // a grid 99 m on a side, hanging by its pins, cannot leave.
        let reach = 150 * spacing
        let originX = reach - Double(size / 2) * spacing, originY = 200.0
        func isStatic(_ k: Int, _ i: Int) -> Bool { i == 0 && abs(k - size / 2) <= 3 }
        var poses: [Pose] = [], index = [[Int?]](repeating: [Int?](repeating: nil, count: size), count: size)
        for k in 0..<size {
            for i in 0..<size where !isStatic(k, i) {
                index[k][i] = poses.count
                poses.append(Pose(x: originX + Double(k) * spacing, y: originY + Double(i) * spacing, angle: 0))
            }
        }
        var pins: [Pin] = []
        func pin(_ first: (Int, Int), _ second: (Int, Int)) {
            let x = originX + Double(first.0 + second.0) / 2 * spacing, y = originY + Double(first.1 + second.1) / 2 * spacing
            switch (index[first.0][first.1], index[second.0][second.1]) {
            case let (a?, b?): pins.append(Pin(a: a, b: b, x: x, y: y))
            case let (a?, nil), let (nil, a?): pins.append(Pin(a: a, b: nil, x: x, y: y))
            case (nil, nil): break
            }
        }
        for k in 0..<size {
            for i in 0..<size {
                if i > 0 { pin((k, i - 1), (k, i)) }
                if k > 0 { pin((k - 1, i), (k, i)) }
            }
        }
        return SceneLayout(name: "joint_grid", shape: .circle(radius: 0.4 * spacing), poses: poses, segments: [], pins: pins,
                           gravity: suiteGravity, pairFriction: suiteFriction, collides: false, substeps: 4,
                           left: originX + Double(size / 2) * spacing - reach, right: originX + Double(size / 2) * spacing + reach,
                           floor: originY + reach)
    }
}
