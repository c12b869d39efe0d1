/// Accelerates its items at the same rate whatever their mass.
///
/// Magnitude 1.0 is 1000 pt/s²; the default direction is (0, 1), straight down. An item in two
/// gravity behaviors receives the sum of both.
public final class GravityBehavior: ItemBearingBehavior {
    /// Acceleration in pt/s² that a magnitude of 1.0 stands for.
    public static let pointsPerSecondSquaredPerUnit = 1000.0

    private var direction = DirectedMagnitude(vector: Vector(dx: 0, dy: 1)) {
        didSet { if direction != oldValue { setNeedsResolve() } }
    }

    /// Creates a gravity behavior for `items` with the default gravity (0, 1).
    public override init(items: [any DynamicItem] = []) throws(DynamicsError) {
        try super.init(items: items)
    }

    /// Gravity as a vector; a length of 1.0 is 1000 pt/s².
    public var gravityDirection: Vector {
        get { direction.vector }
        set { direction.setVector(newValue) }
    }

    /// Direction in radians, clockwise on screen from the positive x axis (default π/2, down).
    public var angle: Double {
        get { direction.angle }
        set { direction.setAngle(newValue) }
    }

    /// Strength; 1.0 is 1000 pt/s².
    public var magnitude: Double {
        get { direction.magnitude }
        set { direction.setMagnitude(newValue) }
    }

    /// Sets angle (radians) and magnitude together.
    public func setAngle(_ angle: Double, magnitude: Double) {
        direction = DirectedMagnitude(angle: angle, magnitude: magnitude)
    }

    override func contribute(to resolution: inout TreeResolution) throws(DynamicsError) {
        try direction.validate(behavior: "GravityBehavior")
        let acceleration = direction.vector * Self.pointsPerSecondSquaredPerUnit
        for item in items {
            resolution.addGravity(acceleration, to: resolution.slot(for: item))
        }
    }
}
