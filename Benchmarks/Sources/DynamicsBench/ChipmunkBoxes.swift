import CChipmunk

/// A ``BoxLayout`` in Chipmunk 7, stepped once per 1/60 s frame with Chipmunk's defaults (10
/// iterations unless `iterations` says otherwise, bounding-box tree, collision slop 0.1, sleeping
/// off). Chipmunk combines friction by product, so every shape gets √0.5 for a pair friction of
/// 0.5. With `sleeps`, groups of bodies slower than 1 pt/s for 0.5 s sleep, as in the other engine.
final class ChipmunkBoxes: BoxScene {
    static let engineName = "Chipmunk 7"
    private let space: OpaquePointer
    private var bodies: [OpaquePointer] = []
    private var shapes: [OpaquePointer] = []

    init(_ layout: BoxLayout, iterations: Int = 10, sleeps: Bool = false) {
        space = cpSpaceNew()
        cpSpaceSetGravity(space, cpv(0, BoxLayout.gravity))
        cpSpaceSetIterations(space, Int32(iterations))
        if sleeps {
            cpSpaceSetSleepTimeThreshold(space, 0.5)
            cpSpaceSetIdleSpeedThreshold(space, 1)
        }
        let friction = BoxLayout.pairFriction.squareRoot()
        let (w, floor) = (layout.width, BoxLayout.floor)
        let ground = cpSpaceGetStaticBody(space)
        for (a, b) in [(cpv(0, floor), cpv(w, floor)), (cpv(0, -10 * floor), cpv(0, floor)), (cpv(w, -10 * floor), cpv(w, floor))] {
            let segment = cpSpaceAddShape(space, cpSegmentShapeNew(ground, a, b, 0))!
            cpShapeSetFriction(segment, friction)
            cpShapeSetElasticity(segment, 0)
            shapes.append(segment)
        }
        let size = BoxLayout.boxSize
        for pose in layout.poses {
            let body = cpSpaceAddBody(space, cpBodyNew(BoxLayout.boxMass, cpMomentForBox(BoxLayout.boxMass, size, size)))!
            cpBodySetPosition(body, cpv(pose.x, pose.y))
            cpBodySetAngle(body, pose.angle)
            let shape = cpSpaceAddShape(space, cpBoxShapeNew(body, size, size, 0))!
            cpShapeSetFriction(shape, friction)
            cpShapeSetElasticity(shape, 0)
            bodies.append(body)
            shapes.append(shape)
        }
    }

    deinit {
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

    var centers: [(x: Double, y: Double)] {
        bodies.map { body in
            let p = cpBodyGetPosition(body)
            return (p.x, p.y)
        }
    }

    var largestSpeed: Double {
        bodies.map { cpvlength(cpBodyGetVelocity($0)) }.max() ?? 0
    }
}
