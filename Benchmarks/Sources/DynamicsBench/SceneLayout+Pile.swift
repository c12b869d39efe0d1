extension SceneLayout {
    /// The peers' tumbling pile (the solver issue): `count` boxes of 20 pt, 40 to a row at a
    /// 24 pt pitch, each shifted by a deterministic jitter of up to ±2 pt in x and turned by up to
    /// ±0.1 rad so that the pile tumbles, dropped into a 1000 pt wide container (a floor at
    /// y = 1000 pt, walls at x = 0 and 1000 pt reaching 10 000 pt up) under 1000 pt/s², pair
    /// friction 0.5. In Box2D's units (20 pt/m): 1 m boxes under 50 m/s².
    static func pile(count: Int) -> SceneLayout {
        var random = SplitMix64()
        let pitch = 24.0, perRow = 40, width = 1000.0, floor = 1000.0
        let left = (width - Double(perRow - 1) * pitch) / 2
        let poses = (0..<count).map { index in
            let column = index % perRow, row = index / perRow
            return Pose(x: left + Double(column) * pitch + 2 * random.nextSigned(),
                        y: floor - 30 - Double(row) * pitch, angle: 0.1 * random.nextSigned())
        }
        return SceneLayout(name: "tumbling pile", shape: .box(side: 20), poses: poses,
                           segments: container(width: width, floor: floor), gravity: 1000, pairFriction: 0.5,
                           left: 0, right: width, floor: floor)
    }

    /// A floor from x = 0 to `width` at y = `floor` and walls at both ends up to 10 `floor` above it.
    static func container(width: Double, floor: Double) -> [Segment] {
        [Segment(ax: 0, ay: floor, bx: width, by: floor), Segment(ax: 0, ay: -10 * floor, bx: 0, by: floor),
         Segment(ax: width, ay: -10 * floor, bx: width, by: floor)]
    }
}
