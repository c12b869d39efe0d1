import Foundation

/// One rigid body of the world: plain data, stored contiguously and addressed by index.
struct Body {
    /// Center of mass (points).
    var position: Point
    /// Rotation (radians, clockwise on screen).
    var angle: Double
    /// Linear velocity (pt/s).
    var velocity: Vector
    /// Angular velocity (rad/s, clockwise positive).
    var angularVelocity: Double
    /// Size of the collision bounds (points).
    var size: Size
    /// Mass (UIKit mass units: a 100×100 item of density 1 has mass 1).
    var mass: Double
    /// Rotational inertia about the center (mass·pt²).
    var inertia: Double
    /// Constant acceleration from gravity and continuous pushes (pt/s²).
    var acceleration: Vector
    /// Constant angular acceleration from offset pushes (rad/s²).
    var angularAcceleration: Double
    /// Exact-step coefficients for the linear damping (resistance).
    var linearStep: ExponentialStep
    /// Exact-step coefficients for the angular damping (angularResistance).
    var angularStep: ExponentialStep
    /// Whether the body may rotate.
    var allowsRotation: Bool
    /// Whether the body is fixed in place.
    var isAnchored: Bool

    /// Advances the body by one sub-step of free motion under its constant acceleration and
    /// linear damping, exactly (see ``ExponentialStep``).
    @inline(__always)
    mutating func integrateFreeMotion() {
        guard !isAnchored else { return }
        position += velocity * linearStep.phi1 + acceleration * linearStep.phi2
        velocity = velocity * linearStep.decay + acceleration * linearStep.phi1
        if allowsRotation {
            angle += angularVelocity * angularStep.phi1 + angularAcceleration * angularStep.phi2
            angularVelocity = angularVelocity * angularStep.decay + angularAcceleration * angularStep.phi1
        }
    }
}

extension Body {
    /// The axis-aligned box around the rotated bounds (points).
    var boundingBox: Rect {
        let c = abs(cos(angle)), s = abs(sin(angle))
        let width = size.width * c + size.height * s
        let height = size.width * s + size.height * c
        return Rect(center: position, size: Size(width: width, height: height))
    }
}
