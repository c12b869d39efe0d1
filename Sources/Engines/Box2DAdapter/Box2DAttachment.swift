internal import CBox2D
import Foundation
import Harness

/// One scene attachment as a Box2D v3 joint: a rigid distance joint for a rod, a distance joint
/// with its spring for a soft one, a distance joint with a free spring and a maximum length for a
/// limit (a rope), a revolute joint for a pin (its limit for the range, its motor at zero speed
/// for the friction torque), a weld joint for fixed and a prismatic joint for sliding. The anchor
/// side is the world's static ground body, whose frame is the world's.
///
/// Box2D solves every joint softly (its soft step: a 60 Hz, damping ratio 2 position correction
/// with the bias, then a relax pass without it), so a "rigid" joint drifts a little under load and
/// comes back; that is Box2D's behaviour and stays in the results.
struct Box2DAttachment {
    /// A body and its pose when the attachment is made.
    struct End {
        var body: b2BodyId
        var center: ScenePoint
        var angle: Double
    }

    /// The joint.
    let joint: b2JointId
    /// Whether the A side is the ground (an item–anchor attachment whose anchor may move).
    private let anchoredToGround: Bool

    /// Builds the joint of `spec` between `item` and `other` (`nil`: the ground at the anchor).
    /// - Throws: ``UnsupportedFeatureError`` for what Box2D cannot express faithfully.
    init(_ spec: AttachmentSpec, item: End, other: End?, ground: b2BodyId, world: b2WorldId) throws {
        let a = other?.body ?? ground, b = item.body
        anchoredToGround = other == nil
        func local(_ point: ScenePoint, _ end: End?) -> b2Vec2 {
            guard let end else { return Self.vector(point.x, point.y) }
            let dx = point.x - end.center.x, dy = point.y - end.center.y, c = cos(end.angle), s = sin(end.angle)
            return Self.vector(c * dx + s * dy, -s * dx + c * dy)
        }
        let relativeAngle = Float(item.angle - (other?.angle ?? 0))
        switch spec.attachmentKind {
        case .distance, .limit:
            let itemPoint = item.center + spec.offset
            guard let far = other.map({ $0.center + spec.otherOffset }) ?? spec.anchor else {
                throw UnsupportedFeatureError("an attachment to neither an item nor an anchor")
            }
            let length = spec.length ?? hypot(itemPoint.x - far.x, itemPoint.y - far.y)
            // Box2D clamps a distance joint's lengths to at least its linear slop.
            guard length >= Box2DUnits.linearSlop else {
                throw UnsupportedFeatureError("a \(spec.attachmentKind.rawValue) attachment of length \(length) pt: Box2D's distance joint is at least its linear slop, \(Box2DUnits.linearSlop) pt")
            }
            var definition = b2DefaultDistanceJointDef()
            definition.bodyIdA = a
            definition.bodyIdB = b
            definition.localAnchorA = local(far, other)
            definition.localAnchorB = local(itemPoint, item)
            definition.length = Float(length)
            definition.collideConnected = true
            if spec.attachmentKind == .limit {
                // Box2D's rope: a spring of zero stiffness (free) between the limits, at most `length`.
                definition.enableSpring = true
                definition.hertz = 0
                definition.enableLimit = true
                definition.minLength = 0
                definition.maxLength = Float(length)
            } else if spec.frequency > 0 {
                // Box2D's spring frequency is that of the joint's axis against its effective mass
                // 1/(1/m_A + 1/m_B + (r_A×n)²/I_A + (r_B×n)²/I_B), which is SPEC's definition, so
                // the numbers pass through (k = m_eff·ω², c = 2ζ·m_eff·ω, ω = 2π·frequency).
                definition.enableSpring = true
                definition.hertz = Float(spec.frequency)
                definition.dampingRatio = Float(spec.damping)
            } else {
                definition.enableSpring = false
            }
            joint = b2CreateDistanceJoint(world, &definition)
        case .pin:
            let pivot = try Self.anchor(of: spec)
            var definition = b2DefaultRevoluteJointDef()
            definition.bodyIdA = a
            definition.bodyIdB = b
            definition.localAnchorA = local(pivot, other)
            definition.localAnchorB = local(pivot, item)
            definition.referenceAngle = relativeAngle
            definition.collideConnected = true
            if let range = spec.range {
                definition.enableLimit = true
                definition.lowerAngle = Float(range.lower)
                definition.upperAngle = Float(range.upper)
            }
            if spec.frictionTorque > 0 {
                // Coulomb friction on the relative spin: a motor held at zero speed whose torque is
                // at most the friction torque, 100·τ in Box2D's mass·pt²/s² (a torque is r × 100·F).
                definition.enableMotor = true
                definition.motorSpeed = 0
                definition.maxMotorTorque = Float(SceneUnits.pointsPerForceUnit * spec.frictionTorque)
            }
            joint = b2CreateRevoluteJoint(world, &definition)
        case .fixed:
            let pivot = try Self.anchor(of: spec)
            var definition = b2DefaultWeldJointDef()
            definition.bodyIdA = a
            definition.bodyIdB = b
            definition.localAnchorA = local(pivot, other)
            definition.localAnchorB = local(pivot, item)
            definition.referenceAngle = relativeAngle
            // Zero hertz: Box2D's stiffest weld, not a spring.
            definition.linearHertz = 0
            definition.angularHertz = 0
            definition.collideConnected = true
            joint = b2CreateWeldJoint(world, &definition)
        case .sliding:
            let pivot = try Self.anchor(of: spec)
            guard let axis = spec.axis else { throw UnsupportedFeatureError("a sliding attachment without an axis") }
            let length = hypot(axis.dx, axis.dy)
            // The axis is in reference axes at creation; Box2D wants it in body A's frame.
            let angleA = other?.angle ?? 0, c = cos(angleA), s = sin(angleA)
            let unit = SceneVector(dx: axis.dx / length, dy: axis.dy / length)
            var definition = b2DefaultPrismaticJointDef()
            definition.bodyIdA = a
            definition.bodyIdB = b
            definition.localAnchorA = local(pivot, other)
            definition.localAnchorB = local(pivot, item)
            definition.localAxisA = Self.vector(c * unit.dx + s * unit.dy, -s * unit.dx + c * unit.dy)
            definition.referenceAngle = relativeAngle
            definition.collideConnected = true
            if let range = spec.range {
                definition.enableLimit = true
                definition.lowerTranslation = Float(range.lower)
                definition.upperTranslation = Float(range.upper)
            }
            joint = b2CreatePrismaticJoint(world, &definition)
        }
    }

    /// Moves the anchor of an item–anchor attachment to `point` (world, points): the ground's
    /// frame is the world's, so its local anchor is the point itself.
    func setAnchor(_ point: ScenePoint) {
        guard anchoredToGround else { return }
        b2Joint_SetLocalAnchorA(joint, Self.vector(point.x, point.y))
    }

    private static func anchor(of spec: AttachmentSpec) throws -> ScenePoint {
        guard let anchor = spec.anchor else {
            throw UnsupportedFeatureError("a \(spec.attachmentKind.rawValue) attachment without an anchor")
        }
        return anchor
    }

    static func vector(_ x: Double, _ y: Double) -> b2Vec2 { b2Vec2(x: Float(x), y: Float(y)) }
}
