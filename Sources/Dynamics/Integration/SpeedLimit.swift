/// The limits on a body's speed that keep every state finite for any finite input.
///
/// A body's velocity is clamped to the animator's maximum linear speed and its angular velocity
/// to 0.25π (an eighth of a turn) per sub-step: after the forces are integrated, before positions
/// are, and at the end of the sub-step (``World/finishSubstep()``), after the relax and restitution
/// passes, whose impulses on a light item squeezed between heavy ones otherwise passed the cap
/// (a 2 pt box reported 4e5 pt/s against a cap of 1e5). Box2D v3 clamps the same two quantities in its velocity integration (a world maximum
/// linear speed, and `B2_MAX_ROTATION` = 0.25π per sub-step). A velocity that overflowed to
/// infinity keeps the direction of its infinite components; one with no direction left (NaN from
/// opposing infinite forces) becomes rest rather than spreading NaN.
enum SpeedLimit {
    /// The largest rotation of a body in one sub-step (radians).
    static let maximumRotationPerSubstep = 0.25 * Double.pi

    /// `velocity`, scaled down to length `limit` (pt/s) if it is longer.
    @inline(__always)
    static func clamp(_ velocity: Vector, to limit: Double) -> Vector {
        if velocity.lengthSquared <= limit * limit { return velocity }
        return direction(of: velocity) * limit
    }

    /// `angularVelocity` (rad/s), limited to ±`limit`.
    @inline(__always)
    static func clamp(_ angularVelocity: Double, to limit: Double) -> Double {
        if abs(angularVelocity) <= limit { return angularVelocity }
        if angularVelocity.isNaN { return 0 }
        return angularVelocity > 0 ? limit : -limit
    }

    /// The unit vector along `velocity`, computed without overflow; zero if it has no direction.
    private static func direction(of velocity: Vector) -> Vector {
        var unit: Vector
        if velocity.isFinite {
            let largest = max(abs(velocity.dx), abs(velocity.dy))
            unit = velocity / largest
        } else {
            func sign(_ x: Double) -> Double { x.isInfinite ? (x > 0 ? 1 : -1) : 0 }
            unit = Vector(dx: sign(velocity.dx), dy: sign(velocity.dy))
        }
        let length = unit.length
        return length > 0 ? unit / length : .zero
    }
}
