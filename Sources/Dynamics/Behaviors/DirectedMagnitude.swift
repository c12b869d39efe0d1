import Foundation

/// A direction kept in both forms, angle + magnitude and vector, always in sync.
///
/// Setting the vector stores it exactly (so (0, 1) stays exactly (0, 1)) and derives the
/// magnitude (its length) and angle (a zero vector keeps the previous angle). Setting the angle
/// or magnitude rebuilds the vector; a negative magnitude points it opposite to the angle.
struct DirectedMagnitude: Equatable {
    /// Radians, clockwise on screen from the positive x axis.
    private(set) var angle: Double
    /// Length along `angle`; may be negative.
    private(set) var magnitude: Double
    /// The vector form.
    private(set) var vector: Vector

    /// Creates the direction from a vector.
    init(vector: Vector) {
        self.vector = vector
        // hypot, not the plain length: a finite vector as long as 1e300 has a finite magnitude.
        self.magnitude = hypot(vector.dx, vector.dy)
        self.angle = magnitude > 0 ? vector.angle : 0
    }

    /// Creates the direction from angle (radians) and magnitude.
    init(angle: Double, magnitude: Double) {
        self.angle = angle
        self.magnitude = magnitude
        self.vector = Vector(angle: angle, length: magnitude)
    }

    mutating func setVector(_ newValue: Vector) {
        let previousAngle = angle
        self = DirectedMagnitude(vector: newValue)
        if magnitude == 0 { angle = previousAngle }
    }

    mutating func setAngle(_ newValue: Double) { self = DirectedMagnitude(angle: newValue, magnitude: magnitude) }

    mutating func setMagnitude(_ newValue: Double) { self = DirectedMagnitude(angle: angle, magnitude: newValue) }

    /// Throws unless every value is finite.
    func validate(behavior: String) throws(DynamicsError) {
        guard angle.isFinite else { throw .invalidParameter(behavior: behavior, parameter: "angle", value: angle) }
        guard magnitude.isFinite, vector.isFinite else {
            throw .invalidParameter(behavior: behavior, parameter: "magnitude", value: magnitude)
        }
    }
}
