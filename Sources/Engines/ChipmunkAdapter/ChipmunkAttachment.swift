import CChipmunk
import Foundation
import Harness

/// One scene attachment as Chipmunk constraints: a pin joint for a rigid distance (a rod), a
/// damped spring for a soft one, a slide joint for a limit (a rope), a pivot for a pin (with a
/// rotary limit for its range), a groove plus a rotary lock for sliding, a pivot plus a rotary
/// lock (or gear) for fixed. The anchor side is the space's static body, in world coordinates.
struct ChipmunkAttachment {
    /// A body and what the adapter knows of it.
    struct End {
        var body: OpaquePointer
        /// The body's center and angle when the attachment is made.
        var center: ScenePoint
        var angle: Double
        var mass: Double
        var inertia: Double
    }

    /// The constraints, to add to the space and free with it.
    private(set) var constraints: [OpaquePointer] = []
    /// Moves the anchor point (world, points) of an item–anchor attachment.
    private var moveAnchor: ((OpaquePointer, cpVect) -> Void)?
    private var anchorConstraint: OpaquePointer?

    /// Builds the constraints of `spec` between `item` and `other` (`nil`: the static body at the anchor).
    /// - Throws: ``UnsupportedFeatureError`` for a combination Chipmunk cannot express.
    init(_ spec: AttachmentSpec, item: End, other: End?, staticBody: OpaquePointer) throws {
        let anchor = spec.anchor.map { cpVect(x: $0.x, y: $0.y) }
        // Offsets are in reference axes at creation; Chipmunk's anchors are in body coordinates.
        let itemPoint = Self.add(item.center, spec.offset)
        let otherPoint: ScenePoint? = other.map { Self.add($0.center, spec.otherOffset) }
        let b = item.body, a = other?.body ?? staticBody
        let anchorB = Self.local(itemPoint, of: item)
        let anchorA: cpVect = if let other, let otherPoint { Self.local(otherPoint, of: other) } else { anchor ?? cpVect(x: 0, y: 0) }
        switch spec.attachmentKind {
        case .distance, .limit:
            guard other != nil || anchor != nil else { throw UnsupportedFeatureError("an attachment to neither an item nor an anchor") }
            let far = otherPoint ?? ScenePoint(x: anchorA.x, y: anchorA.y)
            let initial = hypot(itemPoint.x - far.x, itemPoint.y - far.y)
            let length = spec.length ?? initial
            if spec.attachmentKind == .limit {
                add(cpSlideJointNew(a, b, anchorA, anchorB, 0, length))
                moveAnchor = { cpSlideJointSetAnchorA($0, $1) }
            } else if spec.frequency > 0 {
                // SPEC: the frequency is that of the attachment's own coordinate against its
                // effective mass, so k = m·ω² and c = 2ζ·m·ω (force per point, per pt/s).
                let direction = initial > 0 ? SceneVector(dx: (itemPoint.x - far.x) / initial, dy: (itemPoint.y - far.y) / initial)
                    : SceneVector(dx: 1, dy: 0)
                var inverseMass = Self.inverseMass(item, at: itemPoint, along: direction)
                if let other, let otherPoint { inverseMass += Self.inverseMass(other, at: otherPoint, along: direction) }
                let mass = 1 / inverseMass, omega = 2 * Double.pi * spec.frequency
                add(cpDampedSpringNew(a, b, anchorA, anchorB, length, mass * omega * omega, 2 * spec.damping * mass * omega))
                moveAnchor = { cpDampedSpringSetAnchorA($0, $1) }
            } else {
                let joint = cpPinJointNew(a, b, anchorA, anchorB)!
                cpPinJointSetDist(joint, length)
                add(joint)
                moveAnchor = { cpPinJointSetAnchorA($0, $1) }
            }
        case .pin, .fixed:
            guard let anchor else { throw UnsupportedFeatureError("a \(spec.attachmentKind.rawValue) attachment without an anchor") }
            let pivot = ScenePoint(x: anchor.x, y: anchor.y)
            let onOther: cpVect = if let other { Self.local(pivot, of: other) } else { anchor }
            add(cpPivotJointNew2(a, b, onOther, Self.local(pivot, of: item)))
            moveAnchor = { cpPivotJointSetAnchorA($0, $1) }
            let relative = item.angle - (other?.angle ?? 0)
            if spec.attachmentKind == .fixed {
                add(cpRotaryLimitJointNew(a, b, relative, relative))
            } else if let range = spec.range {
                add(cpRotaryLimitJointNew(a, b, relative + range.lower, relative + range.upper))
            }
        case .sliding:
            guard let anchor, let axis = spec.axis else { throw UnsupportedFeatureError("a sliding attachment without an anchor and axis") }
            let length = hypot(axis.dx, axis.dy)
            let unit = SceneVector(dx: axis.dx / length, dy: axis.dy / length)
            // Without a range the slide is unbounded; a groove of ±10⁶ pt is longer than any
            // scene (reference bounds are at most 10⁵ pt by validation).
            let lower = spec.range?.lower ?? -1e6, upper = spec.range?.upper ?? 1e6
            let pivot = ScenePoint(x: anchor.x, y: anchor.y)
            func groovePoint(_ distance: Double) -> cpVect {
                let world = ScenePoint(x: pivot.x + unit.dx * distance, y: pivot.y + unit.dy * distance)
                return other.map { Self.local(world, of: $0) } ?? cpVect(x: world.x, y: world.y)
            }
            add(cpGrooveJointNew(a, b, groovePoint(lower), groovePoint(upper), Self.local(pivot, of: item)))
            let relative = item.angle - (other?.angle ?? 0)
            add(cpRotaryLimitJointNew(a, b, relative, relative))
            if other == nil {
                moveAnchor = { joint, point in
                    cpGrooveJointSetGrooveA(joint, cpVect(x: point.x + unit.dx * lower, y: point.y + unit.dy * lower))
                    cpGrooveJointSetGrooveB(joint, cpVect(x: point.x + unit.dx * upper, y: point.y + unit.dy * upper))
                }
            }
        }
        if other != nil { moveAnchor = nil }
        anchorConstraint = constraints.first
    }

    /// Moves the anchor of an item–anchor attachment to `point` (world, points).
    func setAnchor(_ point: ScenePoint) {
        guard let moveAnchor, let anchorConstraint else { return }
        moveAnchor(anchorConstraint, cpVect(x: point.x, y: point.y))
    }

    private mutating func add(_ constraint: OpaquePointer?) {
        if let constraint { constraints.append(constraint) }
    }

    private static func add(_ point: ScenePoint, _ offset: SceneVector) -> ScenePoint {
        ScenePoint(x: point.x + offset.dx, y: point.y + offset.dy)
    }

    /// `point` (world) in the body coordinates of `end` at creation.
    private static func local(_ point: ScenePoint, of end: End) -> cpVect {
        let dx = point.x - end.center.x, dy = point.y - end.center.y
        let c = cos(end.angle), s = sin(end.angle)
        return cpVect(x: c * dx + s * dy, y: -s * dx + c * dy)
    }

    /// 1/m + (r × n)²/I for a push at `point` along unit `n`.
    private static func inverseMass(_ end: End, at point: ScenePoint, along n: SceneVector) -> Double {
        let rx = point.x - end.center.x, ry = point.y - end.center.y
        let arm = rx * n.dy - ry * n.dx
        return 1 / end.mass + (end.inertia.isFinite ? arm * arm / end.inertia : 0)
    }
}
