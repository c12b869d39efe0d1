import CChipmunk

/// A ``SceneLayout`` in Chipmunk 7, stepped once per 1/60 s frame with Chipmunk's defaults (10
/// iterations unless `iterations` says otherwise, bounding-box tree, collision slop 0.1, sleeping
/// off). Chipmunk combines friction by product, so every shape gets √f for a pair friction f.
/// Pins are pivot joints; bodies that must not collide share a group. With `sleeps`, groups of
/// bodies slower than 1 pt/s for 0.5 s sleep, as in the other engines.
final class ChipmunkBoxes: BoxScene {
    static let engineName = "Chipmunk 7"
    private let space: OpaquePointer
    private var bodies: [OpaquePointer] = []
    private var shapes: [OpaquePointer] = []
    private var joints: [OpaquePointer] = []

    init(_ layout: SceneLayout, iterations: Int = 10, sleeps: Bool = false) {
        space = cpSpaceNew()
        cpSpaceSetGravity(space, cpv(0, layout.gravity))
        cpSpaceSetIterations(space, Int32(iterations))
        if sleeps {
            cpSpaceSetSleepTimeThreshold(space, 0.5)
            cpSpaceSetIdleSpeedThreshold(space, 1)
        }
        let friction = layout.pairFriction.squareRoot()
        let ground = cpSpaceGetStaticBody(space)
        for segment in layout.segments {
            let shape = cpSpaceAddShape(space, cpSegmentShapeNew(ground, cpv(segment.ax, segment.ay), cpv(segment.bx, segment.by), 0))!
            cpShapeSetFriction(shape, friction)
            cpShapeSetElasticity(shape, 0)
            shapes.append(shape)
        }
        let mass = layout.mass
        for pose in layout.poses {
            let body: OpaquePointer, shape: OpaquePointer
            switch layout.shape {
            case let .box(side):
                body = cpSpaceAddBody(space, cpBodyNew(mass, cpMomentForBox(mass, side, side)))!
                shape = cpBoxShapeNew(body, side, side, 0)
            case let .circle(radius):
                body = cpSpaceAddBody(space, cpBodyNew(mass, cpMomentForCircle(mass, 0, radius, cpvzero)))!
                shape = cpCircleShapeNew(body, radius, cpvzero)
            }
            cpBodySetPosition(body, cpv(pose.x, pose.y))
            cpBodySetAngle(body, pose.angle)
            cpShapeSetFriction(shape, friction)
            cpShapeSetElasticity(shape, 0)
            // One shared group: Chipmunk never collides shapes of the same non-zero group.
            if !layout.collides { cpShapeSetFilter(shape, cpShapeFilterNew(1, ~0, ~0)) }
            cpSpaceAddShape(space, shape)
            bodies.append(body)
            shapes.append(shape)
        }
        for pin in layout.pins {
            let other = pin.b.map { bodies[$0] } ?? ground
            joints.append(cpSpaceAddConstraint(space, cpPivotJointNew(bodies[pin.a], other, cpv(pin.x, pin.y)))!)
        }
    }

    deinit {
        for joint in joints {
            cpSpaceRemoveConstraint(space, joint)
            cpConstraintFree(joint)
        }
        for shape in shapes {
            cpSpaceRemoveShape(space, shape)
            cpShapeFree(shape)
        }
        for body in bodies {
            cpSpaceRemoveBody(space, body)
            cpBodyFree(body)
        }
        cpSpaceFree(space)
    }

    func step() {
        cpSpaceStep(space, 1.0 / 60)
    }

    var poses: [SceneLayout.Pose] {
        bodies.map { body in
            let p = cpBodyGetPosition(body)
            return SceneLayout.Pose(x: p.x, y: p.y, angle: cpBodyGetAngle(body))
        }
    }

    var largestSpeed: Double {
        bodies.map { cpvlength(cpBodyGetVelocity($0)) }.max() ?? 0
    }
}
