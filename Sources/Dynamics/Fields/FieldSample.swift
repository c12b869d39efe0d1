/// What a field sees of one item at one instant; the argument of a custom field's closure.
///
/// All values are in the engine's public units (points, pt/s, UIKit mass, seconds), not the
/// metres that the built-in force laws use internally.
public struct FieldSample: Sendable, Equatable {
    /// The item's center, in reference coordinates (points).
    public var position: Point
    /// The item's linear velocity (pt/s).
    public var velocity: Vector
    /// The item's mass (UIKit mass units: a 100×100 item of density 1 has mass 1).
    public var mass: Double
    /// The item's electric charge (from `DynamicItemBehavior.charge`; default 0).
    public var charge: Double
    /// The animator's simulated time at the sample (seconds).
    public var time: Double

    /// Creates a sample.
    /// - Parameters:
    ///   - position: center in points.
    ///   - velocity: velocity in pt/s.
    ///   - mass: mass in UIKit mass units.
    ///   - charge: electric charge.
    ///   - time: simulated time in seconds.
    public init(position: Point, velocity: Vector = .zero, mass: Double = 1, charge: Double = 0, time: Double = 0) {
        self.position = position
        self.velocity = velocity
        self.mass = mass
        self.charge = charge
        self.time = time
    }
}
