import CChipmunk
import Foundation

/// What moves one Chipmunk body besides contacts and joints, in the scene's units: the velocity
/// callback reads it through the body's user data every sub-step.
struct BodyDrive {
    /// Gravity plus continuous pushes divided by the mass (pt/s²).
    var acceleration = cpVect(x: 0, y: 0)
    /// Torque of offset continuous pushes divided by the moment of inertia (rad/s²).
    var angularAcceleration = 0.0
    /// Linear damping rate, the item's `resistance` (1/s).
    var resistance = 0.0
    /// Angular damping rate, the item's `angularResistance` (1/s).
    var angularResistance = 0.0

    /// Chipmunk's own velocity step (`v ← v·damping + a·h`; `cpSpaceStep` moves positions first,
    /// with the previous step's velocity, `x ← x + v·h`: semi-implicit Euler), with the body's own acceleration and damping factors
    /// `e^(−c·h)` instead of the space-wide ones, since a scene's gravity and resistance are per item.
    static let velocityUpdate: cpBodyVelocityFunc = { body, _, _, step in
        guard let body, let data = cpBodyGetUserData(body) else { return }
        let drive = data.assumingMemoryBound(to: BodyDrive.self).pointee
        let v = cpBodyGetVelocity(body)
        let damping = (drive.resistance * step).isZero ? 1 : exp(-drive.resistance * step)
        let angularDamping = (drive.angularResistance * step).isZero ? 1 : exp(-drive.angularResistance * step)
        cpBodySetVelocity(body, cpVect(x: v.x * damping + drive.acceleration.x * step,
                                       y: v.y * damping + drive.acceleration.y * step))
        cpBodySetAngularVelocity(body, cpBodyGetAngularVelocity(body) * angularDamping + drive.angularAcceleration * step)
    }
}
