/// A scene of 20×20 pt boxes that both engines build identically, in points and seconds: density 1
/// (mass 0.04 in UIKit units), gravity 1000 pt/s² downwards (+y), elasticity 0, no damping, pair
/// friction 0.5, sleeping and rest detection off, in a container of a floor at y = 1000 pt and
/// two walls at x = 0 and x = `width`.
struct BoxLayout {
    static let boxSize = 20.0
    static let floor = 1000.0
    static let gravity = 1000.0
    /// Mass of one box: density 1 × 400 pt² / 10 000 (the engine's UIKit mass units).
    static let boxMass = 0.04
    static let pairFriction = 0.5

    /// One box's starting pose.
    struct Pose {
        var x: Double
        var y: Double
        var angle: Double
    }

    /// The container's width (pt).
    var width: Double
    var poses: [Pose]

    /// The peers' pile (the solver issue): `count` boxes, 40 to a row at a 24 pt pitch, each
    /// shifted by a deterministic jitter of up to ±2 pt in x and turned by up to ±0.1 rad so that
    /// the pile tumbles, dropped into a 1000 pt wide container.
    static func pile(count: Int) -> BoxLayout {
        var random = SplitMix64()
        let pitch = 24.0, perRow = 40, width = 1000.0
        let left = (width - Double(perRow - 1) * pitch) / 2
        return BoxLayout(width: width, poses: (0..<count).map { index in
            let column = index % perRow, row = index / perRow
            return Pose(x: left + Double(column) * pitch + 2 * random.nextSigned(),
                        y: floor - 30 - Double(row) * pitch, angle: 0.1 * random.nextSigned())
        })
    }

    /// Box2D v3's large pyramid in these units: `rows` rows (5050 boxes for 100), each row one box
    /// shorter and half a box further in, boxes touching, the bottom row resting on the floor.
    static func pyramid(rows: Int) -> BoxLayout {
        let width = Double(rows + 4) * boxSize
        var poses: [Pose] = []
        for row in 0..<rows {
            let count = rows - row
            let left = width / 2 - Double(count - 1) * boxSize / 2
            for column in 0..<count {
                poses.append(Pose(x: left + Double(column) * boxSize, y: floor - (Double(row) + 0.5) * boxSize, angle: 0))
            }
        }
        return BoxLayout(width: width, poses: poses)
    }

    /// Whether a center lies inside the container (between the walls, above the floor).
    func isInside(x: Double, y: Double) -> Bool {
        x.isFinite && y.isFinite && x > 0 && x < width && y < Self.floor
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): the same sequence on every run and machine.
struct SplitMix64 {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// A uniform value in [−1, 1).
    mutating func nextSigned() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53) * 2 - 1
    }
}
