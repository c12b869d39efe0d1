/// A scene that all three engines build identically, in points and seconds with y downwards:
/// bodies of one shape (density 1, elasticity 0, no damping), static segments, pins, gravity
/// along +y and one pair friction. This engine's masses are density × area / 10⁴ (its UIKit
/// units); Chipmunk gets the same masses and Box2D reads the scene in metres
/// (``SceneLayout/pointsPerMeter``), where density 1 is 1 kg/m².
struct SceneLayout {
    /// Box2D's scenes are in metres; here one metre is 20 pt, the side of the pile's boxes, so
    /// Box2D's 1 m boxes are this engine's 20 pt boxes and Box2D's linear slop (0.005 m) is this
    /// engine's (0.1 pt).
    static let pointsPerMeter = 20.0

    /// The shape of every body.
    enum Shape {
        /// A square of this side (pt).
        case box(side: Double)
        /// A circle of this radius (pt).
        case circle(radius: Double)

        /// Area (pt²).
        var area: Double {
            switch self {
            case let .box(side): side * side
            case let .circle(radius): Double.pi * radius * radius
            }
        }

        /// The size of the item's bounds (pt): the side, or the diameter.
        var extent: Double {
            switch self {
            case let .box(side): side
            case let .circle(radius): 2 * radius
            }
        }
    }

    /// One body's starting pose (pt, radians; clockwise on screen, as y points down).
    struct Pose {
        var x: Double
        var y: Double
        var angle: Double
    }

    /// A static segment (pt).
    struct Segment {
        var ax: Double, ay: Double, bx: Double, by: Double
    }

    /// A pin (a revolute joint): bodies `a` and `b` turn freely about the point (`x`, `y`) (pt),
    /// or body `a` about that point fixed in space when `b` is nil.
    struct Pin {
        var a: Int
        var b: Int?
        var x: Double, y: Double
    }

    /// The scene's name in tables and CSV rows.
    var name: String
    var shape: Shape
    var poses: [Pose]
    var segments: [Segment]
    var pins: [Pin] = []
    /// Gravity (pt/s², along +y).
    var gravity: Double
    /// The friction of every touching pair (each shape gets what its engine's mixing rule turns
    /// into this: the same value for this engine's and Box2D's geometric mean, its square root
    /// for Chipmunk's product).
    var pairFriction: Double
    /// Whether bodies collide with each other and the segments (the joint grid's circles do not).
    var collides = true
    /// Sub-steps per 1/60 s frame for this engine and Box2D; nil: each engine's default (this
    /// engine 2, Box2D 4 as in its own benchmark driver). Chipmunk always takes one step.
    var substeps: Int? = nil
    /// The region a body's center must stay in (pt): between `left` and `right`, above `floor`.
    var left: Double, right: Double, floor: Double
    /// The bodies whose drop is the scene's result: the top box of each pyramid.
    var tops: [Int] = []

    /// The mass of one body in this engine's and Chipmunk's units: density 1 × area / 10⁴.
    var mass: Double { shape.area / 10_000 }

    /// Whether a center lies inside the region.
    func isInside(x: Double, y: Double) -> Bool {
        x.isFinite && y.isFinite && x > left && x < right && y < floor
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
